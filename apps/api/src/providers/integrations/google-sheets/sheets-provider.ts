import {
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type ProviderConnection,
  ProviderInputError,
} from '../provider.js';
import {
  GOOGLE_SHEETS_SLUG,
  GoogleApiError,
  type GoogleSheetsService,
  type GoogleTokens,
  leadRow,
  type SpreadsheetInfo,
} from './service.js';

/*
 * The Google Sheets provider (decision 0098) over Google or its sandbox: connecting by signing in
 * (the tokens sealed on the connection, the Google account's e-mail in its settings), a spreadsheet
 * per campaign (created on its first lead, titled "<campaign> leads", its id kept in the campaign's
 * settings; or one the campaign names), and one appended row per delivered lead. The access token is
 * refreshed when it is about to expire or Google answers 401, and the new one kept. A retry looks for
 * its delivery id in the sheet first, so a lost answer never writes a lead twice.
 */

export const SIGN_IN_AGAIN = 'Google no longer accepts this connection: sign in to Google again.';
const CONNECT_BY_SIGNING_IN = 'Connect Google Sheets by signing in to Google.';
/** Refreshed this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
const SPREADSHEET_ID = /^[A-Za-z0-9_-]{20,100}$/;

type SaveSecrets = (secrets: Record<string, string>) => Promise<void>;

/** What the integrations module's Google Sheets calls ask of the provider besides deliveries. */
export interface GoogleSheetsProvider extends IntegrationProvider {
  sheets: {
    /** The Google account the connection signs in as, asked of Google (GoogleApiError when refused). */
    account(connection: ProviderConnection, saveSecrets: SaveSecrets): Promise<{ email: string }>;
    /** A spreadsheet as the connection reaches it (GoogleApiError 404 / 403 when it cannot). */
    spreadsheet(
      connection: ProviderConnection,
      id: string,
      saveSecrets: SaveSecrets,
    ): Promise<SpreadsheetInfo>;
    /** What a refusal means, in words for the person reading it. */
    reasonOf(err: unknown, spreadsheetId?: string): string;
  };
}

export const isGoogleSheetsProvider = (p: IntegrationProvider | undefined): p is GoogleSheetsProvider =>
  p !== undefined && p.meta.slug === GOOGLE_SHEETS_SLUG && 'sheets' in p;

/** A spreadsheet id, or the id inside a spreadsheet's address (…/spreadsheets/d/<id>/edit). */
function spreadsheetIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  const id = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? text;
  if (!SPREADSHEET_ID.test(id))
    throw new ProviderInputError('Enter a Google spreadsheet address or id, or leave it empty.');
  return id;
}

const authFailure = (err: unknown) =>
  err instanceof GoogleApiError &&
  (err.status === 401 || err.code === 'invalid_grant' || err.code === 'unauthorized_client');

