import { randomInt } from 'node:crypto';
import { type Database, queryRows, sql } from '@app/db';
import { z } from 'zod';
import { newId, sha256Hex } from '../sandbox-kit/ids.js';
import { createOauthGrants, type TokenHolder } from '../sandbox-kit/oauth-grants.js';
import { createSandboxRecords } from '../sandbox-kit/records.js';
import type { ServiceCall } from '../service-http.js';
import { SENDJIM_SLUG, type SendJimAnswer, type SendJimTransport } from './core.js';
import { SANDBOX_CLIENT_KEY, SANDBOX_PAGE_PATH, sendjimConsentPage } from './sandbox-consent.js';

/*
 * The SendJim sandbox (decision 0105): SendJim's sign-in and the API calls the provider makes,
 * answered from local state in the sandbox tables, the way SendJim answers (HTTP 200 with a
 * non-zero `Code` and a `Message` when it refuses, 401 for a grant token it does not know).
 *
 * Sign-in: the sandbox's page (labelled Sandbox) asks for an account e-mail; each e-mail is its own
 * sandbox account, made on first use with three QuickSends (one without a name, which the product
 * shows as 'Quick Send'), so companies trying the sandbox never share contacts. A request token is
 * good once, for ten minutes; a grant token until the connection is removed (as SendJim's); only
 * their SHA-256 hashes are stored.
 *
 * `POST /contact-quicksend` creates (or updates) the contact, one per name and address, tags
 * united, and records the mail piece the QuickSend would post: one per `Idempotency-Key`, so a
 * delivery sent again after a lost answer finds the piece it made instead of mailing twice.
 */

export { SANDBOX_CLIENT_KEY, SANDBOX_PAGE_PATH } from './sandbox-consent.js';

/** What each new sandbox account holds: its QuickSends (SendJim numbers them). */
export const SANDBOX_QUICKSENDS = [
  { QuickSendID: 7101, Name: 'Sandbox: Just Listed postcard', CreditsCost: 1 },
  { QuickSendID: 7102, Name: 'Sandbox: Thank-you card', CreditsCost: 2 },
  // Unnamed, as SendJim allows: offered as 'Quick Send'.
  { QuickSendID: 7103, Name: '', CreditsCost: 1 },
] as const;

const REQUEST_TOKEN_SECONDS = 10 * 60;
const ZIP = /^\d{5}(-\d{4})?$/;

const refused = (code: number, message: string): SendJimAnswer => ({
  status: 200,
  body: { Code: code, Message: message },
});

const contactQuickSendBody = z.object({
  QuickSendID: z.number().int().positive(),
  ContactData: z.object({
    FirstName: z.string().max(100).optional(),
    LastName: z.string().max(100).optional(),
    StreetAddress: z.string().max(200).optional(),
    StreetAddress2: z.string().max(200).optional(),
    City: z.string().max(100).optional(),
    State: z.string().max(50).optional(),
    PostalCode: z.string().max(20).optional(),
    Email: z.string().max(320).optional(),
    PhoneNumber: z.string().max(40).optional(),
    Tags: z.array(z.string().max(100)).max(100).optional(),
  }),
});

