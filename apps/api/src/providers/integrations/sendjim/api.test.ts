import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSendJim, startFakeSendJim } from '../../../../test/fake-sendjim.js';
import { loadConfig } from '../../../config.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createSendJimApi } from './api.js';
import { createSendJimCore, MAYBE_MAILED, NEEDS_ADDRESS, NO_QUICKSEND, SIGN_IN_AGAIN } from './core.js';
import { createSendJimProvider } from './index.js';

/*
 * The real SendJim adapter (decision 0105) against a local fake of its Public API v3: the sign-in
 * URL, the grant exchange with the app's key and secret, every call's headers and body, the
 * QuickSends with the 'Quick Send' label, and how each answer maps to a delivery's outcome: a
 * refusal in the body's `Code` or a 4xx is permanent, 401 means signing in again (SendJim has no
 * refresh), 429, 5xx and a connection never made are retried, and no answer after the mail piece
 * was sent is given up (it may have been mailed).
 */

let fake: FakeSendJim;
let provider: IntegrationProvider;
const CALLBACK = 'https://app.example.com/api/integrations/oauth/callback';

/**
 * The API on the fake. Generous by default: a loaded machine (CI's two test workers) answered a fake
 * past 1 s; a short timeout only where a test waits for one to run out.
 */
const apiOf = (f: FakeSendJim, apiBase = f.apiBase, timeoutMs = 30_000) =>
  createSendJimApi({
    clientKey: f.clientKey,
    clientSecret: f.clientSecret,
    apiBase,
    oauthBase: f.oauthBase,
    timeoutMs,
  });

