import { NOT_CONNECTED } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import {
  deliverAll,
  ingestLead,
  sandboxRecords,
  useIntegrationsRuntime,
} from '../../../test/kits/integrations.js';
import { KARTRA_SANDBOX_KEY, KARTRA_SANDBOX_PASSWORD } from '../../providers/integrations/kartra/index.js';
import { createApiKeySandbox } from '../../providers/integrations/sandbox-kit/index.js';
import { SENDGRID_SANDBOX_KEY, SENDGRID_SANDBOX_LISTS } from '../../providers/integrations/sendgrid/index.js';

/*
 * SendGrid and Kartra through the product's routes on their sandboxes (decision 0103): connected by
 * the generic save with an API key (a wrong one refused with the service's message, nothing
 * saved, the key never answered), the spec's list reads (empty with the reason when not connected
 * or when the service refuses), `/integration/details`, a campaign's list and tags, and a stored
 * lead delivered by the engine as a contact / lead in the sandbox's state, once. The worker is off:
 * the test drains the engine itself.
 */

const kit = useIntegrationsRuntime();
const { get, post } = kit;
const db = () => kit.rt.database.db;

/** The lead whose fields the sandbox's contact or lead is checked against. */
const LENA = {
  firstName: 'Lena',
  lastName: 'Lists',
  phones: ['720-555-0110'],
  address: { street: '5 List Ln', city: 'Boulder', state: 'CO', zip: '80302' },
};
const ingest = (campaignId: number, email: string) => ingestLead(kit.rt, campaignId, { ...LENA, email });
/** The campaign's deliveries to the provider once done: each one's status and error. */
const deliver = async (campaignId: number, provider: string) =>
  (await deliverAll(kit.rt, campaignId, provider)).map(({ status, last_error }) => ({ status, last_error }));

const records = async (provider: string, kind: string, email: string) =>
  (await sandboxRecords(kit.rt, provider, kind)).filter((r) => r.data.email === email);

