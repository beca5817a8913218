import * as oauth from 'oauth4webapi';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  GoogleApiError,
  type GoogleSheetsService,
  type GoogleTokens,
  HEADER,
  KEY_COLUMN,
  LEADS_SHEET,
  ROW_RANGE,
  SHEETS_SCOPE,
  type SpreadsheetInfo,
} from './service.js';

/*
 * Google itself (decision 0098), on its documented endpoints: OAuth 2.0 authorization code with
 * PKCE through oauth4webapi (consent with access_type=offline and prompt=consent, so a refresh token
 * comes back; the token and revocation endpoints), Drive's `about` for who signed in, and the Sheets
 * API v4 for spreadsheets and appended rows. Every request has a deadline. The base URLs are
 * deployment settings (a local fake in tests), never a customer's input: no outbound guard here.
 */

export interface GoogleApiSettings {
  clientId: string;
  clientSecret: string;
  /** Serves `/o/oauth2/v2/auth`, `/token` and `/revoke`; Google's own hosts when absent. */
  oauthBase?: string;
  sheetsBase?: string;
  driveBase?: string;
  /** Per request, connection and answer included (default 15 s). */
  timeoutMs?: number;
}

const trim = (base: string) => base.replace(/\/+$/, '');

function headersOf(init: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init as ConstructorParameters<typeof Headers>[0]).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

