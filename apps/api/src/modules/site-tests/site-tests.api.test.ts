import {
  asMicros,
  SITE_CHECK_BLOCKED_MESSAGE,
  sendTestLeadResponseSchema,
  siteCheckResponseSchema,
  TEST_LEAD_TOO_SOON,
} from '@app/contracts';
import { campaigns, DEMO_CAMPAIGNS, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { get, PEOPLE, post, type Who, who } from '../../../test/kits/users.js';
import {
  fakeDns,
  type LocalServer,
  publicOrLocalTestServer,
  startLocalServer,
} from '../../../test/local-web.js';
import { createGuardedFetcher } from '../../providers/outbound/guarded-fetch.js';
import { embedCheckJob, NOT_LOCAL_CAMPAIGN, TOO_MANY_SITE_CHECKS } from './index.js';

let rt: TestRuntime;
let web: LocalServer;
let client: Who;
let otherAgency: Who;
/** The embed code of each campaign the local site carries, by public id. */
const snippets = new Map<string, string>();

beforeAll(async () => {
  web = await startLocalServer((req, res) => {
    const [, page, id] = (req.url ?? '').split('/');
    if (page === 'with')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body>${snippets.get(id ?? '')}</body></html>`);
    else if (page === 'without') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    // 'hang': never answers (the site check's deadline ends the request).
    else if (page !== 'hang') res.writeHead(404).end();
  });
  // Names of the test's DNS table reach the local server; a literal 127.0.0.1 goes to the product's
  // own guarded fetcher, which must refuse it without connecting.
  const local = createGuardedFetcher({
    resolver: fakeDns({ 'shop.test': ['127.0.0.1'] }),
    permit: publicOrLocalTestServer,
  });
  const real = createGuardedFetcher({ timeoutMs: 5_000 });
  rt = await startTestRuntime({
    siteCheckFetch: (url) => (new URL(url).hostname === '127.0.0.1' ? real(url) : local(url)),
    siteTestTimings: { checkDeadlineMs: 1_500 },
  });
  client = await who(rt, PEOPLE.client);
  otherAgency = await who(rt, PEOPLE.summit);
});
afterAll(async () => {
  await rt?.close();
  await web?.close();
});

const page = (path: string) => `http://shop.test:${web.port}/${path}`;

/** A running local campaign of Harbor Dental (the demo client signed in as `client`) whose site is the local page. */
async function localCampaign(fields: Parameters<typeof insertCampaign>[1] = {}) {
  const row = await insertCampaign(rt.database.db, fields);
  snippets.set(
    row.publicId,
    await rt.services.embed.embedCode({ campaignId: row.publicId, clientCompanyId: row.clientId }),
  );
  return row;
}

const checkNow = (leadspeekID: number, url?: string, by = client) =>
  post(rt, '/check-site-embeded-code', { leadspeekID, ...(url === undefined ? {} : { url }) }, by.token);
const lastCheck = (leadspeekID: number, by = client) =>
  get(rt, `/check-run-embeded-code?leadspeekID=${leadspeekID}`, by.token);
const stored = async (id: number) =>
  (
    await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id))
  )[0] as typeof campaigns.$inferSelect;

describe('the site check of a local campaign', () => {
  it('finds the embed code on the campaign’s page, stores it, and answers it again from GET', async () => {
    const campaign = await localCampaign();
    await rt.database.db
      .update(campaigns)
      .set({ urlCode: page(`with/${campaign.publicId}`) })
      .where(eq(campaigns.id, campaign.id));

    const never = await lastCheck(campaign.id);
    expect(never.statusCode, never.body).toBe(200);
    expect(never.json().data).toMatchObject({ status: 'not exist', outcome: 'unchecked', checked_at: null });

    const res = await checkNow(campaign.id);
    expect(res.statusCode, res.body).toBe(200);
    const found = siteCheckResponseSchema.parse(res.json());
    expect(found.data).toMatchObject({
      status: 'exist',
      outcome: 'found',
      url: page(`with/${campaign.publicId}`),
    });
    expect(await stored(campaign.id)).toMatchObject({
      embedStatus: 'found',
      embedCheckMessage: found.data.message,
    });

    const again = siteCheckResponseSchema.parse((await lastCheck(campaign.id)).json());
    expect(again.data).toEqual(found.data);
  });

  it('says not found on a page without the snippet (the url given instead of the campaign’s)', async () => {
    const campaign = await localCampaign();
    const res = await checkNow(campaign.id, page('without'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'not exist',
      outcome: 'not_found',
      url: page('without'),
    });
    expect((await lastCheck(campaign.id)).json().data).toMatchObject({
      outcome: 'not_found',
      url: page('without'),
    });
  });

  it('refuses 127.0.0.1 through the real guarded fetcher: not_allowed, nothing fetched', async () => {
    const campaign = await localCampaign();
    const before = web.requests.length;
    const res = await checkNow(campaign.id, `http://127.0.0.1:${web.port}/with/${campaign.publicId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'not exist', outcome: 'not_allowed' });
    expect(web.requests.length).toBe(before);
    expect((await stored(campaign.id)).embedStatus).toBe('not_allowed');
  });

  it('answers 504 with the spec’s blocked text when the check runs out of time, and stores it as blocked', async () => {
    const campaign = await localCampaign();
    const res = await checkNow(campaign.id, page('hang'));
    expect(res.statusCode, res.body).toBe(504);
    expect(res.json().error.message).toBe(SITE_CHECK_BLOCKED_MESSAGE);
    expect((await lastCheck(campaign.id)).json().data).toMatchObject({
      status: 'not exist',
      outcome: 'blocked',
      message: SITE_CHECK_BLOCKED_MESSAGE,
    });
  });

  it('checks one campaign at most 10 times a minute (429 after), other campaigns unaffected', async () => {
    const campaign = await localCampaign();
    for (let i = 0; i < 10; i++) expect((await checkNow(campaign.id, page('without'))).statusCode).toBe(200);
    const eleventh = await checkNow(campaign.id, page('without'));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(TOO_MANY_SITE_CHECKS);
    expect((await checkNow((await localCampaign()).id, page('without'))).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s campaign on both calls, and changes nothing', async () => {
    const campaign = await localCampaign();
    expect((await checkNow(campaign.id, page('without'), otherAgency)).statusCode).toBe(404);
    expect((await lastCheck(campaign.id, otherAgency)).statusCode).toBe(404);
    expect((await stored(campaign.id)).embedCheckedAt).toBeNull();
  });

  it('answers 400 for a campaign that is not a local one', async () => {
    const locator = await insertCampaign(rt.database.db, { module: 'locator' });
    const res = await checkNow(locator.id, page('without'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NOT_LOCAL_CAMPAIGN);
    expect((await lastCheck(locator.id)).statusCode).toBe(400);
    expect((await stored(locator.id)).embedCheckedAt).toBeNull();
  });

  it('the scheduled job re-checks running local campaigns that are due, and leaves fresh ones', async () => {
    const campaign = await localCampaign();
    await rt.database.db
      .update(campaigns)
      .set({ urlCode: page(`with/${campaign.publicId}`) })
      .where(eq(campaigns.id, campaign.id));
    const paused = await localCampaign({ status: 'paused' });
    await rt.database.db
      .update(campaigns)
      .set({ urlCode: page(`with/${paused.publicId}`) })
      .where(eq(campaigns.id, paused.id));

    await rt.queue.trigger(embedCheckJob, {});
    await vi.waitFor(async () => expect((await stored(campaign.id)).embedStatus).toBe('found'), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await stored(paused.id)).embedCheckedAt).toBeNull();

    // Checked now: not due again for six hours.
    const checkedAt = (await stored(campaign.id)).embedCheckedAt;
    const fetches = () => web.requests.filter((r) => r.path?.includes(campaign.publicId)).length;
    const before = fetches();
    await rt.services.siteTests.recheckDue(100);
    expect((await stored(campaign.id)).embedCheckedAt).toEqual(checkedAt);
    expect(fetches()).toBe(before);
  });
});

describe('send test lead', () => {
  const send = (leadspeekID: number, by = client) => post(rt, '/send-test-lead', { leadspeekID }, by.token);

  it('stores a marked, unbilled test lead through the pipeline; a second within a minute is 429', async () => {
    const campaign = await localCampaign({
      paymentTerm: 'Prepaid',
      prepaidLeads: 3,
      costPerLeadMicros: asMicros(1_500_000),
      leadLimit: 1,
      reportSentTo: ['reports@harbor-test.example'],
    });
    const first = await send(campaign.id);
    expect(first.statusCode, first.body).toBe(200);
    const answer = sendTestLeadResponseSchema.parse(first.json());
    expect(answer.data.rejection).toBeNull();
    expect(answer.data.lead_id).not.toBeNull();

    // Prices read as text: the database's own integers, compared without arithmetic.
    const [lead] = await queryRows<{
      source: string;
      first_name: string;
      last_name: string;
      emails: string[];
      prices: string;
    }>(
      rt.database.db,
      sql`select source, first_name, last_name, emails,
                 concat_ws('/', client_price_micros, wholesale_micros, root_fee_micros) as prices
            from leads where id = ${answer.data.lead_id}`,
    );
    expect(lead).toMatchObject({ source: 'test', first_name: 'Test', last_name: 'Lead', prices: '0/0/0' });
    expect(lead?.emails[0]).toMatch(/^test-lead-\d{8}-[0-9a-f]+@example\.com$/);
    // Delivered like a real lead; no prepaid lead and no place in the limit taken.
    const deliveries = await queryRows(
      rt.database.db,
      sql`select 1 from lead_deliveries where lead_id = ${answer.data.lead_id}`,
    );
    expect(deliveries).toHaveLength(1);
    expect((await rt.services.billing.prepaid.left([campaign.id])).get(campaign.id)).toBe(3);
    expect((await stored(campaign.id)).status).toBe('running');

    const second = await send(campaign.id);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toBe(TEST_LEAD_TOO_SOON);
  });

  it('lets exactly one of 20 parallel requests through', async () => {
    const campaign = await localCampaign();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(campaign.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 429)).toHaveLength(19);
  });

  it('answers the pipeline’s refusal for a campaign that is not running', async () => {
    const campaign = await localCampaign({ status: 'paused' });
    const res = await send(campaign.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lead_id: null, rejection: expect.any(String) });
  });

  it('answers 404 for another tenant’s campaign and takes no slot', async () => {
    const campaign = await localCampaign();
    expect((await send(campaign.id, otherAgency)).statusCode).toBe(404);
    expect((await stored(campaign.id)).lastTestLeadAt).toBeNull();
  });
});

describe('the demo visitor simulator', () => {
  it('sends page views that become leads of a demo campaign, through the pixel endpoint', async () => {
    const demo = await startTestRuntime({
      demoVisitors: { intervalMs: 200, viewsPerTick: 5, firstTickViews: 5 },
      identities: { people: 500 },
    });
    try {
      const harbor = DEMO_CAMPAIGNS.find((c) => c.module === 'local' && c.status === 'running');
      const [row] = await demo.database.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.publicId, harbor?.publicId ?? ''));
      if (!row) throw new Error('no demo campaign');
      await vi.waitFor(
        async () => {
          const [n] = await queryRows<{ n: number }>(
            demo.database.db,
            sql`select count(*)::int as n from leads where campaign_id = ${row.id} and source = 'pixel'`,
          );
          expect(n?.n).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 250 },
      );
    } finally {
      await demo.close();
    }
  }, 90_000);
});
