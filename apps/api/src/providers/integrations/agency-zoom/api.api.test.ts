import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAgencyZoom, startFakeAgencyZoom } from '../../../../test/fake-agency-zoom.js';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';
import { localReceiversPermit } from '../../../../test/webhook-receiver.js';
import { createGuardedHttp } from '../../outbound/guarded-http.js';
import type { LeadPayload } from '../provider.js';
import { createAgencyZoomApi } from './api.js';
import { AGENCY_ZOOM_TEXTS, createAgencyZoomCore } from './core.js';

/*
 * The product with the real AgencyZoom configured (AGENCYZOOM_WEBHOOK_BASE; decision 0106), against
 * a local fake of AgencyZoom's lead webhooks: only URLs on AgencyZoom's origin are taken and they are
 * sealed (shown masked); each lead is POSTed with AgencyZoom's field names and the delivery's key;
 * a 400 is given up with AgencyZoom's field errors, a 503 retried, a 401 given up (copy the URL
 * again), a hanging answer times out and is retried; a campaign's own URL takes its leads; and the
 * guarded client refuses an address that is not public before anything is sent.
 */

let fake: FakeAgencyZoom;
// The fake starts first: the runtime's settings name its address (hooks run in order).
beforeAll(async () => {
  fake = await startFakeAgencyZoom();
});
afterAll(() => fake?.close());
const kit = useIntegrationsRuntime({
  integrations: {
    http: createGuardedHttp({ permit: localReceiversPermit }),
    checkHost: async () => {},
    webhookTimeoutMs: 400,
    engine: { idlePollMs: 20, openAfter: 1_000, pauseAfter: 1_000, pauseAfterMs: 0 },
  },
  env: () => ({ AGENCYZOOM_WEBHOOK_BASE: fake.base }),
});

const { get, post } = kit;
const db = () => kit.rt.database.db;
const connect = (url: string) => kit.connect('agency-zoom', { url });
/** The lead whose fields the request to AgencyZoom is checked against. */
const ADA = {
  firstName: 'Ada',
  lastName: 'Zoom',
  phones: ['303-555-0123'],
  address: { street: '5 Policy Pl', city: 'Denver', state: 'CO', zip: '80202' },
};
const ingest = (campaignId: number, fields: { emails?: string[]; phones?: string[] } = {}) =>
  ingestLead(kit.rt, campaignId, { ...ADA, ...fields });
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, 'agency-zoom');

