import { queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';
import { createAgencyZoomSandbox, SANDBOX_WEBHOOK_ORIGIN } from './sandbox.js';

/*
 * AgencyZoom's sandbox, the default (decision 0106), through the product: connecting with no URL
 * makes a sandbox lead webhook (sealed, shown masked), leads arrive there as AgencyZoom leads, a
 * repeated delivery is one lead, a campaign may have its own (`new`), the spec's two reads answer
 * the masked URLs, and the sandbox refuses what AgencyZoom would (unknown webhooks, leads without a
 * name or a way to reach the person, bad e-mails) with AgencyZoom's shapes.
 */

const kit = useIntegrationsRuntime();
const { get } = kit;
const db = () => kit.rt.database.db;
const sandbox = () => createAgencyZoomSandbox({ db: db() });
const connect = (url: string, companyId?: number) => kit.connect('agency-zoom', { url }, companyId);
/** The lead whose fields the sandbox's AgencyZoom lead is checked against. */
const SANDY = {
  firstName: 'Sandy',
  lastName: 'Box',
  phones: ['303-555-0166'],
  address: { street: '7 Quote Ct', city: 'Aurora', state: 'CO', zip: '80010' },
};
const ingest = (campaignId: number) => ingestLead(kit.rt, campaignId, SANDY);
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, 'agency-zoom');

/** The connection's full (sealed) URL, as the delivery engine opens it. */
async function sealedUrlOf(companyId: number) {
  const row = await kit.rt.services.integrations.connections.find(companyId, 'agency-zoom');
  if (!row) throw new Error('not connected');
  return (await kit.rt.services.integrations.manage.unsealed(row)).secrets.webhookUrl as string;
}

