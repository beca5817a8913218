import { createHash } from 'node:crypto';
import { type Database, queryRows, sql } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptForms, escapeHtml, sandboxPage, sandboxPageHeaders } from '../../../lib/sandbox-page.js';
import { PUBLIC } from '../../../plugins/access.js';
import { sha256Hex as hash, randomText as random } from '../sandbox-kit/ids.js';
import {
  GOOGLE_SHEETS_SLUG,
  GoogleApiError,
  type GoogleSheetsService,
  type GoogleTokens,
  HEADER,
  LEADS_SHEET,
  SHEETS_SCOPE,
  type SpreadsheetInfo,
} from './service.js';

/*
 * The Google Sheets sandbox (decision 0098): Google's OAuth and the Sheets calls the provider makes,
 * on local state in the sandbox tables. A sandbox Google account (an e-mail typed on the consent
 * page) is an account; a spreadsheet is an account under it (`external_id` its id) and each row a
 * record (kind `row`, the delivery's id as its idempotency key: a retried append adds no second
 * row). Codes and tokens are kept as SHA-256 hashes. It fails where Google would: a code used twice
 * or for another redirect URI, a wrong PKCE verifier, an expired or revoked token (401), a refresh
 * token revoked or used after it was rotated (`invalid_grant`), an unknown spreadsheet (404) or one
 * of another account (403). Its pages say Sandbox on every line a person reads.
 */

const P = GOOGLE_SHEETS_SLUG;
const AUTHORIZE_PATH = `/sandbox/oauth/${P}/authorize`;
const SHEET_PAGE = `/sandbox/${P}/spreadsheets`;
/** Where the integrations module's OAuth callback is: the only redirect URI this sandbox accepts. */
const CALLBACK_PATH = '/api/integrations/oauth/callback';
const CODE_SECONDS = 10 * 60;
const ACCESS_SECONDS = 60 * 60;
const REFRESH_SECONDS = 180 * 24 * 60 * 60;
/** Google's own limit on a cell's text. */
const CELL_LIMIT = 50_000;

const unauthenticated = () =>
  new GoogleApiError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  );
const invalidGrant = (message: string) => new GoogleApiError(400, message, 'invalid_grant');

type TokenKind = 'code' | 'access' | 'refresh';
interface TokenRow {
  account_id: number;
  data: { grant?: string; redirect_uri?: string; code_challenge?: string };
  expired: boolean;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
}
interface SheetRow {
  id: number;
  external_id: string;
  parent_id: number | null;
  name: string;
}