export function createSendJimSandbox(deps: { db: Database }): SendJimTransport & {
  /** The sandbox account of an e-mail (made with its QuickSends on first use). */
  openAccount(email: string): Promise<{ id: number; externalId: string; name: string }>;
} {
  const { db } = deps;
  const grants = createOauthGrants({ db, provider: SENDJIM_SLUG });
  const records = createSandboxRecords({ db, provider: SENDJIM_SLUG });

  async function openAccount(email: string) {
    const address = email.trim().toLowerCase();
    const externalId = `sbx_sj_${sha256Hex(address).slice(0, 20)}`;
    const name = `Sandbox SendJim account (${address})`;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
          values (${SENDJIM_SLUG}, ${externalId}, ${name}, ${JSON.stringify({ sandbox: true, email: address })}::jsonb)
          on conflict (provider, external_id) do update set name = sandbox_integration_accounts.name
          returning id`,
    );
    const id = Number((row as { id: number }).id);
    await records.seed(
      id,
      SANDBOX_QUICKSENDS.map((q) => ({
        kind: 'quicksend',
        key: String(q.QuickSendID),
        data: { ...q, sandbox: true },
      })),
    );
    return { id, externalId, name };
  }

  async function contactQuickSend(account: TokenHolder, body: unknown, idempotencyKey?: string) {
    const parsed = contactQuickSendBody.safeParse(body);
    if (!parsed.success)
      return refused(
        412,
        parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      );
    const { QuickSendID, ContactData: c } = parsed.data;
    const value = (text: string | undefined) => text?.trim() ?? '';
    const [first, last, street, city, state, zip] = [
      c.FirstName,
      c.LastName,
      c.StreetAddress,
      c.City,
      c.State,
      c.PostalCode,
    ].map(value) as [string, string, string, string, string, string];
    if (!first || !last || !street || !city || !state || !zip)
      return refused(412, 'FirstName, LastName, StreetAddress, City, State and PostalCode are required.');
    if (!ZIP.test(zip)) return refused(412, 'PostalCode must be a US ZIP code (12345 or 12345-6789).');
    const quickSend = await records.find(account.id, 'quicksend', String(QuickSendID));
    if (!quickSend) return refused(404, 'QuickSend not found.');

    const tags = [...new Set((c.Tags ?? []).map((t) => t.trim()).filter(Boolean))].sort();
    const { record: contact } = await records.upsert(
      account.id,
      {
        kind: 'contact',
        key: [first, last, street, zip].join('|').toLowerCase(),
        data: {
          id: randomInt(100_000, 2_000_000_000),
          FirstName: first,
          LastName: last,
          StreetAddress: street,
          StreetAddress2: value(c.StreetAddress2) || null,
          City: city,
          State: state,
          PostalCode: zip,
          Email: value(c.Email).toLowerCase() || null,
          PhoneNumber: value(c.PhoneNumber) || null,
          Tags: tags,
          sandbox: true,
        },
      },
      { unionArrays: ['Tags'] },
    );
    // One mail piece per key: a second request with it finds the first piece (seed does nothing twice).
    const piece = {
      id: newId('sbx_mp_'),
      ContactID: contact.id,
      QuickSendID,
      QuickSendName: quickSend.Name,
      CreditsCost: quickSend.CreditsCost,
      idempotency_key: idempotencyKey ?? null,
      status: 'Sandbox: queued for printing (nothing is printed or mailed)',
      sandbox: true,
    };
    const key = idempotencyKey ?? piece.id;
    await records.seed(account.id, [{ kind: 'mailpiece', key, data: piece }]);
    const kept = await records.find(account.id, 'mailpiece', key);
    return {
      status: 200,
      body: {
        Code: 0,
        Message: kept?.id === piece.id ? 'Success' : 'Success (already sent for this Idempotency-Key)',
        ContactID: contact.id,
        MailPieceID: kept?.id ?? piece.id,
      },
    };
  }

  async function call(grantToken: string, request: ServiceCall): Promise<SendJimAnswer> {
    const account = await grants.holder(grantToken);
    if (!account)
      return { status: 401, body: { Message: 'Authorization has been denied for this request.' } };
    const path = new URL(request.path, 'http://sandbox.invalid').pathname;
    if (request.method === 'GET' && path === '/user')
      return {
        status: 200,
        body: {
          UserID: account.id,
          Email: account.data.email ?? null,
          CompanyName: account.name,
          sandbox: true,
        },
      };
    if (request.method === 'GET' && path === '/quicksends') {
      const quickSends = await records.list(account.id, 'quicksend');
      return {
        status: 200,
        body: {
          QuickSends: quickSends.map((q) => ({
            QuickSendID: q.QuickSendID,
            Name: q.Name,
            QuickSendSequences: [{ CreditsCost: q.CreditsCost }],
          })),
        },
      };
    }
    if (request.method === 'POST' && path === '/contact-quicksend')
      return contactQuickSend(account, request.body, request.idempotencyKey);
    return {
      status: 404,
      body: { Message: `No HTTP resource was found that matches the request URI '${path}'.` },
    };
  }

  return {
    openAccount,

    authorizationUrl({ state, redirectUri }) {
      // The sign-in page is served by this app, on the host the person came from.
      const url = new URL(SANDBOX_PAGE_PATH, new URL(redirectUri).origin);
      url.search = new URLSearchParams({
        clientKey: SANDBOX_CLIENT_KEY,
        callbackUrl: redirectUri,
        state,
      }).toString();
      return url.href;
    },

    async grant(requestToken) {
      const taken = await grants.take(requestToken, 'code');
      if (!taken)
        return { ok: false, status: 400, message: 'The request token is not valid or was already used.' };
      if (!taken.live) return { ok: false, status: 400, message: 'The request token has expired.' };
      const grantToken = await grants.issue(
        'access',
        taken.account_id,
        null,
        { grant: taken.data.grant as string },
        'sbx_gt_',
      );
      return { ok: true, grantToken };
    },

    call,

    async revoke(grantToken) {
      await grants.revokeGrants([grantToken]);
    },

    page: sendjimConsentPage({
      async issueRequestToken(email) {
        const account = await openAccount(email);
        const token = await grants.issue(
          'code',
          account.id,
          REQUEST_TOKEN_SECONDS,
          { grant: newId('grant_'), client_key: SANDBOX_CLIENT_KEY },
          'sbx_rq_',
        );
        return { token, expires: new Date(Date.now() + REQUEST_TOKEN_SECONDS * 1000).toISOString() };
      },
    }),
  };
}
