import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeClickFunnels, startFakeClickFunnels } from '../../../../test/fake-click-funnels.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createClickFunnelsApi } from './api.js';
import { createClickFunnelsCore, KEY_REFUSED, NEEDS_EMAIL } from './core.js';

/*
 * The real ClickFunnels adapter (decision 0104) against a local fake of the ClickFunnels 2.0 API:
 * connecting (the workspace read with the key proves key, subdomain and workspace), the tags list
 * paged by `after`, a lead upserted as a contact by e-mail with the campaign's tags applied (made in
 * the workspace when missing, never applied twice), and each answer's meaning for a delivery: 401,
 * 400, 404 and 422 permanent, 429, 5xx, a hang and no answer retried.
 */

let fake: FakeClickFunnels;
let provider: IntegrationProvider;

/** The provider on the fake; a short timeout only where a test waits for one to run out. */
const providerOn = (timeoutMs: number) =>
  createClickFunnelsCore({
    transport: createClickFunnelsApi({ apiBase: fake.apiBase, timeoutMs }),
    sandbox: false,
  });

beforeAll(async () => {
  fake = await startFakeClickFunnels({ tags: 23 });
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
  first_name: 'Fiona',
  last_name: 'Funnel',
  emails: [email],
  phones: ['303-555-0177'],
  address: { street: '1 Funnel St', city: 'Boise', state: 'ID', zip: '83702' },
  page_url: null,
  keyword: null,
  test: false,
  ...overrides,
});

let connections = 0;
const connection = (apiKey = fake.apiKey): ProviderConnection => ({
  id: ++connections,
  companyId: 7,
  settings: { subdomain: fake.subdomain, workspace_id: '42', workspace_name: 'Fake workspace' },
  secrets: { api_key: apiKey },
});

let keys = 0;
const delivery = (conn: ProviderConnection, email: string, tags: string[] = []): DeliveryRequest => ({
  connection: conn,
  campaignSettings: tags.length > 0 ? { tags } : {},
  lead: lead(email),
  idempotencyKey: `msg_${++keys}`,
  attempt: 1,
  saveSecrets: async () => {},
  saveCampaignSettings: async (s) => s,
});