export function createSheetsProvider(service: GoogleSheetsService): GoogleSheetsProvider {
  /** Campaign spreadsheets being created in this process: a second lead waits for the first's. */
  const creating = new Map<string, Promise<string>>();

  /** The secrets as tokens; a connection without a refresh token cannot go on (sign in again). */
  function tokensOf(connection: ProviderConnection): GoogleTokens & { refreshToken: string } {
    const s = connection.secrets;
    if (!s.refresh_token) throw new GoogleApiError(401, SIGN_IN_AGAIN);
    return {
      accessToken: s.access_token ?? '',
      refreshToken: s.refresh_token,
      expiresAt: new Date(s.expires_at ?? 0),
    };
  }

  const secretsOf = (t: GoogleTokens & { refreshToken: string }) => ({
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    expires_at: t.expiresAt.toISOString(),
  });

  /**
   * Runs `call` with a live access token: refreshed first when it is about to expire, and once more
   * when Google answers 401 (revoked or expired early); each refreshed token is kept.
   */
  async function withToken<T>(
    connection: ProviderConnection,
    saveSecrets: SaveSecrets,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    let tokens = tokensOf(connection);
    let refreshed = false;
    const refresh = async () => {
      const next = await service.refresh(tokens.refreshToken);
      tokens = { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
      refreshed = true;
      connection.secrets = secretsOf(tokens);
      await saveSecrets(connection.secrets);
    };
    if (!tokens.accessToken || tokens.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) await refresh();
    try {
      return await call(tokens.accessToken);
    } catch (err) {
      if (refreshed || !(err instanceof GoogleApiError) || err.status !== 401) throw err;
      await refresh();
      return call(tokens.accessToken);
    }
  }

  function reasonOf(err: unknown, spreadsheetId?: string): string {
    if (authFailure(err)) return SIGN_IN_AGAIN;
    if (!(err instanceof GoogleApiError)) return err instanceof Error ? err.message : String(err);
    const sheet = spreadsheetId ? `spreadsheet ${spreadsheetId}` : 'spreadsheet';
    if (err.status === 404)
      return `Google has no ${sheet} (deleted, or not one this integration created): ${err.message}`;
    if (err.status === 403) return `Google refused access to the ${sheet}: ${err.message}`;
    if (err.status === 0) return err.message;
    return `Google answered HTTP ${err.status}: ${err.message}`;
  }

  /** 401 after a refresh, 403, 404 and other 4xx cannot be fixed by trying again; 429, 5xx and no answer can. */
  const permanent = (err: unknown) =>
    authFailure(err) ||
    (err instanceof GoogleApiError &&
      err.status >= 400 &&
      err.status < 500 &&
      err.status !== 429 &&
      err.status !== 408);

  return {
    close: async () => service.close?.(),
    meta: {
      slug: GOOGLE_SHEETS_SLUG,
      name: 'Google Sheets',
      kind: 'spreadsheet',
      auth: 'oauth',
      description: service.sandbox
        ? 'Sandbox: each campaign’s leads are written to a sandbox spreadsheet, one row per lead, after signing in to a sandbox Google account. Nothing reaches Google.'
        : 'Each campaign’s leads are written to its own Google spreadsheet in your Drive, one row per lead, the moment they are found.',
      connectFields: [],
      campaignFields: [
        {
          name: 'spreadsheet_id',
          label: 'Spreadsheet',
          type: 'text',
          required: false,
          help: 'Leave empty: a spreadsheet is created on the first lead. Google lets this integration write only to spreadsheets it created.',
        },
      ],
      targetKinds: [],
      sandbox: service.sandbox,
    },

    async connect({ previous }) {
      // Signing in is the connection; saving again keeps what the sign-in made.
      if (!previous?.secrets.refresh_token) throw new ProviderInputError(CONNECT_BY_SIGNING_IN);
      return { settings: previous.settings, secrets: previous.secrets };
    },

    async disconnect(connection) {
      // Google ends the whole grant when its refresh token is revoked.
      const token = connection.secrets.refresh_token ?? connection.secrets.access_token;
      if (token) await service.revoke(token);
    },

    oauth: {
      authorizationUrl: (input) => service.authorizationUrl(input),
      async completeAuthorization({ code, redirectUri, codeVerifier }) {
        let tokens: GoogleTokens;
        try {
          tokens = await service.exchangeCode({ code, redirectUri, codeVerifier });
        } catch (err) {
          if (err instanceof GoogleApiError && err.status >= 400 && err.status < 500)
            throw new ProviderInputError(`Google did not accept the sign-in (${err.code ?? err.message}).`);
          throw err;
        }
        if (!tokens.refreshToken)
          throw new ProviderInputError(
            'Google sent no refresh token: remove the app’s access in your Google account and sign in again.',
          );
        const { email } = await service.account(tokens.accessToken);
        return {
          settings: { google_account: email },
          secrets: secretsOf({ ...tokens, refreshToken: tokens.refreshToken }),
        };
      },
    },

    checkCampaignSettings(settings) {
      const id = spreadsheetIdOf(settings.spreadsheet_id);
      return id ? { spreadsheet_id: id } : {};
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const started = performance.now();
      const { connection, lead, idempotencyKey } = request;
      let spreadsheetId: string | null = null;
      let summary = '';
      try {
        spreadsheetId = spreadsheetIdOf(request.campaignSettings.spreadsheet_id);
      } catch (err) {
        return {
          outcome: 'refused',
          permanent: true,
          latencyMs: 0,
          error: err instanceof Error ? err.message : String(err),
          request: '(nothing sent)',
        };
      }
      try {
        const written = await withToken(connection, request.saveSecrets, async (token) => {
          if (!spreadsheetId) {
            const key = lead.test
              ? `${connection.id}:test:${idempotencyKey}`
              : `${connection.id}:${lead.campaign.id}`;
            let pending = creating.get(key);
            if (!pending) {
              pending = (async () => {
                const sheet = await service.createSpreadsheet(token, `${lead.campaign.name} leads`);
                const kept = (await request.saveCampaignSettings?.({ spreadsheet_id: sheet.id })) ?? {};
                return String(kept.spreadsheet_id ?? sheet.id);
              })().finally(() => creating.delete(key));
              creating.set(key, pending);
            }
            spreadsheetId = await pending;
            summary = `created spreadsheet ${spreadsheetId}; `;
          }
          // A retry may follow an append whose answer was lost: its row is then there already.
          if (request.attempt > 1 && (await service.deliveryKeys(token, spreadsheetId)).has(idempotencyKey))
            return null;
          return service.append(token, spreadsheetId, leadRow(lead, idempotencyKey), idempotencyKey);
        });
        return {
          outcome: 'delivered',
          httpStatus: 200,
          latencyMs: performance.now() - started,
          request: `${summary}${
            written ? `appended 1 row (${written.updatedRange})` : 'row already written by an earlier attempt'
          } to spreadsheet ${spreadsheetId}`,
        };
      } catch (err) {
        return {
          outcome: 'failed',
          permanent: permanent(err),
          httpStatus: err instanceof GoogleApiError && err.status > 0 ? err.status : undefined,
          latencyMs: performance.now() - started,
          error: reasonOf(err, spreadsheetId ?? undefined),
          request: `${summary}append 1 row to spreadsheet ${spreadsheetId ?? '(new)'}`,
        };
      }
    },

    sheets: {
      account: (connection, saveSecrets) => withToken(connection, saveSecrets, (t) => service.account(t)),
      spreadsheet: (connection, id, saveSecrets) =>
        withToken(connection, saveSecrets, (t) => service.spreadsheet(t, id)),
      reasonOf,
    },

    ...(service.page ? { page: service.page } : {}),
  };
}
