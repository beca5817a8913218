import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeadPayload } from '../provider.js';

/*
 * What the Google Sheets provider asks of Google (decision 0098): OAuth 2.0 (authorization code with
 * PKCE, refresh, revoke), who signed in (Drive's `about`), and three Sheets calls (create a
 * spreadsheet, read one, append rows). `api.ts` makes them against Google's documented endpoints;
 * `sandbox.ts` answers them from the sandbox tables, failing where Google would.
 */

export const GOOGLE_SHEETS_SLUG = 'google-sheets';
export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** The sheet leads are written to in a spreadsheet the provider created. */
export const LEADS_SHEET = 'Leads';

/** One row per lead: these columns, the last one the delivery's id (a retry looks for it). */
export const HEADER = [
  'Captured at',
  'First name',
  'Last name',
  'E-mails',
  'Phones',
  'Street',
  'City',
  'State',
  'Zip',
  'Page URL',
  'Keyword',
  'Campaign',
  'Delivery ID',
] as const;

/** The columns a row spans (A to M), and the column holding the delivery id. */
export const ROW_RANGE = 'A:M';
export const KEY_COLUMN = 'M:M';

/**
 * A lead as one row. Sent with valueInputOption=RAW: Google stores every value as the text given,
 * so a value starting with `=`, `+`, `-` or `@` is never read as a formula.
 */
export function leadRow(lead: LeadPayload, deliveryKey: string): string[] {
  return [
    lead.captured_at,
    lead.first_name,
    lead.last_name,
    lead.emails.join(', '),
    lead.phones.join(', '),
    lead.address.street,
    lead.address.city,
    lead.address.state,
    lead.address.zip,
    lead.page_url ?? '',
    lead.keyword ?? '',
    lead.campaign.name,
    deliveryKey,
  ];
}

export interface GoogleTokens {
  accessToken: string;
  /** Google sends a refresh token with the first consent (prompt=consent); a refresh may omit it. */
  refreshToken?: string;
  expiresAt: Date;
}

export interface SpreadsheetInfo {
  id: string;
  title: string;
  url: string;
}

/**
 * A refusal or failure of Google's: its HTTP status (0 when no answer came) and message. The
 * provider decides what it means for a delivery (`deliveryErrorOf`).
 */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** OAuth's error code (`invalid_grant`) when the token endpoint refused. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

export interface GoogleSheetsService {
  /** A sandbox of Google (labelled so in the app), or Google itself. */
  sandbox: boolean;
  /** Closes the HTTP connections to Google (the real service), at shutdown. */
  close?(): Promise<void>;
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): Promise<string>;
  /** Throws `GoogleApiError` with code `invalid_grant` for a bad, used or expired code, a wrong verifier. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<GoogleTokens>;
  revoke(token: string): Promise<void>;
  /** The signed-in Google account's e-mail address. */
  account(accessToken: string): Promise<{ email: string }>;
  createSpreadsheet(accessToken: string, title: string): Promise<SpreadsheetInfo>;
  spreadsheet(accessToken: string, id: string): Promise<SpreadsheetInfo>;
  /** The delivery ids already written (column M), for a retry to find its row. */
  deliveryKeys(accessToken: string, id: string): Promise<Set<string>>;
  append(
    accessToken: string,
    id: string,
    row: string[],
    deliveryKey: string,
  ): Promise<{ updatedRange: string }>;
  /** The sandbox's consent page. */
  page?: FastifyPluginAsyncZod;
}