describe('AgencyZoom configured (the real adapter through the product)', () => {
  it('takes only AgencyZoom URLs, seals them, and delivers each lead with AgencyZoom’s field names', async () => {
    const other = await connect('https://hooks.example.com/v1/api/lead/webhook/abcdefgh1234');
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toMatch(/^That is not an AgencyZoom address/);
    expect((await connect('')).json().error.message).toBe(AGENCY_ZOOM_TEXTS.urlRequired);

    const url = fake.webhook('client0123456789abcdef');
    const res = await connect(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connection.settings).toEqual({ url: `${fake.base}/v1/api/lead/webhook/…cdef` });
    expect(res.body).not.toContain('client0123456789abcdef');
    const [row] = await queryRows<{ settings: unknown; sealed_secrets: string }>(
      db(),
      sql`select settings, sealed_secrets from integration_connections
           where company_id = ${kit.harbor.clientId} and provider = 'agency-zoom' and disconnected_at is null`,
    );
    expect(JSON.stringify(row)).not.toContain('client0123456789abcdef');

    // The form sends the masked URL back unchanged: the sealed one stays.
    expect((await connect(res.json().connection.settings.url)).statusCode).toBe(200);
    const client = await get(`/api/agency-zoom/getclientwebhook/${kit.harbor.clientId}`);
    expect(client.json().data).toEqual([
      expect.objectContaining({
        slug: 'agency-zoom',
        from_parent: false,
        settings: res.json().connection.settings,
      }),
    ]);

    const campaign = await insertCampaign(db());
    const email = await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivery?.request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/api\/lead\/webhook\/…cdef \(/);
    const [sent] = fake.requestsTo('client0123456789abcdef');
    expect(sent?.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': `msg_${delivery?.id}`,
    });
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      firstname: 'Ada',
      lastname: 'Zoom',
      email,
      phone: '303-555-0123',
      streetAddress: '5 Policy Pl',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
    });
    expect(JSON.parse(sent?.body ?? '{}').notes).toContain(`Campaign: ${campaign.name}`);
  });

  it('gives up a refused lead with AgencyZoom’s field errors, retries a 503, gives up a 401', async () => {
    const campaign = await insertCampaign(db());
    // A lead with neither e-mail nor phone is refused before anything is sent.
    await ingest(campaign.id, { emails: [], phones: [] });
    const [noContact] = await deliver(campaign.id);
    expect(noContact).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: AGENCY_ZOOM_TEXTS.noContact,
    });

    const flaky = fake.webhook('flaky0123456789abcdef', (n) => (n === 1 ? 503 : undefined));
    expect((await connect(flaky)).statusCode).toBe(200);
    await ingest(campaign.id);
    expect((await deliver(campaign.id))[1]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(fake.requestsTo('flaky0123456789abcdef')).toHaveLength(2);
    // Both attempts carried the same key: a receiver can tell the second is the same lead.
    expect(
      new Set(fake.requestsTo('flaky0123456789abcdef').map((r) => r.headers['idempotency-key'])).size,
    ).toBe(1);

    const strict = fake.webhook('strict0123456789abcdef', () => 400);
    expect((await connect(strict)).statusCode).toBe(200);
    await ingest(campaign.id);
    expect((await deliver(campaign.id))[2]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'AgencyZoom refused the lead (HTTP 400): Scripted 400',
    });

    // A webhook AgencyZoom no longer knows: its framework's 401, given up with what to do.
    expect((await connect(`${fake.base}/v1/api/lead/webhook/gone0123456789abcdef`)).statusCode).toBe(200);
    await ingest(campaign.id);
    const [, , , gone] = await deliver(campaign.id);
    expect(gone).toMatchObject({ status: 'failed', attempts: 1 });
    expect(gone?.last_error).toBe(
      'AgencyZoom refused the lead webhook URL (HTTP 401): copy it again from AgencyZoom.',
    );
  });

  it('times out a hanging AgencyZoom and tries again', async () => {
    const slow = fake.webhook('slow0123456789abcdefgh', (n) => (n === 1 ? 'hang' : undefined));
    expect((await connect(slow)).statusCode).toBe(200);
    const campaign = await insertCampaign(db());
    await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    const [first] = await queryRows<{ error: string }>(
      db(),
      sql`select error from integration_delivery_attempts where delivery_id = ${delivery?.id} order by id limit 1`,
    );
    expect(first?.error).toMatch(/time|answer/i);
  });

  it("sends a campaign's leads to the campaign's own URL, sealed like the client's", async () => {
    const clientUrl = fake.webhook('client2-0123456789abcdef');
    expect((await connect(clientUrl)).statusCode).toBe(200);
    const campaign = await insertCampaign(db());
    const own = fake.webhook('campaign0123456789abcdef');
    const saved = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'agency-zoom',
      enabled: true,
      settings: { url: own },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const masked = `${fake.base}/v1/api/lead/webhook/…cdef`;
    const answered = await get(`/api/agency-zoom/getcampaignwebhook/${campaign.id}`);
    expect(answered.json()).toEqual({
      data: [{ from_agency: false, enabled: true, url: masked, status: 'active' }],
    });
    expect(JSON.stringify((await get(`/api/integrations/campaign/${campaign.id}`)).json())).not.toContain(
      'campaign0123456789abcdef',
    );
    const refused = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'agency-zoom',
      enabled: true,
      settings: { url: masked },
    });
    expect(refused.json().error.message).toBe(AGENCY_ZOOM_TEXTS.urlMasked);

    const email = await ingest(campaign.id);
    expect((await deliver(campaign.id))[0]).toMatchObject({ status: 'delivered' });
    expect(fake.requestsTo('campaign0123456789abcdef').some((r) => r.body.includes(email))).toBe(true);
    expect(fake.requestsTo('client2-0123456789abcdef')).toHaveLength(0);
  });
});

describe('the real adapter behind the outbound guard', () => {
  it('refuses an AgencyZoom origin that is not public before sending anything', async () => {
    const core = createAgencyZoomCore({
      transport: createAgencyZoomApi({
        // No permit: public addresses only, as in production.
        http: createGuardedHttp(),
        webhookBase: fake.base,
        checkHost: async () => {},
      }),
      secrets: { seal: async (s) => s, open: async (s) => s },
      sandbox: false,
    });
    const before = fake.requests.length;
    const lead: LeadPayload = {
      id: '1',
      campaign: { id: '12345678', name: 'Guarded', module: 'local' },
      captured_at: new Date().toISOString(),
      first_name: 'Gus',
      last_name: 'Guard',
      emails: ['gus@example.com'],
      phones: [],
      address: { street: '', city: '', state: '', zip: '' },
      page_url: null,
      keyword: null,
      test: false,
    };
    const result = await core.deliver({
      connection: {
        id: 1,
        companyId: 1,
        settings: {},
        secrets: { webhookUrl: fake.webhook('guard0123456789ab') },
      },
      campaignSettings: {},
      lead,
      idempotencyKey: 'msg_1',
      attempt: 1,
      saveSecrets: async () => {},
    });
    expect(result).toMatchObject({ outcome: 'refused', permanent: true });
    expect(fake.requests.length).toBe(before);
  });
});
