import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoHighLevel, startFakeGoHighLevel } from '../../../../test/fake-gohighlevel.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createGoHighLevelApi, GHL_API_VERSION } from './api.js';
import { createGoHighLevelCore, SIGN_IN_AGAIN } from './core.js';
import { createGoHighLevelProvider } from './index.js';

/*
 * The real GoHighLevel adapter (decision 0097) against a local fake of LeadConnector API v2: the
 * consent URL, the code exchange with PKCE and the app's credentials, every call's headers and
 * body, the refresh (near expiry, and once on a 401), and how each answer maps to a delivery's
 * outcome: 401 after a refresh and 4xx are permanent, 429, 5xx and no answer are retried.
 */

let fake: FakeGoHighLevel;
let provider: IntegrationProvider;
const REDIRECT = 'https://app.example.com/api/integrations/oauth/callback';

/** The provider on the fake; a short timeout only where a test waits for one to run out. */
const providerOn = (apiBase: string, timeoutMs: number) =>
  createGoHighLevelCore({
    transport: createGoHighLevelApi({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase,
      authorizeUrl: 'https://marketplace.example.com/oauth/chooselocation',
      timeoutMs,
    }),
    sandbox: false,
  });

beforeAll(async () => {
  fake = await startFakeGoHighLevel();
  // Generous: a loaded machine (CI's two test workers) answered the fake past 1 s.
  provider = providerOn(fake.base, 30_000);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const lead = (email: string, overrides: Partial<LeadPayload> = {}): LeadPayload => ({
  id: `lead-${email}`,
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Ivy',
  last_name: 'Integrated',
  emails: [email],
  phones: ['303-555-0199'],
  address: { street: '1 Hook St', city: 'Denver', state: 'CO', zip: '80202' },
  page_url: null,
  keyword: null,
  test: false,
  ...overrides,
});

/** A connection as the callback stores it, with fresh tokens from the fake. */
function connection(expiresInMs = 86_000_000): ProviderConnection {
  const t = fake.issueTokens('loc_1');
  return {
    id: 1,
    companyId: 7,
    settings: { location_id: 'loc_1', location_name: 'Fake location 1', company_id: fake.companyId },
    secrets: {
      access_token: t.access_token,
      refresh_token: t.refresh_token,
      expires_at: new Date(Date.now() + expiresInMs).toISOString(),
    },
  };
}

let keys = 0;
function delivery(conn: ProviderConnection, email: string, settings: Record<string, unknown> = {}) {
  const saved: Record<string, string>[] = [];
  const request: DeliveryRequest = {
    connection: conn,
    campaignSettings: settings,
    lead: lead(email),
    idempotencyKey: `msg_${++keys}`,
    attempt: 1,
    saveSecrets: async (s) => {
      saved.push(s);
    },
    saveCampaignSettings: async (s) => s,
  };
  return { request, saved };
}

describe('GoHighLevel adapter (LeadConnector API v2)', () => {
  it('chooses the real adapter only when the client id and secret are configured', () => {
    const db = {} as never;
    expect(createGoHighLevelProvider({ db, config: { gohighlevel: null } }).meta.sandbox).toBe(true);
    const real = createGoHighLevelProvider({
      db,
      config: {
        gohighlevel: {
          clientId: 'a',
          clientSecret: 'b',
          apiBase: 'https://services.leadconnectorhq.com',
          authorizeUrl: 'https://marketplace.gohighlevel.com/oauth/chooselocation',
        },
      },
    });
    expect(real.meta).toMatchObject({
      slug: 'gohighlevel',
      name: 'GoHighLevel (CRM)',
      kind: 'crm',
      auth: 'oauth',
    });
    expect(real.meta.sandbox).toBe(false);
    expect(real.meta.targetKinds).toEqual(['tags', 'subaccounts']);
    expect(real.page).toBeUndefined();
  });

  it('builds the consent URL with the state, the PKCE challenge and our redirect URI', async () => {
    const url = new URL(
      await provider.oauth!.authorizationUrl({ state: 'st-1', redirectUri: REDIRECT, codeChallenge: 'ch-1' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://marketplace.example.com/oauth/chooselocation');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT,
      state: 'st-1',
      code_challenge: 'ch-1',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')).toContain('contacts.write');
  });

  it('exchanges the code (form-encoded, PKCE, user_type=Location) and keeps the location', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = fake.issueCode({ locationId: 'loc_2', redirectUri: REDIRECT, codeChallenge: challenge });
    const done = await provider.oauth!.completeAuthorization({
      companyId: 7,
      code,
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });
    const [exchange] = fake.calls('POST /oauth/token');
    expect(exchange?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      user_type: 'Location',
    });
    expect(done.settings).toEqual({
      location_id: 'loc_2',
      location_name: 'Fake location 2',
      company_id: fake.companyId,
      user_type: 'Location',
    });
    expect(done.secrets.access_token).toMatch(/^at_/);
    expect(done.secrets.refresh_token).toMatch(/^rt_/);
    const expiresIn = Date.parse(done.secrets.expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(86_000_000);
    expect(expiresIn).toBeLessThanOrEqual(86_400_000);
    // The location's name was read with the new token and the API version.
    const [read] = fake.calls('GET /locations/loc_2');
    expect(read?.headers.authorization).toBe(`Bearer ${done.secrets.access_token}`);
    expect(read?.headers.version).toBe(GHL_API_VERSION);

    // The same code again, or a wrong verifier: refused with GoHighLevel's reason.
    await expect(
      provider.oauth!.completeAuthorization({
        companyId: 7,
        code,
        redirectUri: REDIRECT,
        codeVerifier: verifier,
      }),
    ).rejects.toThrow(ProviderInputError);
    const other = fake.issueCode({ locationId: 'loc_2', redirectUri: REDIRECT, codeChallenge: challenge });
    await expect(
      provider.oauth!.completeAuthorization({
        companyId: 7,
        code: other,
        redirectUri: REDIRECT,
        codeVerifier: randomBytes(32).toString('base64url'),
      }),
    ).rejects.toThrow(/GoHighLevel refused the sign-in: code_verifier mismatch/);
    expect(fake.problems).toEqual([]);
  });

  it('upserts the contact with bearer token, Version and Idempotency-Key; the same e-mail twice is one contact', async () => {
    const conn = connection();
    const first = delivery(conn, 'ivy.one@example.com', { tags: ['Hot', 'new lead', 'hot'] });
    const result = await provider.deliver(first.request);
    expect(result).toMatchObject({ outcome: 'delivered', httpStatus: 201 });
    expect(result.request).toBe('POST /contacts/upsert (location loc_1, 2 tags)');
    const [upsert] = fake.calls('POST /contacts/upsert');
    expect(upsert?.headers).toMatchObject({
      authorization: `Bearer ${conn.secrets.access_token}`,
      version: '2021-07-28',
      'idempotency-key': first.request.idempotencyKey,
      'content-type': 'application/json',
    });
    expect(upsert?.body).toEqual({
      locationId: 'loc_1',
      firstName: 'Ivy',
      lastName: 'Integrated',
      email: 'ivy.one@example.com',
      phone: '303-555-0199',
      address1: '1 Hook St',
      city: 'Denver',
      state: 'CO',
      postalCode: '80202',
      tags: ['hot', 'new lead'],
      source: 'Spring promo (20000001)',
    });
    const again = await provider.deliver(delivery(conn, 'ivy.one@example.com').request);
    expect(again).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
    expect([...fake.contacts.keys()].filter((k) => k === 'loc_1:ivy.one@example.com')).toHaveLength(1);
    expect(first.saved).toEqual([]);
    expect(fake.problems).toEqual([]);
  });

  it('refreshes a token near its expiry before the call, and saves the new tokens', async () => {
    const conn = connection(60_000);
    const { request, saved } = delivery(conn, 'ivy.two@example.com');
    expect(await provider.deliver(request)).toMatchObject({ outcome: 'delivered' });
    const [refresh] = fake.calls('POST /oauth/token');
    expect(refresh?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: conn.secrets.refresh_token,
      user_type: 'Location',
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.access_token).not.toBe(conn.secrets.access_token);
    expect(fake.calls('POST /contacts/upsert')[0]?.headers.authorization).toBe(
      `Bearer ${saved[0]?.access_token}`,
    );
  });

  it('on a 401 refreshes once and sends again; deliveries at the same time share one refresh', async () => {
    const conn = connection();
    fake.expireAccessTokens();
    const a = delivery(conn, 'ivy.three@example.com');
    const b = delivery(conn, 'ivy.four@example.com');
    const results = await Promise.all([provider.deliver(a.request), provider.deliver(b.request)]);
    expect(results.map((r) => r.outcome)).toEqual(['delivered', 'delivered']);
    expect(fake.calls('POST /oauth/token')).toHaveLength(1);
    expect(a.saved.length + b.saved.length).toBe(1);
  });

  it('a 401 after the refresh is permanent, a refused refresh is retried: sign in again', async () => {
    const conn = connection();
    fake.failNext('POST /contacts/upsert', {
      status: 401,
      body: { statusCode: 401, message: 'Invalid JWT' },
    });
    fake.failNext('POST /contacts/upsert', {
      status: 401,
      body: { statusCode: 401, message: 'Invalid JWT' },
    });
    const twice = await provider.deliver(delivery(conn, 'ivy.five@example.com').request);
    expect(twice).toMatchObject({
      outcome: 'failed',
      permanent: true,
      httpStatus: 401,
      error: SIGN_IN_AGAIN,
    });
    expect(fake.calls('POST /oauth/token')).toHaveLength(1);

    const stale = connection();
    stale.secrets.refresh_token = 'rt_unknown';
    fake.expireAccessTokens();
    // A refused refresh is tried again later: another worker may have spent the token and saved new ones.
    const refused = await provider.deliver(delivery(stale, 'ivy.six@example.com').request);
    expect(refused).toMatchObject({ outcome: 'failed', permanent: false, error: SIGN_IN_AGAIN });
  });

  it("maps 422 and 400 to permanent failures with GoHighLevel's message", async () => {
    const conn = connection();
    const bad = await provider.deliver(delivery(conn, 'not-an-email').request);
    expect(bad).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 422 });
    expect(bad.error).toBe('GoHighLevel answered HTTP 422: email must be an email');
    fake.failNext('POST /contacts/upsert', {
      status: 400,
      body: { statusCode: 400, message: 'Duplicated contacts are not allowed' },
    });
    const dup = await provider.deliver(delivery(conn, 'ivy.seven@example.com').request);
    expect(dup).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 400 });
    expect(dup.error).toContain('Duplicated contacts are not allowed');
    // A lead with neither e-mail nor phone is refused before anything is sent.
    const none = delivery(conn, 'x@example.com');
    none.request.lead = lead('', { emails: [], phones: [] });
    expect(await provider.deliver(none.request)).toMatchObject({ outcome: 'refused', permanent: true });
  });

  it('maps 429, 503, a hang and a closed port to retryable failures', async () => {
    const conn = connection();
    fake.failNext('POST /contacts/upsert', { status: 429, body: { statusCode: 429, message: 'Too many' } });
    fake.failNext('POST /contacts/upsert', { status: 503, body: { message: 'Service Unavailable' } });
    fake.failNext('POST /contacts/upsert', 'hang');
    for (const status of [429, 503]) {
      const r = await provider.deliver(delivery(conn, 'ivy.eight@example.com').request);
      expect(r).toMatchObject({ outcome: 'failed', permanent: false, httpStatus: status });
    }
    const hung = await providerOn(fake.base, 300).deliver(delivery(conn, 'ivy.eight@example.com').request);
    expect(hung).toMatchObject({ outcome: 'failed', permanent: false });
    expect(hung.error).toMatch(/did not answer within 0.3 s/);

    const closed = providerOn('http://127.0.0.1:9', 300);
    const down = await closed.deliver(delivery(conn, 'ivy.nine@example.com').request);
    expect(down).toMatchObject({ outcome: 'failed', permanent: false });
    expect(down.error).toMatch(/^GoHighLevel did not answer/);
  });

  it("lists the location's tags and the agency's sub-accounts", async () => {
    const conn = connection();
    const save = async () => {};
    expect(await provider.listTargets!(conn, 'tags', save)).toEqual([
      { id: 'tag_loc_1_1', name: 'existing tag' },
    ]);
    expect(await provider.listTargets!(conn, 'subaccounts', save)).toEqual(
      fake.locations.map((l) => ({ id: l.id, name: l.name })),
    );
    const [search] = fake.calls('GET /locations/search');
    expect(search?.query).toEqual({ companyId: fake.companyId, skip: '0', limit: '100' });
    fake.failNext('GET /locations/loc_1/tags', { status: 503, body: {} });
    await expect(provider.listTargets!(conn, 'tags', save)).rejects.toThrow(ProviderInputError);
    expect(fake.problems).toEqual([]);
  });
});
