import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMailboxPower, startFakeMailboxPower } from '../../../../test/fake-mailboxpower.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createMailboxPowerApi } from './api.js';
import { createMailboxPowerCore, groupsOf, KEY_REFUSED } from './core.js';
import { NEEDS_REACH, NO_GROUP } from './settings.js';

/*
 * The real Mailbox Power adapter (decision 0104) against a local fake: the key in the `APIKEY`
 * header, connecting (the groups read proves the key, the chosen group must be one of them), the
 * groups list, a lead added to the campaign's group (else the integration's) with the delivery's
 * key, and each answer's meaning for a delivery: 401, 404 and 422 permanent, 429, 5xx, a hang and no
 * answer retried.
 */

let fake: FakeMailboxPower;
let provider: IntegrationProvider;

/** The provider on the fake; a short timeout only where a test waits for one to run out. */
const providerOn = (timeoutMs: number) =>
  createMailboxPowerCore({
    transport: createMailboxPowerApi({ apiBase: `${fake.apiBase}/`, timeoutMs }),
    sandbox: false,
  });

beforeAll(async () => {
  fake = await startFakeMailboxPower();
  // Generous: a loaded machine (CI's two test workers) answered a fake past 1 s.
  provider = providerOn(30_000);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const lead = (overrides: Partial<LeadPayload> = {}): LeadPayload => ({
  id: 'lead-1',
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Mabel',
  last_name: 'Box',
  emails: ['Mabel.Box@Example.com'],
  phones: ['303-555-0188'],
  address: { street: '9 Mail Rd', city: 'Denver', state: 'CO', zip: '80202' },
  page_url: null,
  keyword: null,
  test: false,
  ...overrides,
});

const connection = (
  settings: Record<string, unknown> = { group_id: '11' },
  apiKey = fake.apiKey,
): ProviderConnection => ({
  id: 1,
  companyId: 7,
  settings,
  secrets: { api_key: apiKey },
});

let keys = 0;
const delivery = (
  conn: ProviderConnection,
  campaignSettings: Record<string, unknown> = {},
  l = lead(),
): DeliveryRequest => ({
  connection: conn,
  campaignSettings,
  lead: l,
  idempotencyKey: `msg_${++keys}`,
  attempt: 1,
  saveSecrets: async () => {},
  saveCampaignSettings: async (s) => s,
});

describe('Mailbox Power adapter', () => {
  it('reads groups in the shapes a REST service answers them', () => {
    expect(groupsOf([{ id: 1, name: 'A' }])).toEqual([{ id: '1', name: 'A' }]);
    expect(groupsOf({ data: [{ group_id: 'g2', group_name: 'B' }] })).toEqual([{ id: 'g2', name: 'B' }]);
    expect(groupsOf({ groups: [{ groupId: 3, title: 'C' }, { name: 'no id' }] })).toEqual([
      { id: '3', name: 'C' },
    ]);
    expect(groupsOf('nonsense')).toEqual([]);
  });

  it('connects: the groups read with the APIKEY header; the chosen group must be one of them', async () => {
    const done = await provider.connect({
      companyId: 7,
      settings: { api_key: ` ${fake.apiKey} `, group_id: '12' },
      previous: null,
    });
    expect(done).toEqual({
      settings: { group_id: '12', group_name: 'Past clients' },
      secrets: { api_key: fake.apiKey },
    });
    const [read] = fake.calls('GET /api/clienttether/contacts/groups');
    expect(read?.headers.apikey).toBe(fake.apiKey);
    expect(read?.headers.accept).toBe('application/json');

    // No group yet is fine (chosen once the groups can be offered); a blank key on an edit keeps the saved one.
    const edited = await provider.connect({
      companyId: 7,
      settings: { api_key: '', group_id: '' },
      previous: { id: 1, companyId: 7, settings: done.settings, secrets: done.secrets },
    });
    expect(edited).toEqual({
      settings: { group_id: null, group_name: null },
      secrets: { api_key: fake.apiKey },
    });

    const attempt = (settings: Record<string, unknown>) =>
      provider.connect({ companyId: 7, settings, previous: null });
    await expect(attempt({ api_key: 'wrong' })).rejects.toThrow(
      'Mailbox Power refused the API key: check it and try again.',
    );
    await expect(attempt({ api_key: fake.apiKey, group_id: '99' })).rejects.toThrow(
      'Choose one of your Mailbox Power groups.',
    );
    fake.failNext('GET /api/clienttether/contacts/groups', { status: 502, body: { message: 'Bad gateway' } });
    await expect(attempt({ api_key: fake.apiKey })).rejects.toThrow(
      'Mailbox Power did not answer: try again in a moment.',
    );
    const before = fake.seen.length;
    await expect(attempt({ api_key: '' })).rejects.toThrow('Enter your Mailbox Power API key.');
    await expect(attempt({ api_key: fake.apiKey, group_id: '../1' })).rejects.toThrow(
      'Choose one of your Mailbox Power groups.',
    );
    expect(fake.seen.length).toBe(before);
    expect(fake.problems).toEqual([]);
  });

  it('lists the account’s groups; a refused key is said', async () => {
    expect(await provider.listTargets!(connection(), 'groups', async () => {})).toEqual([
      { id: '11', name: 'New leads' },
      { id: '12', name: 'Past clients' },
    ]);
    await expect(provider.listTargets!(connection({}, 'old-key'), 'groups', async () => {})).rejects.toThrow(
      new ProviderInputError(KEY_REFUSED),
    );
  });

  it("adds the lead to the campaign's group, else the integration's, with the delivery's key", async () => {
    const own = delivery(connection(), { group_id: '12' });
    const result = await provider.deliver(own);
    expect(result).toMatchObject({
      outcome: 'delivered',
      httpStatus: 201,
      request: 'POST /clienttether/contacts (group 12)',
    });
    const [sent] = fake.calls('POST /api/clienttether/contacts');
    expect(sent?.headers).toMatchObject({
      apikey: fake.apiKey,
      'idempotency-key': own.idempotencyKey,
      'content-type': 'application/json',
    });
    expect(sent?.body).toEqual({
      first_name: 'Mabel',
      last_name: 'Box',
      email: 'mabel.box@example.com',
      phone: '303-555-0188',
      address: '9 Mail Rd',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      group_id: '12',
      source: 'Spring promo (20000001)',
    });
    expect(await provider.deliver(delivery(connection()))).toMatchObject({
      outcome: 'delivered',
      request: 'POST /clienttether/contacts (group 11)',
    });
    expect(fake.problems).toEqual([]);
  });

  it('refuses before sending: no group, no way to reach the person, settings no longer valid', async () => {
    expect(await provider.deliver(delivery(connection({})))).toMatchObject({
      outcome: 'refused',
      permanent: true,
      error: NO_GROUP,
    });
    const unreachable = lead({
      emails: [],
      phones: [],
      address: { street: '', city: 'Denver', state: 'CO', zip: '' },
    });
    expect(await provider.deliver(delivery(connection(), {}, unreachable))).toMatchObject({
      outcome: 'refused',
      error: NEEDS_REACH,
    });
    expect(await provider.deliver(delivery(connection(), { group_id: 'a b' }))).toMatchObject({
      outcome: 'refused',
      permanent: true,
    });
    expect(fake.seen).toEqual([]);
  });

  it('401 and 404 are permanent; 429, 503, a hang and a closed port are retried', async () => {
    expect(await provider.deliver(delivery(connection({ group_id: '11' }, 'revoked')))).toMatchObject({
      outcome: 'failed',
      permanent: true,
      httpStatus: 401,
      error: KEY_REFUSED,
    });
    const gone = await provider.deliver(delivery(connection({ group_id: '77' })));
    expect(gone).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 404 });
    expect(gone.error).toBe('Mailbox Power answered HTTP 404: Group not found');
    fake.failNext('POST /api/clienttether/contacts', {
      status: 422,
      body: { errors: { email: ['is invalid'] } },
    });
    expect(await provider.deliver(delivery(connection()))).toMatchObject({
      outcome: 'failed',
      permanent: true,
      error: 'Mailbox Power answered HTTP 422: email is invalid',
    });

    fake.failNext('POST /api/clienttether/contacts', { status: 429, body: { message: 'Slow down' } });
    fake.failNext('POST /api/clienttether/contacts', { status: 503, body: {} });
    fake.failNext('POST /api/clienttether/contacts', 'hang');
    for (const status of [429, 503])
      expect(await provider.deliver(delivery(connection()))).toMatchObject({
        outcome: 'failed',
        permanent: false,
        httpStatus: status,
      });
    const hung = await providerOn(300).deliver(delivery(connection()));
    expect(hung).toMatchObject({ outcome: 'failed', permanent: false });
    expect(hung.error).toMatch(/within 0.3 s/);
    const closed = createMailboxPowerCore({
      transport: createMailboxPowerApi({ apiBase: 'http://127.0.0.1:9/api', timeoutMs: 300 }),
      sandbox: false,
    });
    const down = await closed.deliver(delivery(connection()));
    expect(down).toMatchObject({ outcome: 'failed', permanent: false });
    expect(down.error).toMatch(/^Mailbox Power did not answer/);
  });
});
