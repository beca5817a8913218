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
import { signIn } from '../../../../test/sign-in.js';
import { KEY_REFUSED } from './core.js';
import { MBP_SANDBOX_KEY, NO_GROUP } from './settings.js';

/*
 * Mailbox Power on its sandbox (decision 0104), end to end through the routes: connecting with a
 * sandbox key (an unknown key or a group the account lacks refused, nothing saved), the key sealed
 * and never answered, the account's groups (`usergroups/{companyID}`), the group a campaign's leads
 * join (`groups/{campaignID}/{companyID}`: the campaign's own, else the integration's), leads added
 * to that group as contacts (a repeated delivery one contact), failures where Mailbox Power would
 * refuse, and other companies refused. The worker is off: each test drains the engine itself.
 */

const SLUG = 'mailboxpower';
/** Any `sandbox-` key opens its own sandbox account (the documented one is in the form's help). */
const KEY = 'sandbox-harbor-dental-mbp-51c2';
const kit = useIntegrationsRuntime();
const { get, post } = kit;
const db = () => kit.rt.database.db;
const connect = (settings: Record<string, unknown>) => kit.connect(SLUG, settings);
const saveCampaign = (campaignId: number, settings: Record<string, unknown>, enabled = true) =>
  post('/api/savecampaignintegrationdetails', { campaign_id: campaignId, slug: SLUG, enabled, settings });

/** The lead whose fields the sandbox's contact is checked against. */
const MOLLY = {
  firstName: 'Molly',
  lastName: 'Mailer',
  phones: ['720-555-0131'],
  address: { street: '5 Card Ln', city: 'Denver', state: 'CO', zip: '80205' },
};
const ingest = (campaignId: number, email?: string) => ingestLead(kit.rt, campaignId, { ...MOLLY, email });
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, SLUG);
const contactsOf = async (email: string) =>
  (await sandboxRecords(kit.rt, SLUG, 'contact')).filter((r) => r.data.email === email);