describe('ClickFunnels adapter (API v2)', () => {
  it('connects: the workspace read with the bearer key on the team’s host; the key kept as a secret', async () => {
    const done = await provider.connect({
      companyId: 7,
      settings: {
        subdomain: ' https://MyTeam.myclickfunnels.com/ ',
        workspace_id: '42',
        api_key: fake.apiKey,
      },
      previous: null,
    });
    expect(done).toEqual({
      settings: { subdomain: 'myteam', workspace_id: '42', workspace_name: 'Fake workspace' },
      secrets: { api_key: fake.apiKey },
    });
    const [read] = fake.calls('GET /workspaces/42');
    expect(read?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(read?.headers.accept).toBe('application/json');
    expect(read?.headers['user-agent']).toMatch(/LeadOrbit/);

    // An edit with the key left blank keeps the saved one.
    const edited = await provider.connect({
      companyId: 7,
      settings: { subdomain: 'myteam', workspace_id: 'wsPub42', api_key: '' },
      previous: { id: 1, companyId: 7, settings: done.settings, secrets: done.secrets },
    });
    expect(edited.secrets).toEqual({ api_key: fake.apiKey });
    expect(edited.settings.workspace_id).toBe('wsPub42');
    expect(fake.problems).toEqual([]);
  });

  it('refuses what ClickFunnels refuses, with a reason the company can act on', async () => {
    const attempt = (settings: Record<string, unknown>) =>
      provider.connect({ companyId: 7, settings, previous: null });
    await expect(attempt({ subdomain: 'myteam', workspace_id: '42', api_key: 'wrong-key' })).rejects.toThrow(
      'ClickFunnels refused the API key for myteam.myclickfunnels.com: check the key and the subdomain.',
    );
    await expect(
      attempt({ subdomain: 'otherteam', workspace_id: '42', api_key: fake.apiKey }),
    ).rejects.toThrow(/refused the API key for otherteam/);
    await expect(attempt({ subdomain: 'myteam', workspace_id: '99', api_key: fake.apiKey })).rejects.toThrow(
      'ClickFunnels has no workspace 99 that this API key can reach.',
    );
    fake.failNext('GET /workspaces/42', { status: 503, body: { error: 'Service Unavailable' } });
    await expect(attempt({ subdomain: 'myteam', workspace_id: '42', api_key: fake.apiKey })).rejects.toThrow(
      'ClickFunnels did not answer: try again in a moment.',
    );
    // Checked before anything is sent.
    const before = fake.seen.length;
    await expect(attempt({ subdomain: 'my team!', workspace_id: '42', api_key: 'k' })).rejects.toThrow(
      'Enter your ClickFunnels subdomain: myteam for myteam.myclickfunnels.com.',
    );
    await expect(attempt({ subdomain: 'myteam', workspace_id: '4/2', api_key: 'k' })).rejects.toThrow(
      'Enter the ClickFunnels workspace ID.',
    );
    await expect(attempt({ subdomain: 'myteam', workspace_id: '42', api_key: ' ' })).rejects.toThrow(
      'Enter your ClickFunnels API key.',
    );
    expect(fake.seen.length).toBe(before);
  });

  it('lists every tag of the workspace, a page of 20 at a time', async () => {
    const tags = await provider.listTargets!(connection(), 'tags', async () => {});
    expect(tags).toHaveLength(23);
    expect(tags[0]).toEqual({ id: '1000', name: 'existing tag 1' });
    expect(fake.calls('GET /workspaces/42/contacts/tags').map((r) => r.query)).toEqual([
      {},
      { after: '1019' },
    ]);
    fake.failNext('GET /workspaces/42/contacts/tags', { status: 401, body: { error: 'Unauthorized' } });
    await expect(provider.listTargets!(connection(), 'tags', async () => {})).rejects.toThrow(
      new ProviderInputError(KEY_REFUSED),
    );
  });

  it('upserts the contact by e-mail and applies the campaign’s tags, creating the missing one', async () => {
    const conn = connection();
    const result = await provider.deliver(
      delivery(conn, 'Fiona.One@Example.com', ['existing tag 2', 'Hot Lead']),
    );
    expect(result).toMatchObject({ outcome: 'delivered', httpStatus: 201 });
    expect(result.request).toBe('POST /workspaces/42/contacts/upsert (2 tags, 2 applied)');
    const [upsert] = fake.calls('POST /workspaces/42/contacts/upsert');
    expect(upsert?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(upsert?.headers['content-type']).toBe('application/json');
    expect(upsert?.body).toEqual({
      contact: {
        email_address: 'fiona.one@example.com',
        first_name: 'Fiona',
        last_name: 'Funnel',
        phone_number: '303-555-0177',
      },
    });
    expect(fake.calls('POST /workspaces/42/contacts/tags').map((r) => r.body)).toEqual([
      { contacts_tag: { name: 'Hot Lead' } },
    ]);
    const contact = fake.contacts.get('fiona.one@example.com');
    const names = [...(contact?.tagIds ?? [])].map((id) => fake.tags.get(id)?.name);
    expect(names.sort()).toEqual(['Hot Lead', 'existing tag 2']);
    expect(fake.calls(`POST /contacts/${contact?.id}/applied_tags`).map((r) => r.body)).toEqual([
      { contacts_applied_tag: { tag_id: 1001 } },
      { contacts_applied_tag: { tag_id: expect.any(Number) } },
    ]);

    // The same lead again (a lost answer): the same contact, its tags not applied twice, no tag made.
    fake.seen.length = 0;
    const again = await provider.deliver(
      delivery(conn, 'fiona.one@example.com', ['hot lead', 'Existing Tag 2']),
    );
    expect(again).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
    expect(again.request).toBe('POST /workspaces/42/contacts/upsert (2 tags, 0 applied)');
    expect(fake.calls(`POST /contacts/${contact?.id}/applied_tags`)).toEqual([]);
    // The workspace's tags were read once for this connection (remembered for a few minutes).
    expect(fake.calls('GET /workspaces/42/contacts/tags')).toEqual([]);
    expect([...fake.contacts.keys()].filter((k) => k === 'fiona.one@example.com')).toHaveLength(1);
    expect(fake.problems).toEqual([]);
  });

  it('a lead without e-mail is refused before anything is sent; 401, 400, 404 and 422 are permanent', async () => {
    const conn = connection();
    const none = delivery(conn, 'x@example.com');
    none.lead = lead('', { emails: [] });
    expect(await provider.deliver(none)).toMatchObject({
      outcome: 'refused',
      permanent: true,
      error: NEEDS_EMAIL,
    });
    expect(fake.seen).toEqual([]);

    const bad = await provider.deliver(delivery(conn, 'not-an@email'));
    expect(bad).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 422 });
    expect(bad.error).toBe('ClickFunnels answered HTTP 422: email_address is invalid');

    const wrongKey = await provider.deliver(delivery(connection('revoked-key'), 'fiona.two@example.com'));
    expect(wrongKey).toMatchObject({
      outcome: 'failed',
      permanent: true,
      httpStatus: 401,
      error: KEY_REFUSED,
    });

    fake.failNext('POST /workspaces/42/contacts/upsert', {
      status: 400,
      body: { error: 'param is missing or the value is empty: contact' },
    });
    const refused = await provider.deliver(delivery(conn, 'fiona.two@example.com'));
    expect(refused).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 400 });
    expect(refused.error).toContain('param is missing');

    // The workspace deleted in ClickFunnels: 404, given up.
    const gone = await provider.deliver(
      delivery({ ...conn, settings: { ...conn.settings, workspace_id: '77' } }, 'fiona.two@example.com'),
    );
    expect(gone).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 404 });
    expect(gone.error).toBe('ClickFunnels answered HTTP 404: Not found');
  });

  it('429, 503, a hang and a closed port are retried', async () => {
    const conn = connection();
    fake.failNext('POST /workspaces/42/contacts/upsert', {
      status: 429,
      body: { error: 'Too Many Requests' },
    });
    fake.failNext('POST /workspaces/42/contacts/upsert', {
      status: 503,
      body: { error: 'Service Unavailable' },
    });
    fake.failNext('POST /workspaces/42/contacts/upsert', 'hang');
    for (const status of [429, 503]) {
      const r = await provider.deliver(delivery(conn, 'fiona.three@example.com'));
      expect(r).toMatchObject({ outcome: 'failed', permanent: false, httpStatus: status });
    }
    const hung = await providerOn(300).deliver(delivery(conn, 'fiona.three@example.com'));
    expect(hung).toMatchObject({ outcome: 'failed', permanent: false });
    expect(hung.error).toMatch(/did not answer: it did not answer within 0.3 s/);

    const closed = createClickFunnelsCore({
      transport: createClickFunnelsApi({ apiBase: 'http://127.0.0.1:9/{subdomain}/api/v2', timeoutMs: 300 }),
      sandbox: false,
    });
    const down = await closed.deliver(delivery(conn, 'fiona.four@example.com'));
    expect(down).toMatchObject({ outcome: 'failed', permanent: false });
    expect(down.error).toMatch(/^ClickFunnels did not answer/);
  });

  it('a tag deleted in ClickFunnels since it was looked up: retried, and looked up again', async () => {
    const conn = connection();
    expect(
      await provider.deliver(delivery(conn, 'fiona.five@example.com', ['existing tag 3'])),
    ).toMatchObject({
      outcome: 'delivered',
    });
    fake.tags.delete(1002);
    const gone = await provider.deliver(delivery(conn, 'fiona.six@example.com', ['existing tag 3']));
    expect(gone).toMatchObject({ outcome: 'failed', permanent: false, httpStatus: 404 });
    fake.seen.length = 0;
    // The next attempt reads the tags again and makes the tag anew.
    expect(await provider.deliver(delivery(conn, 'fiona.six@example.com', ['existing tag 3']))).toMatchObject(
      {
        outcome: 'delivered',
      },
    );
    expect(fake.calls('GET /workspaces/42/contacts/tags').length).toBeGreaterThan(0);
    expect(fake.calls('POST /workspaces/42/contacts/tags').map((r) => r.body)).toEqual([
      { contacts_tag: { name: 'existing tag 3' } },
    ]);
  });

  it('a stored subdomain that is not one DNS label is never sent anywhere', async () => {
    const conn = connection();
    conn.settings.subdomain = 'evil.example.com/x';
    const before = fake.seen.length;
    const r = await provider.deliver(delivery(conn, 'fiona.seven@example.com'));
    expect(r).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 400 });
    expect(fake.seen.length).toBe(before);
  });
});
