import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeKartra, startFakeKartra } from '../../../../test/fake-kartra.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createKartraApi } from './api.js';
import { createKartraCore } from './core.js';
import { KARTRA_NEEDS_EMAIL, KARTRA_REFUSED } from './settings.js';

/*
 * The real Kartra adapter (decision 0103) against a local fake of its inbound API: every call one
 * form-encoded POST with the platform's app id and the company's key and password; connecting
 * reads the account's lists (a wrong key or password refused with Kartra's message); lists and
 * tags by name; a lead created with its list and tags in one call, and sent again (a retry after a
 * lost answer, or the same person from another campaign) edited rather than duplicated; Kartra's
 * refusals (HTTP 200 with status Error) permanent, 429, 5xx, a hang and no answer retried.
 */

let fake: FakeKartra;
let provider: IntegrationProvider;

/** The provider on the fake; a short timeout only where a test waits for one to run out. */
const providerOn = (timeoutMs: number) =>
  createKartraCore({
    transport: createKartraApi({ appId: fake.appId, apiUrl: fake.apiUrl, timeoutMs }),
    sandbox: false,
  });

beforeAll(async () => {
  fake = await startFakeKartra();
  // Generous: a loaded machine (CI's two test workers) answered a fake past 1 s.
  provider = providerOn(30_000);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const lead = (email: string): LeadPayload => ({
  id: `lead-${email}`,
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Kara',
  last_name: 'Tra',
  emails: [email],
  phones: ['303-555-0199'],
  address: { street: '9 Kart Rd', city: 'Reno', state: 'NV', zip: '89501' },
  page_url: null,
  keyword: null,
  test: false,
});

let ids = 0;
const connection = (secrets: Record<string, string> = {}): ProviderConnection => ({
  id: ++ids,
  companyId: 7,
  settings: {},
  secrets: { api_key: fake.apiKey, api_password: fake.apiPassword, ...secrets },
});
const delivery = (
  conn: ProviderConnection,
  email: string,
  settings: Record<string, unknown> = {},
): DeliveryRequest => ({
  connection: conn,
  campaignSettings: settings,
  lead: lead(email),
  idempotencyKey: `msg_${++ids}`,
  attempt: 1,
  saveSecrets: async () => {},
});

describe('Kartra adapter (inbound API)', () => {
  it('connects: one form POST with the app id, key and password, reading the lists; both kept as secrets', async () => {
    const done = await provider.connect({
      companyId: 7,
      settings: { api_key: ` ${fake.apiKey} `, api_password: fake.apiPassword },
      previous: null,
    });
    expect(done).toEqual({
      settings: { api_key_hint: `…${fake.apiKey.slice(-4)}` },
      secrets: { api_key: fake.apiKey, api_password: fake.apiPassword },
    });
    const [call] = fake.seen;
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      app_id: fake.appId,
      api_key: fake.apiKey,
      api_password: fake.apiPassword,
      'actions[0][cmd]': 'retrieve_account_lists',
    });
    expect(call?.headers['user-agent']).toMatch(/LeadOrbit/);
    // Editing without typing them again keeps the saved ones.
    expect((await provider.connect({ companyId: 7, settings: {}, previous: connection() })).secrets).toEqual({
      api_key: fake.apiKey,
      api_password: fake.apiPassword,
    });
    expect(fake.problems).toEqual([]);
  });

  it('refuses a wrong key or password with Kartra’s message, and missing credentials', async () => {
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: 'wrong', api_password: 'x' }, previous: null }),
    ).rejects.toThrow(
      new ProviderInputError(`${KARTRA_REFUSED} (API key not valid. Please get an API key first)`),
    );
    await expect(
      provider.connect({
        companyId: 7,
        settings: { api_key: fake.apiKey, api_password: 'x' },
        previous: null,
      }),
    ).rejects.toThrow('API password not valid. Please get an API password first');
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: fake.apiKey }, previous: null }),
    ).rejects.toThrow('Enter your Kartra API key and API password.');
    const noApp = createKartraCore({
      transport: createKartraApi({ appId: 'not-ours', apiUrl: fake.apiUrl }),
      sandbox: false,
    });
    await expect(noApp.listTargets?.(connection(), 'lists', async () => {})).rejects.toThrow(
      'App Id is not valid. The app does not exists or is inactive',
    );
  });

  it('lists lists and tags by name', async () => {
    expect(await provider.listTargets?.(connection(), 'lists', async () => {})).toEqual([
      { id: 'Newsletter', name: 'Newsletter' },
      { id: 'Buyers', name: 'Buyers' },
    ]);
    expect(await provider.listTargets?.(connection(), 'tags', async () => {})).toEqual([
      { id: 'new lead', name: 'new lead' },
      { id: 'hot', name: 'hot' },
    ]);
    expect(fake.seen.map((s) => s.actions)).toEqual([
      [{ cmd: 'retrieve_account_lists' }],
      [{ cmd: 'retrieve_account_tags' }],
    ]);
    // Kartra documents the names as a JSON-encoded string: read that too.
    fake.failNext({ status: 200, body: { status: 'Success', account_lists: '["A list","B list"]' } });
    expect(await provider.listTargets?.(connection(), 'lists', async () => {})).toEqual([
      { id: 'A list', name: 'A list' },
      { id: 'B list', name: 'B list' },
    ]);
  });

  it('creates a lead with its list and tags in one call; sent again, edits the same lead', async () => {
    const settings = { list_name: 'Buyers', tags: ['hot', 'new lead'] };
    const first = await provider.deliver(delivery(connection(), 'Kim@Example.com', settings));
    expect(first).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
    expect(first.request).toBe('POST /api create_lead (list Buyers, 2 tags)');
    expect(fake.seen).toHaveLength(1);
    expect(Object.fromEntries(fake.seen[0]?.form ?? [])).toMatchObject({
      'lead[email]': 'kim@example.com',
      'lead[first_name]': 'Kara',
      'lead[last_name]': 'Tra',
      'lead[phone]': '303-555-0199',
      'lead[address]': '9 Kart Rd',
      'lead[city]': 'Reno',
      'lead[state]': 'NV',
      'lead[zip]': '89501',
      'actions[0][cmd]': 'create_lead',
      'actions[1][cmd]': 'subscribe_lead_to_list',
      'actions[1][list_name]': 'Buyers',
      'actions[2][cmd]': 'assign_tag',
      'actions[2][tag_name]': 'hot',
      'actions[3][cmd]': 'assign_tag',
      'actions[3][tag_name]': 'new lead',
    });
    // The same lead again: Kartra says it exists, so the same actions with edit_lead.
    const again = await provider.deliver(delivery(connection(), 'kim@example.com', settings));
    expect(again).toMatchObject({ outcome: 'delivered' });
    expect(again.request).toBe('POST /api create_lead → edit_lead (list Buyers, 2 tags)');
    expect(fake.seen.slice(1).map((s) => s.actions[0]?.cmd)).toEqual(['create_lead', 'edit_lead']);
    expect([...fake.leads.keys()].filter((e) => e === 'kim@example.com')).toHaveLength(1);
    expect(fake.leads.get('kim@example.com')).toMatchObject({
      lists: new Set(['Buyers']),
      tags: new Set(['hot', 'new lead']),
    });
    expect(fake.problems).toEqual([]);
  });

  it('maps answers: Kartra’s refusals (HTTP 200, status Error) permanent; 429, 5xx, a hang and no answer retried', async () => {
    const noList = await provider.deliver(delivery(connection(), 'lu@example.com', { list_name: 'Gone' }));
    expect(noList).toMatchObject({
      outcome: 'failed',
      permanent: true,
      httpStatus: 200,
      error: 'Kartra refused: List does not exist',
    });
    const badKey = await provider.deliver(
      delivery(connection({ api_password: 'changed' }), 'lu@example.com'),
    );
    expect(badKey).toMatchObject({ outcome: 'failed', permanent: true });
    expect(badKey.error).toBe(`${KARTRA_REFUSED} (API password not valid. Please get an API password first)`);
    for (const status of [429, 500, 502]) {
      fake.failNext({ status, body: { message: 'Too many requests' } });
      expect(await provider.deliver(delivery(connection(), 'mo@example.com'))).toMatchObject({
        outcome: 'failed',
        permanent: false,
        httpStatus: status,
      });
    }
    fake.failNext({ status: 400, body: {} });
    expect(await provider.deliver(delivery(connection(), 'mo@example.com'))).toMatchObject({
      permanent: true,
      httpStatus: 400,
    });
    fake.failNext({ status: 401, body: {} });
    expect(await provider.deliver(delivery(connection(), 'mo@example.com'))).toMatchObject({
      permanent: true,
      httpStatus: 401,
    });
    fake.failNext('hang');
    const hung = await providerOn(300).deliver(delivery(connection(), 'mo@example.com'));
    expect(hung).toMatchObject({ outcome: 'failed', permanent: false });
    expect(hung.error).toMatch(/did not answer/);
    const nowhere = createKartraCore({
      transport: createKartraApi({ appId: fake.appId, apiUrl: 'http://127.0.0.1:9/api', timeoutMs: 300 }),
      sandbox: false,
    });
    expect(await nowhere.deliver(delivery(connection(), 'mo@example.com'))).toMatchObject({
      outcome: 'failed',
      permanent: false,
    });
  });

  it('refuses, without sending, a lead without e-mail and stored settings that no longer pass', async () => {
    expect(
      await provider.deliver({
        ...delivery(connection(), 'x@example.com'),
        lead: { ...lead('x'), emails: [] },
      }),
    ).toMatchObject({
      outcome: 'refused',
      error: KARTRA_NEEDS_EMAIL,
    });
    expect(
      await provider.deliver(
        delivery(connection(), 'y@example.com', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
      ),
    ).toMatchObject({ outcome: 'refused', permanent: true, error: 'Choose at most 20 Kartra tags.' });
    expect(fake.seen).toHaveLength(0);
  });
});