describe('Mailbox Power sandbox', () => {
  it('refuses an unknown key and a group the account lacks, saving nothing', async () => {
    const unknown = await connect({ api_key: 'live-1234567890' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Mailbox Power refused the API key: check it and try again.');
    const noGroup = await connect({ api_key: KEY, group_id: '999' });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().error.message).toBe('Choose one of your Mailbox Power groups.');
    const detail = await get(`/api/integrations/${kit.harbor.clientId}/${SLUG}`);
    expect(detail.json()).toMatchObject({
      kind: 'mailbox',
      auth: 'api-key',
      sandbox: true,
      connection: null,
    });
    expect(JSON.stringify(detail.json().connect_fields)).toContain(MBP_SANDBOX_KEY);
    expect((await get(`/api/mailboxpower/usergroups/${kit.harbor.clientId}`)).json().error.message).toBe(
      NOT_CONNECTED,
    );
  });

  it("connects; the key sealed, never answered; the account's groups listed", async () => {
    const first = await connect({ api_key: KEY });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().connection.settings).toEqual({ group_id: null, group_name: null });
    const groups = await get(`/api/mailboxpower/usergroups/${kit.harbor.clientId}`);
    expect(groups.statusCode, groups.body).toBe(200);
    expect(groups.json().data).toEqual([
      { id: '501', name: 'Sandbox: New leads' },
      { id: '502', name: 'Sandbox: Past clients' },
      { id: '503', name: 'Sandbox: Referral partners' },
    ]);
    // The group chosen once the groups are offered; the key left blank keeps the saved one.
    const edited = await connect({ api_key: '', group_id: '501' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: CHANGES_SAVED,
      connection: { settings: { group_id: '501', group_name: 'Sandbox: New leads' } },
    });
    const [row] = await queryRows<{ sealed_secrets: string }>(
      db(),
      sql`select sealed_secrets from integration_connections where company_id = ${kit.harbor.clientId} and provider = ${SLUG}`,
    );
    expect(row?.sealed_secrets).not.toContain(KEY);
    for (const r of [first, edited, groups, await get(`/api/integrations/${kit.harbor.clientId}`)])
      expect(r.body).not.toContain(KEY);
  });

  it("a campaign's group: its own, else the integration's; saved through the generic call, checked", async () => {
    const campaign = await insertCampaign(db());
    const url = `/api/mailboxpower/groups/${campaign.id}/${kit.harbor.clientId}`;
    expect((await get(url)).json()).toEqual({
      enabled: true,
      group_id: '501',
      source: 'integration',
      data: [{ id: '501', name: 'Sandbox: New leads' }],
    });
    expect((await saveCampaign(campaign.id, { group_id: '502' })).statusCode).toBe(200);
    expect((await get(url)).json()).toEqual({
      enabled: true,
      group_id: '502',
      source: 'campaign',
      data: [{ id: '502', name: 'Sandbox: Past clients' }],
    });
    const bad = await saveCampaign(campaign.id, { group_id: '50 2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Choose one of your Mailbox Power groups.');
    expect((await get(url)).json().group_id).toBe('502');
  });

  it("adds leads to the campaign's group as contacts, once per e-mail", async () => {
    const campaign = await insertCampaign(db());
    await saveCampaign(campaign.id, { group_id: '503' });
    const email = await ingest(campaign.id);
    const [delivered] = await deliver(campaign.id);
    expect(delivered).toMatchObject({ status: 'delivered', last_error: null });
    const [contact] = await contactsOf(email);
    expect(contact?.data).toMatchObject({
      first_name: 'Molly',
      last_name: 'Mailer',
      phone: '7205550131',
      address: '5 Card Ln',
      zip: '80205',
      group_ids: [503],
      upserts: 1,
      sandbox: true,
    });
    const attempts = await queryRows<{ request: string; http_status: number }>(
      db(),
      sql`select request, http_status from integration_delivery_attempts where delivery_id = ${delivered?.id}`,
    );
    expect(attempts).toEqual([{ request: 'POST /clienttether/contacts (group 503)', http_status: 201 }]);

    // The same delivery again (its answer lost): still one contact, in the group once.
    await db().execute(
      sql`update integration_deliveries set status = 'queued', next_attempt_at = now() where id = ${delivered?.id}`,
    );
    expect((await deliver(campaign.id))[0]?.status).toBe('delivered');
    const again = await contactsOf(email);
    expect(again).toHaveLength(1);
    expect(again[0]?.data).toMatchObject({ group_ids: [503], upserts: 2 });

    // The same person through a campaign on the integration's group: one contact in both groups.
    const other = await insertCampaign(db());
    await ingest(other.id, email);
    expect((await deliver(other.id)).map((d) => d.status)).toEqual(['delivered']);
    expect((await contactsOf(email))[0]?.data.group_ids).toEqual([501, 503]);
  });

  it('gives up where Mailbox Power would refuse: a group it no longer has, no group at all, a revoked key', async () => {
    const gone = await insertCampaign(db());
    await saveCampaign(gone.id, { group_id: '777' });
    await ingest(gone.id);
    expect(await deliver(gone.id)).toMatchObject([
      { status: 'failed', last_error: 'Mailbox Power answered HTTP 404: Group not found' },
    ]);

    // The integration's group taken away: a campaign without its own has none.
    await connect({ api_key: '', group_id: '' });
    const none = await insertCampaign(db());
    await ingest(none.id);
    expect(await deliver(none.id)).toMatchObject([{ status: 'failed', last_error: NO_GROUP }]);
    expect((await get(`/api/mailboxpower/groups/${none.id}/${kit.harbor.clientId}`)).json()).toEqual({
      enabled: true,
      group_id: null,
      source: null,
      data: [],
    });

    await db().execute(
      sql`update sandbox_integration_tokens set revoked_at = now() where provider = ${SLUG}`,
    );
    const revoked = await insertCampaign(db());
    await saveCampaign(revoked.id, { group_id: '501' });
    await ingest(revoked.id);
    expect(await deliver(revoked.id)).toMatchObject([{ status: 'failed', last_error: KEY_REFUSED }]);
    const groups = await get(`/api/mailboxpower/usergroups/${kit.harbor.clientId}`);
    expect(groups.statusCode).toBe(400);
    expect(groups.json().error.message).toBe(KEY_REFUSED);
  });

  it('refuses other companies: 404', async () => {
    const other = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    const campaign = await insertCampaign(db());
    const summitCampaign = await insertCampaign(db(), { clientName: DEMO.summit.clients[0]?.name });
    for (const url of [
      `/api/mailboxpower/usergroups/${kit.harbor.clientId}`,
      `/api/mailboxpower/groups/${campaign.id}/${kit.harbor.clientId}`,
    ])
      expect((await get(url, other)).statusCode, url).toBe(404);
    // Harbor's company with another agency's campaign: 404 too.
    expect(
      (await get(`/api/mailboxpower/groups/${summitCampaign.id}/${kit.harbor.clientId}`)).statusCode,
    ).toBe(404);
  });
});