beforeAll(async () => {
  fake = await startFakeSendJim();
  provider = createSendJimCore({ transport: apiOf(fake), sandbox: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
  fake.mailed.length = 0;
});

const lead = (overrides: Partial<LeadPayload> = {}): LeadPayload => ({
  id: 'lead-1',
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Mae',
  last_name: 'Mailer',
  emails: [' Mae.Mailer@Example.com '],
  phones: ['(303) 555-0199'],
  address: { street: '12 Post Rd', city: 'Denver', state: 'CO', zip: '80202' },
  page_url: null,
  keyword: null,
  test: false,
  ...overrides,
});

const connection = (settings: Record<string, unknown> = { quicksend_id: '501' }): ProviderConnection => ({
  id: 1,
  companyId: 7,
  settings: { account_name: 'Fake Realty', ...settings },
  secrets: { grant_token: fake.issueGrant() },
});

let keys = 0;
const delivery = (
  conn: ProviderConnection,
  campaignSettings: Record<string, unknown> = {},
  l: LeadPayload = lead(),
): DeliveryRequest => ({
  connection: conn,
  campaignSettings,
  lead: l,
  idempotencyKey: `msg_${++keys}`,
  attempt: 1,
  saveSecrets: async () => {
    throw new Error('SendJim has no refresh: nothing to save');
  },
});

describe('SendJim adapter (Public API v3)', () => {
  it('chooses the real adapter only when the client key and secret are configured', () => {
    const db = {} as never;
    const sandbox = createSendJimProvider({ db, config: { sendjim: null } });
    expect(sandbox.meta.sandbox).toBe(true);
    expect(typeof sandbox.page).toBe('function');
    const real = createSendJimProvider({
      db,
      config: {
        sendjim: {
          clientKey: 'k',
          clientSecret: 's',
          apiBase: 'https://api.sendjim.com/api',
          oauthBase: 'https://members.sendjim.com',
        },
      },
    });
    expect(real.meta).toMatchObject({
      slug: 'sendjim',
      name: 'SendJim (direct mail)',
      kind: 'direct-mail',
      auth: 'oauth',
      sandbox: false,
      targetKinds: ['quicksends'],
    });
    expect(real.meta.campaignFields.map((f) => [f.name, f.type, f.targets])).toEqual([
      ['quicksend_id', 'select', 'quicksends'],
      ['tags', 'tags', undefined],
    ]);
    expect(real.meta.connectFields.map((f) => f.name)).toEqual(['quicksend_id']);
    expect(real.page).toBeUndefined();
    // The configuration: both or neither, defaults to SendJim's own addresses.
    expect(() => loadConfig({ SENDJIM_CLIENT_KEY: 'k' })).toThrow(
      /SENDJIM_CLIENT_KEY and SENDJIM_CLIENT_SECRET/,
    );
    expect(loadConfig({ SENDJIM_CLIENT_KEY: 'k', SENDJIM_CLIENT_SECRET: 's' }).sendjim).toEqual({
      clientKey: 'k',
      clientSecret: 's',
      apiBase: 'https://api.sendjim.com/api',
      oauthBase: 'https://members.sendjim.com',
    });
    expect(loadConfig({}).sendjim).toBeNull();
  });

  it('builds the sign-in URL with the client key, our callback and the state (no PKCE: SendJim takes none)', async () => {
    const url = new URL(
      await provider.oauth!.authorizationUrl({ state: 'st-1', redirectUri: CALLBACK, codeChallenge: 'ch-1' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.oauthBase}/OAuth/Account`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientKey: fake.clientKey,
      callbackUrl: CALLBACK,
      state: 'st-1',
    });
  });

  it('trades the request token for a grant token (JSON, key and secret) and names the account', async () => {
    const requestToken = fake.issueRequestToken();
    const done = await provider.oauth!.completeAuthorization({
      companyId: 7,
      code: requestToken,
      redirectUri: CALLBACK,
      codeVerifier: 'unused',
    });
    const [grant] = fake.calls('POST /OAuth/Grant');
    expect(grant?.body).toEqual({
      ClientKey: fake.clientKey,
      ClientSecret: fake.clientSecret,
      RequestToken: requestToken,
    });
    expect(grant?.headers['content-type']).toMatch(/^application\/json/);
    expect(done.settings).toEqual({ account_name: 'Fake Realty' });
    expect(done.secrets.grant_token).toMatch(/^gt_/);
    const [user] = fake.calls('GET /api/user');
    expect(user?.headers.authorization).toBe(`Token ${done.secrets.grant_token}`);
    expect(fake.problems).toEqual([]);

    // The same request token again: SendJim refuses it, said to the person.
    await expect(
      provider.oauth!.completeAuthorization({
        companyId: 7,
        code: requestToken,
        redirectUri: CALLBACK,
        codeVerifier: '',
      }),
    ).rejects.toThrow(
      new ProviderInputError('SendJim refused the sign-in: Request token is invalid or expired.'),
    );
    // SendJim down: try again later.
    fake.failNext('POST /OAuth/Grant', { status: 503, body: { Message: 'Service Unavailable' } });
    await expect(
      provider.oauth!.completeAuthorization({
        companyId: 7,
        code: fake.issueRequestToken(),
        redirectUri: CALLBACK,
        codeVerifier: '',
      }),
    ).rejects.toThrow('SendJim did not answer: try connecting again in a moment.');
  });

  it("lists the account's QuickSends, an unnamed one as 'Quick Send'", async () => {
    const conn = connection();
    const list = await provider.listTargets!(conn, 'quicksends', async () => undefined);
    expect(list).toEqual([
      { id: '501', name: 'Just Sold postcard' },
      { id: '502', name: 'Quick Send' },
    ]);
    const [call] = fake.calls('GET /api/quicksends');
    expect(call?.headers).toMatchObject({
      authorization: `Token ${conn.secrets.grant_token}`,
      api_version: '3',
    });
    expect(await provider.listTargets!(conn, 'tags', async () => undefined)).toEqual([]);
    // A grant SendJim no longer knows: sign in again.
    await expect(
      provider.listTargets!(
        { ...conn, secrets: { grant_token: 'gt_unknown' } },
        'quicksends',
        async () => undefined,
      ),
    ).rejects.toThrow(new ProviderInputError(SIGN_IN_AGAIN));
  });

  it("mails the campaign's QuickSend to the lead's contact, with the tags and the delivery's key", async () => {
    const request = delivery(connection(), { quicksend_id: '502', tags: ['Spring', ' spring ', 'hot'] });
    const result = await provider.deliver(request);
    expect(result).toMatchObject({
      outcome: 'delivered',
      httpStatus: 200,
      request: 'POST /contact-quicksend (QuickSend 502, 2 tags)',
    });
    const [call] = fake.calls('POST /api/contact-quicksend');
    expect(call?.body).toEqual({
      QuickSendID: 502,
      ContactData: {
        FirstName: 'Mae',
        LastName: 'Mailer',
        StreetAddress: '12 Post Rd',
        City: 'Denver',
        State: 'CO',
        PostalCode: '80202',
        Email: 'mae.mailer@example.com',
        PhoneNumber: '3035550199',
        Tags: ['Spring', 'hot'],
      },
    });
    expect(call?.headers).toMatchObject({
      authorization: `Token ${request.connection.secrets.grant_token}`,
      api_version: '3',
      'idempotency-key': request.idempotencyKey,
    });
    expect(fake.problems).toEqual([]);
    // No campaign QuickSend: the connection's default one.
    expect(await provider.deliver(delivery(connection({ quicksend_id: '501' })))).toMatchObject({
      outcome: 'delivered',
      request: 'POST /contact-quicksend (QuickSend 501, 0 tags)',
    });
    expect(fake.mailed.map((m) => m.QuickSendID)).toEqual([502, 501]);
  });

  it('refuses before sending: no QuickSend chosen, a lead without a postal address, bad stored settings', async () => {
    const none = await provider.deliver(delivery(connection({})));
    expect(none).toMatchObject({ outcome: 'refused', permanent: true, error: NO_QUICKSEND });
    const noStreet = await provider.deliver(
      delivery(
        connection(),
        {},
        lead({ address: { street: ' ', city: 'Denver', state: 'CO', zip: '80202' } }),
      ),
    );
    expect(noStreet).toMatchObject({ outcome: 'refused', permanent: true, error: NEEDS_ADDRESS });
    const noName = await provider.deliver(delivery(connection(), {}, lead({ last_name: '' })));
    expect(noName).toMatchObject({ outcome: 'refused', error: NEEDS_ADDRESS });
    const stale = await provider.deliver(delivery(connection(), { quicksend_id: 'abc' }));
    expect(stale).toMatchObject({
      outcome: 'refused',
      permanent: true,
      error: 'Choose one of your SendJim QuickSends.',
    });
    expect(fake.calls('POST /api/contact-quicksend')).toEqual([]);
  });

  it("maps SendJim's answers: refusals given up, 401 sign in again, 429 / 5xx / no connection retried", async () => {
    const conn = connection();
    const cases: [{ status: number; body: unknown }, Record<string, unknown>][] = [
      [
        { status: 200, body: { Code: 404, Message: 'QuickSend not found.' } },
        { outcome: 'failed', permanent: true, error: 'SendJim refused it (code 404): QuickSend not found.' },
      ],
      [
        { status: 200, body: { Code: 412, Message: 'PostalCode is required.' } },
        {
          outcome: 'failed',
          permanent: true,
          error: 'SendJim refused it (code 412): PostalCode is required.',
        },
      ],
      [
        { status: 200, body: { Code: 500, Message: 'Server error.' } },
        { outcome: 'failed', permanent: false },
      ],
      [
        { status: 400, body: { Message: 'The request is invalid.' } },
        { outcome: 'failed', permanent: true },
      ],
      [
        { status: 401, body: { Message: 'Denied' } },
        { outcome: 'failed', permanent: true, error: SIGN_IN_AGAIN },
      ],
      [
        { status: 429, body: {} },
        { outcome: 'failed', permanent: false, httpStatus: 429 },
      ],
      [
        { status: 503, body: {} },
        { outcome: 'failed', permanent: false, httpStatus: 503 },
      ],
    ];
    for (const [answer, expected] of cases) {
      fake.failNext('POST /api/contact-quicksend', answer);
      expect(await provider.deliver(delivery(conn)), JSON.stringify(answer)).toMatchObject(expected);
    }
    // The account removed the app: every grant refused, no refresh to try.
    fake.endGrants();
    expect(await provider.deliver(delivery(conn))).toMatchObject({
      outcome: 'failed',
      permanent: true,
      httpStatus: 401,
      error: SIGN_IN_AGAIN,
    });
  });

  it('gives up a mail piece whose answer never came (it may be mailed), retries one never sent', async () => {
    fake.failNext('POST /api/contact-quicksend', 'hang');
    const impatient = createSendJimCore({ transport: apiOf(fake, fake.apiBase, 300), sandbox: false });
    const hung = await impatient.deliver(delivery(connection()));
    expect(hung).toMatchObject({ outcome: 'failed', permanent: true });
    expect(hung.error).toContain(MAYBE_MAILED);

    // A port nothing listens on: the connection is refused, nothing reached SendJim.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createSendJimCore({
      transport: apiOf(fake, `http://127.0.0.1:${port}/api`),
      sandbox: false,
    });
    const refused = await unreachable.deliver(delivery(connection()));
    expect(refused).toMatchObject({ outcome: 'failed', permanent: false });
    expect(refused.error).toMatch(/^SendJim did not answer: .*ECONNREFUSED/);
  });

  it('a test payload checks the sign-in and the QuickSend without mailing anything', async () => {
    const ok = await provider.deliver(delivery(connection(), {}, lead({ test: true })));
    expect(ok).toMatchObject({
      outcome: 'delivered',
      request: 'GET /quicksends (test payload: QuickSend 501 checked, nothing mailed)',
    });
    const gone = await provider.deliver(
      delivery(connection(), { quicksend_id: '999' }, lead({ test: true })),
    );
    expect(gone).toMatchObject({ outcome: 'failed', permanent: true });
    expect(gone.error).toBe(
      'QuickSend 999 is not in the SendJim account: Choose one of your SendJim QuickSends.',
    );
    expect(fake.calls('POST /api/contact-quicksend')).toEqual([]);
  });

  it('edits the default QuickSend once signed in: one of the account’s, or none', async () => {
    const previous = connection({ quicksend_id: '501' });
    const changed = await provider.connect({ companyId: 7, settings: { quicksend_id: '502' }, previous });
    expect(changed).toEqual({
      settings: { account_name: 'Fake Realty', quicksend_id: '502' },
      secrets: previous.secrets,
    });
    const cleared = await provider.connect({ companyId: 7, settings: {}, previous });
    expect(cleared.settings).toEqual({ account_name: 'Fake Realty' });
    await expect(
      provider.connect({ companyId: 7, settings: { quicksend_id: '999' }, previous }),
    ).rejects.toThrow('Choose one of your SendJim QuickSends.');
    await expect(
      provider.connect({ companyId: 7, settings: { quicksend_id: '501' }, previous: null }),
    ).rejects.toThrow('Connect SendJim by signing in to it.');
  });
});
