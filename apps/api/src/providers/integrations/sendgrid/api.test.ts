import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSendGrid, startFakeSendGrid } from '../../../../test/fake-sendgrid.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createSendGridApi } from './api.js';
import { createSendGridCore } from './core.js';
import { SENDGRID_KEY_REFUSED, SENDGRID_NEEDS_EMAIL, SENDGRID_NO_MARKETING } from './settings.js';

/*
 * The real SendGrid adapter (decision 0103) against a local fake of the v3 API: connecting (the key
 * asked `GET /v3/scopes` with a bearer header; a wrong key refused with SendGrid's message, a key
 * without Marketing scopes refused), lists paged by `page_token`, a lead upserted as a Marketing
 * contact into the campaign's list (`PUT /v3/marketing/contacts`, one contact per e-mail however
 * often it is sent), and each answer's meaning for a delivery: 401, 400 and 404 permanent; 429,
 * 5xx, a hang and no answer retried.
 */

let fake: FakeSendGrid;
let provider: IntegrationProvider;

/** The provider on the fake; a short timeout only where a test waits for one to run out. */
const providerOn = (timeoutMs: number) =>
  createSendGridCore({
    transport: createSendGridApi({ apiBase: `${fake.apiBase}/`, timeoutMs }),
    sandbox: false,
  });