export function createGoogleSheetsSandbox(deps: { db: Database }): GoogleSheetsService & {
  /** The sandbox's own view of a spreadsheet's rows (tests read what a delivery wrote). */
  rowsOf(spreadsheetId: string): Promise<string[][]>;
} {
  const { db } = deps;

  async function issue(kind: TokenKind, accountId: number, seconds: number, data: Record<string, unknown>) {
    const prefix = kind === 'code' ? '4/sandbox-' : kind === 'access' ? 'ya29.sandbox-' : '1//sandbox-';
    const token = `${prefix}${random(32)}`;
    await db.execute(
      sql`insert into sandbox_integration_tokens (token_hash, provider, kind, account_id, data, expires_at)
          values (${hash(token)}, ${P}, ${kind}, ${accountId}, ${JSON.stringify(data)}::jsonb,
                  now() + make_interval(secs => ${seconds}))`,
    );
    return token;
  }

  async function tokenRow(token: string, kind: TokenKind): Promise<TokenRow | null> {
    const [row] = await queryRows<TokenRow>(
      db,
      sql`select account_id, data, expires_at <= now() as expired, used_at, revoked_at
            from sandbox_integration_tokens
           where token_hash = ${hash(token)} and provider = ${P} and kind = ${kind}`,
    );
    return row ?? null;
  }

  async function tokensFor(accountId: number, grant: string): Promise<GoogleTokens> {
    const accessToken = await issue('access', accountId, ACCESS_SECONDS, { grant });
    const refreshToken = await issue('refresh', accountId, REFRESH_SECONDS, { grant });
    return { accessToken, refreshToken, expiresAt: new Date(Date.now() + ACCESS_SECONDS * 1000) };
  }

  const revokeGrant = (grant: string) =>
    db.execute(
      sql`update sandbox_integration_tokens set revoked_at = now()
           where provider = ${P} and data->>'grant' = ${grant} and revoked_at is null`,
    );

  /** The account a live access token stands for; 401 as Google answers otherwise. */
  async function signedIn(accessToken: string): Promise<number> {
    const row = await tokenRow(accessToken, 'access');
    if (!row || row.expired || row.revoked_at) throw unauthenticated();
    return row.account_id;
  }

  async function userAccount(email: string): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
          values (${P}, ${`user:${email}`}, ${email}, '{"kind":"user"}'::jsonb)
          on conflict (provider, external_id) do update set name = excluded.name
          returning id`,
    );
    return (row as { id: number }).id;
  }

  async function findSheet(id: string): Promise<SheetRow | null> {
    const [row] = await queryRows<SheetRow>(
      db,
      sql`select id, external_id, parent_id, name from sandbox_integration_accounts
           where provider = ${P} and external_id = ${id} and data->>'kind' = 'spreadsheet'`,
    );
    return row ?? null;
  }

  /** The spreadsheet as its owner reaches it: 404 when there is none, 403 when it is another's. */
  async function ownSheet(accessToken: string, id: string): Promise<SheetRow> {
    const accountId = await signedIn(accessToken);
    const sheet = await findSheet(id);
    if (!sheet) throw new GoogleApiError(404, 'Requested entity was not found.');
    if (sheet.parent_id !== accountId) throw new GoogleApiError(403, 'The caller does not have permission');
    return sheet;
  }

  const info = (sheet: SheetRow): SpreadsheetInfo => ({
    id: sheet.external_id,
    title: sheet.name,
    url: `${SHEET_PAGE}/${sheet.external_id}`,
  });

  async function rows(sheetId: number): Promise<{ key: string | null; values: string[] }[]> {
    const found = await queryRows<{ idempotency_key: string | null; data: { values: string[] } }>(
      db,
      sql`select idempotency_key, data from sandbox_integration_records
           where account_id = ${sheetId} and kind = 'row' order by id`,
    );
    return found.map((r) => ({ key: r.idempotency_key, values: r.data.values }));
  }

  const service: GoogleSheetsService = {
    sandbox: true,

    async authorizationUrl({ state, redirectUri, codeChallenge }) {
      // The consent page is served where the app is, as Google's is where Google is.
      const url = new URL(AUTHORIZE_PATH, new URL(redirectUri).origin);
      url.search = new URLSearchParams({
        client_id: 'sandbox-client.apps.googleusercontent.com',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SHEETS_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
      }).toString();
      return url.href;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      // A code is used once, whatever happens next (a second use fails as Google's does).
      const [row] = await queryRows<TokenRow>(
        db,
        sql`update sandbox_integration_tokens set used_at = now()
             where token_hash = ${hash(code)} and provider = ${P} and kind = 'code' and used_at is null
            returning account_id, data, expires_at <= now() as expired, used_at, revoked_at`,
      );
      if (!row || row.expired || row.revoked_at) throw invalidGrant('Malformed auth code.');
      if (row.data.redirect_uri !== redirectUri)
        throw new GoogleApiError(400, 'Bad Request', 'redirect_uri_mismatch');
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      if (row.data.code_challenge !== challenge) throw invalidGrant('Invalid code verifier.');
      return tokensFor(row.account_id, row.data.grant ?? random(12));
    },

    async refresh(refreshToken) {
      const row = await tokenRow(refreshToken, 'refresh');
      if (!row || row.expired || row.revoked_at) throw invalidGrant('Token has been expired or revoked.');
      const grant = row.data.grant ?? '';
      // Rotation: each refresh token is used once; one used again means it leaked, so the grant ends.
      const [taken] = await queryRows<{ account_id: number }>(
        db,
        sql`update sandbox_integration_tokens set used_at = now()
             where token_hash = ${hash(refreshToken)} and used_at is null returning account_id`,
      );
      if (!taken) {
        await revokeGrant(grant);
        throw invalidGrant('Token has been expired or revoked.');
      }
      return tokensFor(row.account_id, grant);
    },

    async revoke(token) {
      const [row] = await queryRows<{ data: { grant?: string } }>(
        db,
        sql`select data from sandbox_integration_tokens
             where token_hash = ${hash(token)} and provider = ${P} and revoked_at is null`,
      );
      if (!row?.data.grant) throw new GoogleApiError(400, 'Token expired or revoked', 'invalid_token');
      await revokeGrant(row.data.grant);
    },

    async account(accessToken) {
      const accountId = await signedIn(accessToken);
      const [row] = await queryRows<{ name: string }>(
        db,
        sql`select name from sandbox_integration_accounts where id = ${accountId}`,
      );
      return { email: row?.name ?? '' };
    },

    async createSpreadsheet(accessToken, title) {
      const accountId = await signedIn(accessToken);
      const name = title.trim();
      if (!name)
        throw new GoogleApiError(400, 'Invalid requests[0]: The spreadsheet title must not be empty.');
      const id = random(33);
      const [created] = await queryRows<SheetRow>(
        db,
        sql`insert into sandbox_integration_accounts (provider, external_id, parent_id, name, data)
            values (${P}, ${id}, ${accountId}, ${name.slice(0, 1000)},
                    ${JSON.stringify({ kind: 'spreadsheet', sheets: [LEADS_SHEET] })}::jsonb)
            returning id, external_id, parent_id, name`,
      );
      const sheet = created as SheetRow;
      await db.execute(
        sql`insert into sandbox_integration_records (provider, account_id, kind, data)
            values (${P}, ${sheet.id}, 'row', ${JSON.stringify({ values: HEADER })}::jsonb)`,
      );
      return info(sheet);
    },

    async spreadsheet(accessToken, id) {
      return info(await ownSheet(accessToken, id));
    },

    async deliveryKeys(accessToken, id) {
      const sheet = await ownSheet(accessToken, id);
      return new Set((await rows(sheet.id)).map((r) => r.values[HEADER.length - 1] ?? ''));
    },

    async append(accessToken, id, row, deliveryKey) {
      const sheet = await ownSheet(accessToken, id);
      if (row.length === 0 || row.length > HEADER.length || row.some((v) => typeof v !== 'string'))
        throw new GoogleApiError(400, `Invalid values[0]: a row has 1 to ${HEADER.length} text values.`);
      if (row.some((v) => v.length > CELL_LIMIT))
        throw new GoogleApiError(
          400,
          `Your input contains more than the maximum of ${CELL_LIMIT} characters in a single cell.`,
        );
      await db.execute(
        sql`insert into sandbox_integration_records (provider, account_id, kind, idempotency_key, data)
            values (${P}, ${sheet.id}, 'row', ${deliveryKey}, ${JSON.stringify({ values: row })}::jsonb)
            on conflict (provider, account_id, idempotency_key) where idempotency_key is not null do nothing`,
      );
      const all = await rows(sheet.id);
      const at = all.findIndex((r) => r.key === deliveryKey) + 1;
      return { updatedRange: `${LEADS_SHEET}!A${at}:M${at}` };
    },

    page: sandboxPages({
      consent: async (input) => {
        if (input.decision === 'deny') return { error: 'access_denied' };
        const accountId = await userAccount(input.email);
        const code = await issue('code', accountId, CODE_SECONDS, {
          grant: random(12),
          redirect_uri: input.redirectUri,
          code_challenge: input.codeChallenge,
          scope: SHEETS_SCOPE,
        });
        return { code };
      },
      sheet: async (id) => {
        const sheet = await findSheet(id);
        if (!sheet) return null;
        const [owner] = await queryRows<{ name: string; n: number }>(
          db,
          sql`select a.name, (select count(*)::int from sandbox_integration_records r
                               where r.account_id = ${sheet.id} and r.kind = 'row') as n
                from sandbox_integration_accounts a where a.id = ${sheet.parent_id}`,
        );
        return { title: sheet.name, owner: owner?.name ?? '', rows: Math.max(0, (owner?.n ?? 1) - 1) };
      },
    }),
  };

  return {
    ...service,
    async rowsOf(spreadsheetId) {
      const sheet = await findSheet(spreadsheetId);
      return sheet ? (await rows(sheet.id)).map((r) => r.values) : [];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The sandbox's pages: Google's consent screen, and a spreadsheet's summary (never its rows).
// ---------------------------------------------------------------------------------------------

const authorizeQuery = z.object({
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(40).optional(),
  scope: z.string().max(1000).optional(),
  state: z.string().max(500).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  access_type: z.string().max(20).optional(),
  prompt: z.string().max(40).optional(),
});
type AuthorizeQuery = z.infer<typeof authorizeQuery>;
const DEFAULT_EMAIL = 'sandbox.user@example.com';
const emailSchema = z.email().max(254);

/** What is wrong with a consent request, as Google's "Error 400: invalid_request" page says. */
function invalidRequest(q: AuthorizeQuery, host: string): string | null {
  if (q.response_type !== 'code') return 'response_type must be "code".';
  if (!q.state) return 'A state is required.';
  if (
    !q.code_challenge ||
    !/^[A-Za-z0-9_-]{43,128}$/.test(q.code_challenge) ||
    q.code_challenge_method !== 'S256'
  )
    return 'A PKCE code_challenge (S256) is required.';
  if (!q.scope?.split(' ').includes(SHEETS_SCOPE)) return `The scope must include ${SHEETS_SCOPE}.`;
  let redirect: URL;
  try {
    redirect = new URL(q.redirect_uri ?? '');
  } catch {
    return 'redirect_uri is not a URL.';
  }
  // The sandbox's registered redirect URI: this app's own OAuth callback, on the host the page is on.
  if (redirect.pathname !== CALLBACK_PATH || redirect.host !== host || redirect.search || redirect.hash)
    return "redirect_uri_mismatch: the redirect URI is not this app's OAuth callback.";
  return null;
}

function sandboxPages(deps: {
  consent(input: {
    decision: 'allow' | 'deny';
    email: string;
    redirectUri: string;
    codeChallenge: string;
  }): Promise<{ code: string } | { error: string }>;
  sheet(id: string): Promise<{ title: string; owner: string; rows: number } | null>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    acceptForms(app);

    app.get(
      AUTHORIZE_PATH,
      { config: { access: PUBLIC }, schema: { hide: true, querystring: authorizeQuery } },
      async (request, reply) => {
        reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
        const problem = invalidRequest(request.query, request.host);
        if (problem)
          return reply.code(400).send(page('Error 400: invalid_request', `<p>${escapeHtml(problem)}</p>`));
        return page('Sign in with Google', consentView(request.query, DEFAULT_EMAIL));
      },
    );

    app.post(
      AUTHORIZE_PATH,
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          hide: true,
          body: authorizeQuery.extend({
            email: z.string().max(254).optional(),
            decision: z.enum(['allow', 'deny']),
          }),
        },
      },
      async (request, reply) => {
        reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
        const { email, decision, ...query } = request.body;
        const problem = invalidRequest(query, request.host);
        if (problem)
          return reply.code(400).send(page('Error 400: invalid_request', `<p>${escapeHtml(problem)}</p>`));
        const address = (email ?? '').trim().toLowerCase();
        if (decision === 'allow' && !emailSchema.safeParse(address).success)
          return reply
            .code(400)
            .send(page('Sign in with Google', consentView(query, email ?? '', 'Enter an e-mail address.')));
        const outcome = await deps.consent({
          decision,
          email: address,
          redirectUri: query.redirect_uri as string,
          codeChallenge: query.code_challenge as string,
        });
        const back = new URL(query.redirect_uri as string);
        if ('code' in outcome) {
          back.searchParams.set('code', outcome.code);
          back.searchParams.set('scope', SHEETS_SCOPE);
        } else back.searchParams.set('error', outcome.error);
        back.searchParams.set('state', query.state as string);
        return reply.redirect(back.href, 303);
      },
    );

    app.get(
      `${SHEET_PAGE}/:id`,
      {
        config: { access: PUBLIC },
        schema: { hide: true, params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/) }) },
      },
      async (request, reply) => {
        reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
        const sheet = await deps.sheet(request.params.id);
        if (!sheet)
          return reply
            .code(404)
            .send(page('Spreadsheet not found', '<p>There is no such sandbox spreadsheet.</p>'));
        return page(
          sheet.title,
          `<dl>
             <dt>Spreadsheet</dt><dd>${escapeHtml(sheet.title)} (sandbox spreadsheet, not in Google Drive)</dd>
             <dt>Owner</dt><dd>${escapeHtml(sheet.owner)} (sandbox Google account)</dd>
             <dt>Lead rows</dt><dd>${sheet.rows}</dd>
           </dl>
           <p>The rows are sandbox data kept by this deployment; their leads are in the app's lead reports.</p>`,
        );
      },
    );
  };
}

function consentView(q: AuthorizeQuery, email: string, error?: string): string {
  const hidden = Object.entries(q)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <p>An app asks to see, edit, create and delete only the specific Google Drive files it uses
       (<code>${escapeHtml(SHEETS_SCOPE)}</code>): the spreadsheets it creates for your campaigns' leads.</p>
    <form method="post">
      ${hidden}
      <label for="email">Sandbox Google account</label>
      <input id="email" name="email" type="email" value="${escapeHtml(email)}" autocomplete="off">
      <p class="hint">Any address: the sandbox keeps a sandbox account for it. No Google account is used.</p>
      <div class="actions">
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
      </div>
    </form>`;
}

const PAGE_HEADERS = sandboxPageHeaders("'self'");

const page = (title: string, body: string) =>
  sandboxPage({
    title,
    body,
    banner: 'SANDBOX — Google Sheets test mode: no real Google account, no real spreadsheet',
    width: 36,
    style: `
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type=email] { font: inherit; width: 100%; padding: 0.45rem; box-sizing: border-box; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; } dt { font-weight: 600; } dd { margin: 0; }
  .hint { color: #555; font-size: 0.9rem; }
  .actions { margin-top: 1rem; }`,
  });
