import { createHash } from 'node:crypto';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKartra, startFakeKartra } from '../../../test/fake-kartra.js';
import { type FakeSendGrid, startFakeSendGrid } from '../../../test/fake-sendgrid.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { demoClient, insertCampaign } from '../../../test/kits/campaigns.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { retryPolicy } from '../../lib/retry-policy.js';

/*
 * The product with the real SendGrid and Kartra adapters configured (SENDGRID_API_URL; KARTRA_APP_ID
 * and KARTRA_API_URL; decision 0103), against local fakes of their APIs: the providers say they are
 * not sandboxes, connecting asks the service with the company's credentials (and Kartra with this
 * platform's app id), the list reads answer the service's lists, and a stored lead reaches the
 * service as a contact / lead with the campaign's list (and tags) through the delivery engine.
 */

let sendgrid: FakeSendGrid;
let kartra: FakeKartra;
let rt: TestRuntime;
let harbor: { clientId: number };
let token: string;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid();
  kartra = await startFakeKartra();
  rt = await startTestRuntime(
    {
      integrations: {
        engine: { idlePollMs: 20 },
        retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 }),
      },
    },
    {
      IN_PROCESS_WORKER: 'false',
      SENDGRID_API_URL: sendgrid.apiBase,
      KARTRA_APP_ID: kartra.appId,
      KARTRA_API_URL: kartra.apiUrl,
    },
  );
  harbor = await demoClient(rt.database.db);
  token = (await signIn(rt, DEMO.northwind.clients[0]?.contact.email ?? '')).access_token;
});
afterAll(async () => {
  await rt?.close();
  await sendgrid?.close();
  await kartra?.close();
});

const get = (url: string) => rt.app.inject({ url, headers: bearer(token) });
const post = (url: string, body: unknown) => send(rt, url, body, { token });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function deliverLead(slug: string, settings: Record<string, unknown>, email: string) {
  const campaign = await insertCampaign(rt.database.db);
  const chosen = await post('/api/savecampaignintegrationdetails', {
    campaign_id: campaign.id,
    slug,
    enabled: true,
    settings,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  await rt.services.leads.intake.insert([
    {
      campaignId: campaign.id,
      source: 'vendor_callback' as const,
      payload: {
        id: `live-${email}`,
        emailMd5: md5(email),
        firstName: 'Rhea',
        lastName: 'Live',
        emails: [email],
      },
    },
  ]);
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
  const until = Date.now() + 20_000;
  for (;;) {
    await rt.services.integrations.engine.drain();
    const rows = await queryRows<{ status: string; last_error: string | null }>(
      rt.database.db,
      sql`select d.status, d.last_error from integration_deliveries d
            join integration_connections k on k.id = d.connection_id
           where d.campaign_id = ${campaign.id} and k.provider = ${slug}`,
    );
    if (rows.length > 0 && rows.every((r) => r.status !== 'queued' && r.status !== 'sending')) return rows;
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('SendGrid and Kartra with their real adapters configured', () => {
  it('SendGrid: not a sandbox; connects with the company’s key, lists its lists, delivers a contact into the list', async () => {
    const detail = await get(`/api/integrations/${harbor.clientId}/sendgrid`);
    expect(detail.json()).toMatchObject({ slug: 'sendgrid', sandbox: false });
    const saved = await post('/api/saveintegration', {
      company_id: harbor.clientId,
      slug: 'sendgrid',
      settings: { api_key: sendgrid.apiKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(sendgrid.calls('GET /v3/scopes').at(-1)?.headers.authorization).toBe(`Bearer ${sendgrid.apiKey}`);
    const lists = (await get(`/api/sendgridlist/${harbor.clientId}`)).json();
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
      company_id: harbor.clientId,
      slug: 'kartra',
      settings: { api_key: kartra.apiKey, api_password: kartra.apiPassword },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(kartra.seen.at(-1)?.form.get('app_id')).toBe(kartra.appId);
    expect((await get(`/api/GetKartraListAndTag/${harbor.clientId}`)).json()).toEqual({
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
