import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKartra, startFakeKartra } from '../../../test/fake-kartra.js';
import { type FakeSendGrid, startFakeSendGrid } from '../../../test/fake-sendgrid.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../test/kits/integrations.js';

/*
 * The product with the real SendGrid and Kartra adapters configured (SENDGRID_API_URL; KARTRA_APP_ID
 * and KARTRA_API_URL; decision 0103), against local fakes of their APIs: the providers say they are
 * not sandboxes, connecting asks the service with the company's credentials (and Kartra with this
 * platform's app id), the list reads answer the service's lists, and a stored lead reaches the
 * service as a contact / lead with the campaign's list (and tags) through the delivery engine.
 */

let sendgrid: FakeSendGrid;
let kartra: FakeKartra;
// The fakes start first: the runtime's settings name their addresses (hooks run in order).
beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  kartra = await startFakeKartra();
});
afterAll(async () => {
  await sendgrid?.close();
  await kartra?.close();
});
const kit = useIntegrationsRuntime({
  env: () => ({
    SENDGRID_API_URL: sendgrid.apiBase,
    KARTRA_APP_ID: kartra.appId,
    KARTRA_API_URL: kartra.apiUrl,
  }),
});

const { get, post } = kit;

/** A lead of a new campaign with the provider's settings, delivered: each delivery's status and error. */
async function deliverLead(slug: string, settings: Record<string, unknown>, email: string) {
  const campaign = await insertCampaign(kit.rt.database.db);
  const chosen = await post('/api/savecampaignintegrationdetails', {
    campaign_id: campaign.id,
    slug,
    enabled: true,
    settings,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  await ingestLead(kit.rt, campaign.id, {
    email,
    firstName: 'Rhea',
    lastName: 'Live',
    phones: [],
    address: null,
  });
  const rows = await deliverAll(kit.rt, campaign.id, slug);
  return rows.map(({ status, last_error }) => ({ status, last_error }));
}

describe('SendGrid and Kartra with their real adapters configured', () => {
  it('SendGrid: not a sandbox; connects with the company’s key, lists its lists, delivers a contact into the list', async () => {
    const detail = await get(`/api/integrations/${kit.harbor.clientId}/sendgrid`);
    expect(detail.json()).toMatchObject({ slug: 'sendgrid', sandbox: false });
    const saved = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'sendgrid',
      settings: { api_key: sendgrid.apiKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(sendgrid.calls('GET /v3/scopes').at(-1)?.headers.authorization).toBe(`Bearer ${sendgrid.apiKey}`);
    const lists = (await get(`/api/sendgridlist/${kit.harbor.clientId}`)).json();
    expect(lists).toMatchObject({ connected: true, error: null, sandbox: false });
    expect(lists.data).toEqual(sendgrid.lists);
    const listId = sendgrid.lists[2]?.id as string;
    expect(await deliverLead('sendgrid', { list_id: listId }, 'rhea.sg@example.com')).toEqual([
      { status: 'delivered', last_error: null },
    ]);
    expect(sendgrid.contacts.get('rhea.sg@example.com')).toMatchObject({
      list_ids: new Set([listId]),
      fields: { first_name: 'Rhea', last_name: 'Live' },
    });
    expect(sendgrid.problems).toEqual([]);
  });

  it('Kartra: not a sandbox; connects with key, password and the app id, reads lists and tags, delivers a lead', async () => {
    const saved = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'kartra',
      settings: { api_key: kartra.apiKey, api_password: kartra.apiPassword },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(kartra.seen.at(-1)?.form.get('app_id')).toBe(kartra.appId);
    expect((await get(`/api/GetKartraListAndTag/${kit.harbor.clientId}`)).json()).toEqual({
      lists: [
        { id: 'Newsletter', name: 'Newsletter' },
        { id: 'Buyers', name: 'Buyers' },
      ],
      tags: [
        { id: 'new lead', name: 'new lead' },
        { id: 'hot', name: 'hot' },
      ],
      connected: true,
      error: null,
      sandbox: false,
    });
    expect(
      await deliverLead('kartra', { list_name: 'Newsletter', tags: ['hot'] }, 'rhea.k@example.com'),
    ).toEqual([{ status: 'delivered', last_error: null }]);
    expect(kartra.leads.get('rhea.k@example.com')).toMatchObject({
      fields: { first_name: 'Rhea', last_name: 'Live' },
      lists: new Set(['Newsletter']),
      tags: new Set(['hot']),
    });
    expect(kartra.problems).toEqual([]);
  });
});
