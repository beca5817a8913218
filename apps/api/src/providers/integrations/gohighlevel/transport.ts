import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/*
 * GoHighLevel as the provider sees it (decision 0097): the OAuth endpoints and the API calls, which
 * the real API (`api.ts`) and the sandbox (`sandbox.ts`) both implement, and how GoHighLevel words
 * its refusals.
 */

export const SIGN_IN_AGAIN = 'Sign in to GoHighLevel again: the connection was refused.';

/** What the token endpoint answers (`user_type=Location`). */
export interface GhlTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  locationId?: string;
  companyId?: string;
  userType?: string;
}

/** A token endpoint's answer: tokens, or why not (status 0: no answer). */
export type TokenAnswer =
  | { ok: true; tokens: GhlTokens }
  | { ok: false; status: number; error: string; message: string };

/** An API call's answer: the status (0 when there was no answer) and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Why there was no answer (status 0). */
  message?: string;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under the API base, with its query string (`/locations/search?companyId=…`). */
  path: string;
  body?: unknown;
  idempotencyKey?: string;
}

/** GoHighLevel as the provider sees it: the OAuth endpoints and the API. */
export interface GhlTransport {
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenAnswer>;
  refresh(refreshToken: string): Promise<TokenAnswer>;
  call(accessToken: string, request: ApiCall): Promise<ApiAnswer>;
  /** Revokes the connection's tokens (the sandbox; GoHighLevel has no revocation endpoint). */
  revoke?(secrets: Record<string, string>): Promise<void>;
  /** The consent page, when the transport serves it (the sandbox). */
  page?: FastifyPluginAsyncZod;
}

/** The message of a GoHighLevel error body (`{ statusCode, message: string | string[] }`). */
export function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; msg?: unknown };
    const m = b.message ?? b.msg ?? b.error;
    if (Array.isArray(m)) return m.map(String).join('; ').slice(0, 500);
    if (typeof m === 'string' && m) return m.slice(0, 500);
  }
  return `GoHighLevel answered HTTP ${status}.`;
}
