import { createHash } from 'node:crypto';
import { CHANGES_SAVED, NOT_CONNECTED } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import {
  deliverAll,
  ingestLead,
  sandboxRecords,
  useIntegrationsRuntime,
} from '../../../../test/kits/integrations.js';
import { send, signIn } from '../../../../test/sign-in.js';
import { KEY_REFUSED } from './core.js';
import { CF_SANDBOX_ACCOUNT } from './settings.js';

/*
 * ClickFunnels on its sandbox (decision 0104), end to end through the routes: connecting with the
 * sandbox's subdomain, workspace and key (what ClickFunnels would refuse refused, nothing saved),
 * the key sealed and never answered, the workspace's tags, a campaign's tags saved through
 * `POST /click-funnels/tags` and read back by both the funnel builder's call and the generic
 * campaign integration calls (one place), leads delivered as contacts with the tags applied (a
 * repeated delivery one contact, no tag applied twice), a revoked key given up, and other companies
 * refused. The worker is off: each test drains the engine itself.
 */

const SLUG = 'click-funnels';
const kit = useIntegrationsRuntime();
const { get, post } = kit;
const db = () => kit.rt.database.db;
const connect = (settings: Record<string, unknown>, companyId?: number) =>
  kit.connect(SLUG, settings, companyId);
const SANDBOX = {
  subdomain: CF_SANDBOX_ACCOUNT.subdomain,
  workspace_id: CF_SANDBOX_ACCOUNT.workspaceId,
  // Any `sandbox-` key opens its own sandbox team (the documented one is in the form's help text).
  api_key: 'sandbox-harbor-dental-cf-7f3a',
};

/** The lead whose fields the sandbox's contact is checked against. */
const CLARA = {
  firstName: 'Clara',
  lastName: 'Funnel',
  phones: ['208-555-0142'],
  address: { street: '3 Funnel Way', city: 'Boise', state: 'ID', zip: '83702' },
};
const ingest = (campaignId: number) => ingestLead(kit.rt, campaignId, CLARA);
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, SLUG);
const recordsOf = (kind: string) => sandboxRecords(kit.rt, SLUG, kind);

const connectionRow = async () =>
  (
    await queryRows<{ id: number; sealed_secrets: string; settings: Record<string, unknown> }>(
      db(),
      sql`select id, sealed_secrets, settings from integration_connections
           where company_id = ${kit.harbor.clientId} and provider = ${SLUG} and disconnected_at is null`,
    )
  )[0];