export function createGoogleApi(
  settings: GoogleApiSettings,
): GoogleSheetsService & { close(): Promise<void> } {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const oauthBase = settings.oauthBase ? trim(settings.oauthBase) : null;
  const sheetsBase = trim(settings.sheetsBase ?? 'https://sheets.googleapis.com');
  const driveBase = trim(settings.driveBase ?? 'https://www.googleapis.com');
  const as: oauth.AuthorizationServer = {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: oauthBase
      ? `${oauthBase}/o/oauth2/v2/auth`
      : 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: oauthBase ? `${oauthBase}/token` : 'https://oauth2.googleapis.com/token',
    revocation_endpoint: oauthBase ? `${oauthBase}/revoke` : 'https://oauth2.googleapis.com/revoke',
  };
  const client: oauth.Client = { client_id: settings.clientId };
  const clientAuth = oauth.ClientSecretPost(settings.clientSecret);
  const agent = new Agent({
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });

  /** undici's fetch on this agent, with a deadline; a network failure is a GoogleApiError (status 0). */
  async function send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ) {
    try {
      return (await undiciFetch(url, {
        ...init,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeoutMs),
      })) as unknown as Response;
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GoogleApiError(
        0,
        timedOut
          ? `Google did not answer within ${timeoutMs / 1000} s.`
          : `Google could not be reached (${err instanceof Error ? (err.cause as Error | undefined)?.message || err.message : String(err)}).`,
      );
    }
  }

  const oauthOptions = {
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) =>
      send(url, {
        method: init.method,
        headers: headersOf(init.headers),
        body: init.body === undefined || init.body === null ? undefined : String(init.body),
      }),
    [oauth.allowInsecureRequests]: (as.token_endpoint ?? '').startsWith('http:'),
  };

  /** The token endpoint's answer as tokens; its refusals (`invalid_grant`) as GoogleApiError. */
  async function tokensOf(run: () => Promise<oauth.TokenEndpointResponse>): Promise<GoogleTokens> {
    let answer: oauth.TokenEndpointResponse;
    try {
      answer = await run();
    } catch (err) {
      if (err instanceof GoogleApiError) throw err;
      if (err instanceof oauth.ResponseBodyError)
        throw new GoogleApiError(err.status, err.error_description ?? err.error, err.error);
      throw new GoogleApiError(502, `Google's token endpoint answered something unexpected: ${String(err)}`);
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000),
    };
  }

  /** A Google API call with the access token; a non-2xx answer is a GoogleApiError with Google's message. */
  async function call<T>(
    accessToken: string,
    url: string,
    init: { method?: 'GET' | 'POST'; body?: unknown } = {},
  ): Promise<T> {
    const response = await send(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text().catch(() => '');
    if (response.ok) return (text ? JSON.parse(text) : {}) as T;
    let message = `HTTP ${response.status}`;
    try {
      const error = (JSON.parse(text) as { error?: { message?: string } }).error;
      if (error?.message) message = error.message;
    } catch {
      if (text) message = `HTTP ${response.status}: ${text.slice(0, 200)}`;
    }
    throw new GoogleApiError(response.status, message);
  }

  const sheetUrl = (id: string) => `${sheetsBase}/v4/spreadsheets/${encodeURIComponent(id)}`;
  const infoOf = (s: {
    spreadsheetId: string;
    spreadsheetUrl?: string;
    properties?: { title?: string };
  }) => ({
    id: s.spreadsheetId,
    title: s.properties?.title ?? '',
    url: s.spreadsheetUrl ?? `https://docs.google.com/spreadsheets/d/${s.spreadsheetId}/edit`,
  });

  return {
    sandbox: false,

    async authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(as.authorization_endpoint as string);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SHEETS_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      }).toString();
      return url.href;
    },

    exchangeCode({ code, redirectUri, codeVerifier }) {
      return tokensOf(async () => {
        // The callback's state was checked (and used up) by the integrations module.
        const params = oauth.validateAuthResponse(
          as,
          client,
          new URLSearchParams({ code }),
          oauth.skipStateCheck,
        );
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          redirectUri,
          codeVerifier,
          oauthOptions,
        );
        return oauth.processAuthorizationCodeResponse(as, client, response);
      });
    },

    refresh(refreshToken) {
      return tokensOf(async () =>
        oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, oauthOptions),
        ),
      );
    },

    async revoke(token) {
      try {
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, client, clientAuth, token, oauthOptions),
        );
      } catch (err) {
        if (err instanceof GoogleApiError) throw err;
        if (err instanceof oauth.ResponseBodyError)
          throw new GoogleApiError(err.status, err.error_description ?? err.error, err.error);
        throw new GoogleApiError(502, String(err));
      }
    },

    async account(accessToken) {
      const about = await call<{ user?: { emailAddress?: string } }>(
        accessToken,
        `${driveBase}/drive/v3/about?fields=${encodeURIComponent('user(emailAddress,displayName)')}`,
      );
      return { email: about.user?.emailAddress ?? '' };
    },

    async createSpreadsheet(accessToken, title): Promise<SpreadsheetInfo> {
      const created = await call<Parameters<typeof infoOf>[0]>(accessToken, `${sheetsBase}/v4/spreadsheets`, {
        method: 'POST',
        body: {
          properties: { title },
          sheets: [
            {
              properties: { title: LEADS_SHEET, gridProperties: { frozenRowCount: 1 } },
              data: [
                {
                  startRow: 0,
                  startColumn: 0,
                  rowData: [{ values: HEADER.map((h) => ({ userEnteredValue: { stringValue: h } })) }],
                },
              ],
            },
          ],
        },
      });
      return infoOf(created);
    },

    async spreadsheet(accessToken, id) {
      return infoOf(
        await call(
          accessToken,
          `${sheetUrl(id)}?fields=${encodeURIComponent('spreadsheetId,spreadsheetUrl,properties.title')}`,
        ),
      );
    },

    async deliveryKeys(accessToken, id) {
      const column = await call<{ values?: string[][] }>(
        accessToken,
        `${sheetUrl(id)}/values/${encodeURIComponent(KEY_COLUMN)}?majorDimension=COLUMNS`,
      );
      return new Set(column.values?.[0] ?? []);
    },

    async append(accessToken, id, row) {
      const answer = await call<{ updates?: { updatedRange?: string } }>(
        accessToken,
        `${sheetUrl(id)}/values/${encodeURIComponent(ROW_RANGE)}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
        { method: 'POST', body: { range: ROW_RANGE, majorDimension: 'ROWS', values: [row] } },
      );
      return { updatedRange: answer.updates?.updatedRange ?? '' };
    },

    close: () => agent.close(),
  };
}