beforeAll(async () => {
  fake = await startFakeSendGrid({ lists: 1203 });
  // Generous: a loaded machine (CI's two test workers) answered a fake past 1 s.
  provider = providerOn(30_000);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const lead = (email: string, overrides: Partial<LeadPayload> = {}): LeadPayload => ({
  id: `lead-${email}`,
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Sandra',
  last_name: 'Grid',
  emails: [` ${email.toUpperCase()} `],
  phones: ['303-555-0188'],
  address: { street: '1 Grid St', city: 'Denver', state: 'CO', zip: '80202' },
  page_url: null,
  keyword: null,
  test: false,
  ...overrides,
});

let ids = 0;
const connection = (apiKey = fake.apiKey): ProviderConnection => ({
  id: ++ids,
  companyId: 7,
  settings: { api_key_hint: '…6789' },
  secrets: { api_key: apiKey },
});
const delivery = (conn: ProviderConnection, l: LeadPayload, listId?: string): DeliveryRequest => ({
  connection: conn,
  campaignSettings: listId ? { list_id: listId } : {},
  lead: l,
  idempotencyKey: `msg_${++ids}`,
  attempt: 1,
  saveSecrets: async () => {},
});

describe('SendGrid adapter (v3 API)', () => {
  it('connects: the key asked GET /v3/scopes with a bearer header, kept as a secret, only its end shown', async () => {
    const done = await provider.connect({
      companyId: 7,
      settings: { api_key: ` ${fake.apiKey} ` },
      previous: null,
    });
    expect(done).toEqual({ settings: { api_key_hint: '…6789' }, secrets: { api_key: fake.apiKey } });
    const [scopes] = fake.calls('GET /v3/scopes');
    expect(scopes?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(scopes?.headers['user-agent']).toMatch(/LeadOrbit/);
    // Editing without typing the key keeps the saved one.
    const kept = await provider.connect({ companyId: 7, settings: {}, previous: connection() });
    expect(kept.secrets).toEqual({ api_key: fake.apiKey });
    expect(fake.problems).toEqual([]);
  });

  it('refuses a wrong key with SendGrid’s message, a key without Marketing scopes, and no key', async () => {
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: 'SG.wrong' }, previous: null }),
    ).rejects.toThrow(
      new ProviderInputError(
        'SendGrid refused the API key: The provided authorization grant is invalid, expired, or revoked',
      ),
    );
    fake.failNext('GET /v3/scopes', { status: 200, body: { scopes: ['mail.send'] } });
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: fake.apiKey }, previous: null }),
    ).rejects.toThrow(SENDGRID_NO_MARKETING);
    fake.failNext('GET /v3/scopes', { status: 503, body: {} });
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: fake.apiKey }, previous: null }),
    ).rejects.toThrow('SendGrid did not answer: try connecting again in a moment.');
    await expect(
      provider.connect({ companyId: 7, settings: { api_key: '  ' }, previous: null }),
    ).rejects.toThrow('Enter your SendGrid API key.');
  });

  it('lists every list, a thousand a page, following _metadata.next', async () => {
    const lists = await provider.listTargets?.(connection(), 'lists', async () => {});
    expect(lists).toHaveLength(1203);
    expect(lists?.[1202]).toEqual({ id: fake.lists[1202]?.id, name: 'Fake list 1203' });
    const calls = fake.calls('GET /v3/marketing/lists');
    expect(calls.map((c) => c.query.page_size)).toEqual(['1000', '1000']);
    expect(calls[0]?.query.page_token).toBeUndefined();
    expect(calls[1]?.query.page_token).toBeTruthy();
    expect(await provider.listTargets?.(connection(), 'tags', async () => {})).toEqual([]);
    await expect(provider.listTargets?.(connection('SG.revoked'), 'lists', async () => {})).rejects.toThrow(
      SENDGRID_KEY_REFUSED,
    );
  });

  it('upserts a lead as a Marketing contact into the campaign’s list, once per e-mail however often sent', async () => {
    const listId = fake.lists[1]?.id as string;
    const first = await provider.deliver(delivery(connection(), lead('sam@example.com'), listId));
    expect(first).toMatchObject({ outcome: 'delivered', httpStatus: 202 });
    expect(first.request).toBe(`PUT /v3/marketing/contacts (list ${listId})`);
    const [put] = fake.calls('PUT /v3/marketing/contacts');
    expect(put?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(put?.body).toEqual({
      list_ids: [listId],
      contacts: [
        {
          email: 'sam@example.com',
          first_name: 'Sandra',
          last_name: 'Grid',
          address_line_1: '1 Grid St',
          city: 'Denver',
          state_province_region: 'CO',
          postal_code: '80202',
          phone_number: '303-555-0188',
        },
      ],
    });
    // The same lead again (a retry after a lost answer): the same contact, no second one.
    expect((await provider.deliver(delivery(connection(), lead('sam@example.com'), listId))).outcome).toBe(
      'delivered',
    );
    expect([...fake.contacts.keys()].filter((e) => e === 'sam@example.com')).toHaveLength(1);
    // No list chosen: All Contacts only (no list_ids sent).
    await provider.deliver(delivery(connection(), lead('al@example.com')));
    expect(fake.calls('PUT /v3/marketing/contacts').at(-1)?.body).not.toHaveProperty('list_ids');
    expect(fake.problems).toEqual([]);
  });

  it('maps answers: 401, 400 and 404 permanent; 429, 5xx, a hang and no answer retried', async () => {
    const conn = connection();
    const bad = await provider.deliver(delivery(connection('SG.revoked'), lead('a@example.com')));
    expect(bad).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 401 });
    expect(bad.error).toContain(SENDGRID_KEY_REFUSED);
    const noList = await provider.deliver(delivery(conn, lead('b@example.com'), 'no-such-list'));
    expect(noList).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 404 });
    expect(noList.error).toBe('SendGrid answered HTTP 404: list_ids: one or more list IDs are invalid');
    const invalid = await provider.deliver(
      delivery(conn, lead('not-an-email', { emails: ['not-an-email'] })),
    );
    expect(invalid).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 400 });
    for (const status of [429, 500, 503]) {
      fake.failNext('PUT /v3/marketing/contacts', {
        status,
        body: { errors: [{ field: null, message: 'busy' }] },
      });
      const r = await provider.deliver(delivery(conn, lead('c@example.com')));
      expect(r).toMatchObject({ outcome: 'failed', permanent: false, httpStatus: status });
    }
    fake.failNext('PUT /v3/marketing/contacts', 'hang');
    const hung = await providerOn(300).deliver(delivery(conn, lead('d@example.com')));
    expect(hung).toMatchObject({ outcome: 'failed', permanent: false });
    expect(hung.error).toMatch(/did not answer/);
    const nowhere = createSendGridCore({
      transport: createSendGridApi({ apiBase: 'http://127.0.0.1:9', timeoutMs: 300 }),
      sandbox: false,
    });
    expect(await nowhere.deliver(delivery(conn, lead('e@example.com')))).toMatchObject({
      outcome: 'failed',
      permanent: false,
    });
  });

  it('refuses, without sending, a lead without e-mail and stored settings that no longer pass', async () => {
    const before = fake.seen.length;
    expect(
      await provider.deliver(delivery(connection(), lead('x@example.com', { emails: [' '] }))),
    ).toMatchObject({
      outcome: 'refused',
      permanent: true,
      error: SENDGRID_NEEDS_EMAIL,
    });
    expect(
      await provider.deliver({
        ...delivery(connection(), lead('y@example.com')),
        campaignSettings: { list_id: 'a b' },
      }),
    ).toMatchObject({ outcome: 'refused', permanent: true, error: 'Choose one of your SendGrid lists.' });
    expect(fake.seen.length).toBe(before);
  });
});