describe('ClickFunnels sandbox', () => {
  it('refuses what ClickFunnels would refuse, saving nothing', async () => {
    for (const [settings, message] of [
      [
        { ...SANDBOX, api_key: 'live-key-123' },
        'ClickFunnels refused the API key for sandbox.myclickfunnels.com: check the key and the subdomain.',
      ],
      [
        { ...SANDBOX, subdomain: 'otherteam' },
        'ClickFunnels refused the API key for otherteam.myclickfunnels.com: check the key and the subdomain.',
      ],
      [{ ...SANDBOX, workspace_id: '9' }, 'ClickFunnels has no workspace 9 that this API key can reach.'],
      [
        { ...SANDBOX, subdomain: 'a.b/c' },
        'Enter your ClickFunnels subdomain: myteam for myteam.myclickfunnels.com.',
      ],
      [{ ...SANDBOX, api_key: '' }, 'Enter your ClickFunnels API key.'],
    ] as const) {
      const res = await connect(settings);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await connectionRow()).toBeUndefined();
    const detail = await get(`/api/integrations/${kit.harbor.clientId}/${SLUG}`);
    expect(detail.json()).toMatchObject({
      kind: 'funnel-builder',
      auth: 'api-key',
      sandbox: true,
      connection: null,
    });
    // The form's help names the sandbox's subdomain, workspace and documented key.
    const help = detail
      .json()
      .connect_fields.map((f: { help: string }) => f.help)
      .join(' ');
    for (const value of Object.values(CF_SANDBOX_ACCOUNT)) expect(help).toContain(value);
  });

  it('connects with the sandbox workspace; the key sealed, never answered', async () => {
    const res = await connect(SANDBOX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: CHANGES_SAVED,
      connection: {
        settings: { subdomain: 'sandbox', workspace_id: '1001', workspace_name: 'Sandbox workspace' },
      },
    });
    const row = await connectionRow();
    expect(row?.sealed_secrets).not.toContain(SANDBOX.api_key);
    for (const r of [
      res,
      await get(`/api/integrations/${kit.harbor.clientId}/${SLUG}`),
      await get(`/api/integrations/${kit.harbor.clientId}`),
    ])
      expect(r.body).not.toContain(SANDBOX.api_key);
    // The sandbox keeps only the key's hash.
    const tokens = await queryRows<{ token_hash: string }>(
      db(),
      sql`select token_hash from sandbox_integration_tokens where provider = ${SLUG}`,
    );
    expect(tokens.map((t) => t.token_hash)).toEqual([
      createHash('sha256').update(SANDBOX.api_key).digest('hex'),
    ]);

    const tags = await get(`/api/click-funnels/tags/${kit.harbor.clientId}`);
    expect(tags.statusCode, tags.body).toBe(200);
    expect(tags.json().data).toEqual([
      { id: '2001', name: 'Sandbox: new lead' },
      { id: '2002', name: 'Sandbox: webinar' },
      { id: '2003', name: 'Sandbox: customer' },
    ]);
  });

  it("saves a campaign's tags where the generic campaign integration calls keep them", async () => {
    const campaign = await insertCampaign(db());
    const url = `/api/click-funnels/campaign/tags/${campaign.id}`;
    expect((await get(url)).json()).toEqual({ connected: true, from_agency: false, enabled: true, tags: [] });

    const saved = await post('/api/click-funnels/tags', {
      campaign_id: campaign.id,
      tags: ['Sandbox: webinar', ' Spring  Promo', 'spring promo'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ result: 'success', message: CHANGES_SAVED });
    expect((await get(url)).json()).toEqual({
      connected: true,
      from_agency: false,
      enabled: true,
      tags: ['Sandbox: webinar', 'Spring Promo'],
    });
    const generic = await get(`/api/integrations/campaign/${campaign.id}`);
    expect(generic.json().data.find((d: { slug: string }) => d.slug === SLUG)).toMatchObject({
      enabled: true,
      settings: { tags: ['Sandbox: webinar', 'Spring Promo'] },
    });

    // Turned off through the generic call: saving tags leaves it off; it is turned on only when asked.
    const off = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: SLUG,
      enabled: false,
      settings: { tags: ['hot'] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(url)).json()).toMatchObject({ enabled: false, tags: ['hot'] });
    await post('/api/click-funnels/tags', { campaign_id: campaign.id, tags: ['warm'] });
    expect((await get(url)).json()).toMatchObject({ enabled: false, tags: ['warm'] });
    await post('/api/click-funnels/tags', { campaign_id: campaign.id, tags: ['warm'], enabled: true });
    expect((await get(url)).json()).toMatchObject({ enabled: true, tags: ['warm'] });

    // Bad input: a clear 400, nothing changed.
    for (const [tags, message] of [
      [Array.from({ length: 51 }, (_, i) => `t${i}`), 'Choose at most 50 tags.'],
      [['x'.repeat(101)], 'A tag is at most 100 characters long.'],
      [['ok', '  '], 'A tag cannot be empty.'],
    ] as const) {
      const res = await post('/api/click-funnels/tags', { campaign_id: campaign.id, tags });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await get(url)).json()).toMatchObject({ enabled: true, tags: ['warm'] });
  });

  it('delivers leads as contacts with the campaign’s tags applied, once per e-mail', async () => {
    const campaign = await insertCampaign(db());
    await post('/api/click-funnels/tags', {
      campaign_id: campaign.id,
      tags: ['Sandbox: webinar', 'Spring Promo'],
    });
    const email = await ingest(campaign.id);
    const [delivered] = await deliver(campaign.id);
    expect(delivered).toMatchObject({ status: 'delivered', last_error: null });
    const contacts = (await recordsOf('contact')).filter((c) => c.data.email_address === email);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]?.data).toMatchObject({
      first_name: 'Clara',
      last_name: 'Funnel',
      phone_number: '208-555-0142',
      upserts: 1,
      sandbox: true,
    });
    const contactId = contacts[0]?.data.id;
    const tagsByName = new Map((await recordsOf('tag')).map((t) => [t.data.name, t.data.id]));
    // The missing tag was made in the workspace, as ClickFunnels would.
    expect(tagsByName.has('Spring Promo')).toBe(true);
    const applied = (await recordsOf('applied_tag')).filter((a) => a.data.contact_id === contactId);
    expect(applied.map((a) => a.data.tag_id).sort()).toEqual(
      [tagsByName.get('Sandbox: webinar'), tagsByName.get('Spring Promo')].sort(),
    );
    const attempts = await queryRows<{ request: string; http_status: number }>(
      db(),
      sql`select request, http_status from integration_delivery_attempts where delivery_id = ${delivered?.id}`,
    );
    expect(attempts).toEqual([
      { request: 'POST /workspaces/1001/contacts/upsert (2 tags, 2 applied)', http_status: 201 },
    ]);

    // The same delivery again (its answer lost): the same contact, no tag applied twice.
    await db().execute(
      sql`update integration_deliveries set status = 'queued', next_attempt_at = now() where id = ${delivered?.id}`,
    );
    expect((await deliver(campaign.id))[0]?.status).toBe('delivered');
    const again = (await recordsOf('contact')).filter((c) => c.data.email_address === email);
    expect(again).toHaveLength(1);
    expect(again[0]?.data.upserts).toBe(2);
    expect((await recordsOf('applied_tag')).filter((a) => a.data.contact_id === contactId)).toHaveLength(2);
    const second = await queryRows<{ request: string; http_status: number }>(
      db(),
      sql`select request, http_status from integration_delivery_attempts where delivery_id = ${delivered?.id} order by attempt`,
    );
    expect(second.map((a) => [a.http_status, a.request])).toEqual([
      [201, 'POST /workspaces/1001/contacts/upsert (2 tags, 2 applied)'],
      [200, 'POST /workspaces/1001/contacts/upsert (2 tags, 0 applied)'],
    ]);
  });

  it('a campaign of a client without ClickFunnels: not connected', async () => {
    const sibling = await insertCampaign(db(), { clientName: DEMO.northwind.clients[1]?.name });
    const agencyToken = (await signIn(kit.rt, DEMO.northwind.owner.email)).access_token;
    expect((await get(`/api/click-funnels/campaign/tags/${sibling.id}`, agencyToken)).json()).toEqual({
      connected: false,
      from_agency: false,
      enabled: false,
      tags: [],
    });
    const res = await send(
      kit.rt,
      '/api/click-funnels/tags',
      { campaign_id: sibling.id, tags: ['x'] },
      { token: agencyToken },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NOT_CONNECTED);
  });

  it('refuses other companies: 404', async () => {
    const other = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    const campaign = await insertCampaign(db());
    for (const url of [
      `/api/click-funnels/tags/${kit.harbor.clientId}`,
      `/api/click-funnels/campaign/tags/${campaign.id}`,
    ])
      expect((await get(url, other)).statusCode, url).toBe(404);
    const res = await send(
      kit.rt,
      '/api/click-funnels/tags',
      { campaign_id: campaign.id, tags: ['x'] },
      { token: other },
    );
    expect(res.statusCode).toBe(404);
  });

  it('a key ClickFunnels no longer accepts: deliveries given up, tags refused with the reason', async () => {
    await db().execute(
      sql`update sandbox_integration_tokens set revoked_at = now() where provider = ${SLUG}`,
    );
    const campaign = await insertCampaign(db());
    await ingest(campaign.id);
    const [failed] = await deliver(campaign.id);
    expect(failed).toMatchObject({ status: 'failed', last_error: KEY_REFUSED });
    const attempts = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_delivery_attempts where delivery_id = ${failed?.id}`,
    );
    expect(attempts[0]?.n).toBe(1);
    const tags = await get(`/api/click-funnels/tags/${kit.harbor.clientId}`);
    expect(tags.statusCode).toBe(400);
    expect(tags.json().error.message).toBe(KEY_REFUSED);
  });
});