describe('the AgencyZoom sandbox (the default)', () => {
  it('is offered as a sandbox, and makes a lead webhook when connected without a URL', async () => {
    const overview = await get(`/api/integrations/${kit.harbor.clientId}`);
    const meta = overview.json().providers.find((p: { slug: string }) => p.slug === 'agency-zoom');
    expect(meta).toMatchObject({ kind: 'insurance-crm', auth: 'url', sandbox: true });

    const res = await connect('');
    expect(res.statusCode, res.body).toBe(200);
    const full = await sealedUrlOf(kit.harbor.clientId);
    expect(full).toMatch(new RegExp(`^${SANDBOX_WEBHOOK_ORIGIN}/v1/api/lead/webhook/sbx_azwh_`));
    expect(res.json().connection.settings).toEqual({
      url: `${SANDBOX_WEBHOOK_ORIGIN}/v1/api/lead/webhook/…${full.slice(-4)}`,
    });
    // Only the token's hash is stored by the sandbox; the connection keeps it sealed.
    const token = full.split('/').pop() as string;
    const stored = await queryRows<{ text: string }>(
      db(),
      sql`select t::text as text from sandbox_integration_tokens t where provider = 'agency-zoom'
          union all select c::text from integration_connections c where provider = 'agency-zoom'`,
    );
    expect(stored.some((s) => s.text.includes(token))).toBe(false);

    const client = await get(`/api/agency-zoom/getclientwebhook/${kit.harbor.clientId}`);
    expect(client.statusCode).toBe(200);
    expect(client.json().data.map((c: { settings: unknown }) => c.settings)).toEqual([
      res.json().connection.settings,
    ]);
  });

  it('delivers each lead as an AgencyZoom lead, once per delivery', async () => {
    const campaign = await insertCampaign(db());
    const email = await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    const leads = await sandbox().leadsOf(await sealedUrlOf(kit.harbor.clientId));
    const lead = leads.find((l) => l.email === email);
    expect(lead).toMatchObject({
      firstname: 'Sandy',
      lastname: 'Box',
      phone: '303-555-0166',
      streetAddress: '7 Quote Ct',
      city: 'Aurora',
      state: 'CO',
      zip: '80010',
      sandbox: true,
      upserts: 1,
    });
    expect(String(lead?.notes)).toContain(`Campaign: ${campaign.name} (${campaign.publicId}, local)`);

    // The same delivery sent again (its answer lost): the same lead, counted, not a second one.
    const url = await sealedUrlOf(kit.harbor.clientId);
    const again = await sandbox().post(url, {
      headers: { 'idempotency-key': `msg_${delivery?.id}` },
      body: JSON.stringify({ firstname: 'Sandy', lastname: 'Box', email }),
      timeoutMs: 1000,
    });
    expect(again).toMatchObject({ kind: 'response', status: 200 });
    const after = (await sandbox().leadsOf(url)).filter((l) => l.email === email);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ upserts: 2, id: lead?.id });
  });

  it('refuses what AgencyZoom would, with its shapes', async () => {
    const url = await sealedUrlOf(kit.harbor.clientId);
    const post = (body: string, to = url) => sandbox().post(to, { headers: {}, body, timeoutMs: 1000 });
    const answer = async (body: string, to?: string) => {
      const r = await post(body, to);
      if (r.kind !== 'response') throw new Error('no answer');
      return { status: r.status, body: JSON.parse(r.body) };
    };
    expect(await answer('{"firstname": "No", "lastname": "Contact"}')).toEqual({
      status: 400,
      body: { error: 'Invalid lead', fieldErrors: [{ field: 'email', error: 'Email or phone is required' }] },
    });
    expect(await answer('{"email": "not-an-email", "phone": "1"}')).toEqual({
      status: 400,
      body: {
        error: 'Invalid lead',
        fieldErrors: [
          { field: 'firstname', error: 'First name or last name is required' },
          { field: 'email', error: 'is not a valid email address' },
        ],
      },
    });
    expect((await answer('[1]')).status).toBe(400);
    expect((await answer('not json')).status).toBe(400);
    const unknown = `${SANDBOX_WEBHOOK_ORIGIN}/v1/api/lead/webhook/sbx_azwh_${'x'.repeat(43)}`;
    expect(await answer('{"firstname": "A", "email": "a@example.com"}', unknown)).toEqual({
      status: 404,
      body: { error: 'Lead webhook not found' },
    });

    // Connecting with a webhook the sandbox does not know, or a real AgencyZoom URL, is refused.
    const bad = await connect(unknown);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^The AgencyZoom sandbox has no such lead webhook/);
    const real = await connect('https://app.agencyzoom.com/v1/api/lead/webhook/67c22351dae41f31');
    expect(real.json().error.message).toMatch(/^This deployment uses the AgencyZoom sandbox/);
    expect(await sealedUrlOf(kit.harbor.clientId)).toBe(url);
  });

  it('gives a campaign a sandbox webhook of its own, read back masked by getcampaignwebhook', async () => {
    const campaign = await insertCampaign(db());
    const saved = await kit.post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'agency-zoom',
      enabled: true,
      settings: { url: 'new' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await get(`/api/agency-zoom/getcampaignwebhook/${campaign.id}`);
    expect(read.statusCode).toBe(200);
    const [hook] = read.json().data;
    expect(hook).toMatchObject({ from_agency: false, enabled: true, status: 'active' });
    expect(hook.url).toMatch(new RegExp(`^${SANDBOX_WEBHOOK_ORIGIN}/v1/api/lead/webhook/…`));
    const clientRow = await kit.rt.services.integrations.connections.find(kit.harbor.clientId, 'agency-zoom');
    expect(hook.url).not.toBe(clientRow?.settings.url);

    const email = await ingest(campaign.id);
    expect((await deliver(campaign.id))[0]).toMatchObject({ status: 'delivered' });
    const [chosen] = await queryRows<{ settings: { sealed_url: string } }>(
      db(),
      sql`select s.settings from integration_campaign_settings s
            join integration_connections c on c.id = s.connection_id
           where s.campaign_id = ${campaign.id} and c.provider = 'agency-zoom'`,
    );
    // The campaign's URL is kept sealed: its token is nowhere in the stored settings.
    expect(chosen?.settings.sealed_url).toBeTruthy();
    expect(JSON.stringify(chosen)).not.toContain('sbx_azwh_');
    const campaignLeads = await queryRows<{ email: string }>(
      db(),
      sql`select r.data->>'email' as email from sandbox_integration_records r
            join sandbox_integration_accounts a on a.id = r.account_id
           where r.provider = 'agency-zoom' and r.kind = 'lead' and a.name like '%(campaign)'`,
    );
    expect(campaignLeads.map((l) => l.email)).toContain(email);
    expect(
      (await sandbox().leadsOf(await sealedUrlOf(kit.harbor.clientId))).some((l) => l.email === email),
    ).toBe(false);
  });
});