describe('SendGrid through the routes (sandbox)', () => {
  it('answers the list read empty, with the reason, before connecting', async () => {
    const res = await get(`/api/sendgridlist/${kit.harbor.clientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], connected: false, error: NOT_CONNECTED, sandbox: true });
  });

  it('refuses a key SendGrid does not know with its message, saving nothing', async () => {
    const res = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'sendgrid',
      settings: { api_key: 'SG.not-a-sandbox-key' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'SendGrid refused the API key: The provided authorization grant is invalid, expired, or revoked',
    );
    expect((await get(`/api/getcompanyintegrationdetail/${kit.harbor.clientId}/sendgrid`)).statusCode).toBe(
      400,
    );
  });

  it('connects with the sandbox key (sealed, never answered), lists its lists, and delivers a lead into the campaign’s list once', async () => {
    const saved = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'sendgrid',
      settings: { api_key: SENDGRID_SANDBOX_KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().connection.settings).toEqual({ api_key_hint: '…-key' });
    expect(saved.body).not.toContain(SENDGRID_SANDBOX_KEY);
    const [row] = await queryRows<{ sealed_secrets: string }>(
      db(),
      sql`select sealed_secrets from integration_connections where company_id = ${kit.harbor.clientId} and provider = 'sendgrid'`,
    );
    expect(row?.sealed_secrets).not.toContain(SENDGRID_SANDBOX_KEY);

    const lists = await get(`/api/sendgridlist/${kit.harbor.clientId}`);
    expect(lists.json()).toEqual({
      data: SENDGRID_SANDBOX_LISTS.map((l) => ({ id: l.id, name: l.name })),
      connected: true,
      error: null,
      sandbox: true,
    });

    const campaign = await insertCampaign(db());
    const bad = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'sendgrid',
      enabled: true,
      settings: { list_id: 'not a list' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Choose one of your SendGrid lists.');
    const listId = SENDGRID_SANDBOX_LISTS[1].id;
    const chosen = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'sendgrid',
      enabled: true,
      settings: { list_id: listId },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    await ingest(campaign.id, 'lena.sendgrid@example.com');
    expect(await deliver(campaign.id, 'sendgrid')).toEqual([{ status: 'delivered', last_error: null }]);
    const contacts = await records('sendgrid', 'contact', 'lena.sendgrid@example.com');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]?.data).toMatchObject({
      first_name: 'Lena',
      last_name: 'Lists',
      city: 'Boulder',
      list_ids: [listId],
      sandbox: true,
    });
  });
});

describe('Kartra through the routes (sandbox)', () => {
  const credentials = { api_key: KARTRA_SANDBOX_KEY, api_password: KARTRA_SANDBOX_PASSWORD };

  it('answers the reads empty, with the reason, before connecting; /integration/details says not connected', async () => {
    expect((await get(`/api/kartra/list/${kit.harbor.clientId}`)).json()).toEqual({
      data: [],
      connected: false,
      error: NOT_CONNECTED,
      sandbox: true,
    });
    expect((await get(`/api/GetKartraListAndTag/${kit.harbor.clientId}`)).json()).toEqual({
      lists: [],
      tags: [],
      connected: false,
      error: NOT_CONNECTED,
      sandbox: true,
    });
    const details = await post('/api/integration/details', { company_id: kit.harbor.clientId });
    expect(details.statusCode).toBe(400);
    expect(details.json().error.message).toBe(NOT_CONNECTED);
  });

  it('connects, answers its lists and tags and the saved details (no secrets), and delivers a lead with its list and tags once', async () => {
    const wrong = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'kartra',
      settings: { api_key: 'my-live-kartra-key', api_password: 'pw' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'Kartra refused the API key or password: connect it again. (API key not valid. Please get an API key first)',
    );
    const saved = await post('/api/saveintegration', {
      company_id: kit.harbor.clientId,
      slug: 'kartra',
      settings: credentials,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(KARTRA_SANDBOX_PASSWORD);

    const both = (await get(`/api/GetKartraListAndTag/${kit.harbor.clientId}`)).json();
    expect(both).toEqual({
      lists: [
        { id: 'Sandbox: Newsletter', name: 'Sandbox: Newsletter' },
        { id: 'Sandbox: New leads', name: 'Sandbox: New leads' },
      ],
      tags: ['new lead', 'website visitor', 'hot'].map((t) => ({ id: t, name: t })),
      connected: true,
      error: null,
      sandbox: true,
    });
    expect((await get(`/api/kartra/list/${kit.harbor.clientId}`)).json().data).toEqual(both.lists);

    // The same view as the generic detail read: one way to answer a company's integration details.
    const details = await post('/api/integration/details', { company_id: kit.harbor.clientId });
    expect(details.statusCode).toBe(200);
    const generic = await get(`/api/getcompanyintegrationdetail/${kit.harbor.clientId}/kartra`);
    expect(details.json()).toEqual(generic.json());
    expect(details.json()).toMatchObject({
      slug: 'kartra',
      status: 'active',
      settings: { api_key_hint: '…-key' },
    });
    expect(details.body).not.toContain(KARTRA_SANDBOX_PASSWORD);
    const other = await post('/api/integration/details', {
      company_id: kit.harbor.clientId,
      slug: 'sendgrid',
    });
    expect(other.json()).toMatchObject({ slug: 'sendgrid' });
    expect(
      (await post('/api/integration/details', { company_id: kit.harbor.clientId, slug: 'no-such' }))
        .statusCode,
    ).toBe(404);

    const campaign = await insertCampaign(db());
    const chosen = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'kartra',
      enabled: true,
      settings: { list_name: 'Sandbox: New leads', tags: ['hot', 'new lead'] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await ingest(campaign.id, 'lena.kartra@example.com');
    expect(await deliver(campaign.id, 'kartra')).toEqual([{ status: 'delivered', last_error: null }]);
    const leads = await records('kartra', 'lead', 'lena.kartra@example.com');
    expect(leads).toHaveLength(1);
    expect(leads[0]?.data).toMatchObject({
      first_name: 'Lena',
      city: 'Boulder',
      lists: ['Sandbox: New leads'],
      tags: ['hot', 'new lead'],
    });
  });

  it('answers the reads empty with Kartra’s refusal when the key no longer works', async () => {
    await createApiKeySandbox({
      db: db(),
      provider: 'kartra',
      accountName: '',
      demoRecords: [],
    }).accounts.revoke(KARTRA_SANDBOX_KEY);
    const res = await get(`/api/GetKartraListAndTag/${kit.harbor.clientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lists: [],
      tags: [],
      connected: true,
      error:
        'Kartra refused the API key or password: connect it again. (API key not valid. Please get an API key first)',
      sandbox: true,
    });
  });
});
