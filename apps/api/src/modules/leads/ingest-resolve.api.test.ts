import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import type { IdentityResolver, VisitorInput } from '../../providers/identities/index.js';
import { createModuleAccess } from '../tenancy/index.js';
import { createIngestService } from './ingest-service.js';

/*
 * The ingest batch asks the identity resolver about all its page views in one call (decision
 * 0055): a visit the resolver refuses is rejected alone, with its reason, an outage leaves every view of the call for
 * its next lease, and the views that resolve become leads as before. The service is built here
 * around the runtime's sandbox resolver, wrapped to count calls and to fail on demand.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 500, seed: 'ingest-resolve' } },
    { IN_PROCESS_WORKER: 'false' },
  );
  await rt.services.identityResolver.ensureSeeded();
});
afterAll(() => rt.close());

function wrappedResolver() {
  const sandbox = rt.services.identityResolver;
  const calls: number[] = [];
  let outages = 0;
  const resolver: IdentityResolver = {
    name: sandbox.name,
    resolveVisitor: (visit) => sandbox.resolveVisitor(visit),
    lookupList: (request) => sandbox.lookupList(request),
    async resolveVisitors(visits) {
      calls.push(visits.length);
      if (outages > 0) {
        outages -= 1;
        throw new Error('vendor unavailable');
      }
      return sandbox.resolveVisitors(visits);
    },
  };
  return { resolver, calls, failNext: (n: number) => (outages = n) };
}

function serviceWith(resolver: IdentityResolver) {
  const logged: string[] = [];
  const ingest = createIngestService({
    db: rt.database.db,
    intake: rt.services.leads.intake,
    resolver,
    log: (message) => logged.push(message),
    onDeliveriesQueued: () => {},
    moveBySystem: async () => {},
    moduleAccess: createModuleAccess(rt.database.db),
    owingInvoices: rt.services.payments.failures.owingInvoices,
    prepaid: rt.services.billing.prepaid,
  });
  return { ingest, logged };
}

const view = (vid: string, ip = '203.0.113.9') => ({
  vid,
  url: 'https://client-site.example/pricing',
  ref: '',
  ip,
  ua: 'Mozilla/5.0',
});

async function feedViews(campaignId: number, views: ReturnType<typeof view>[]) {
  await rt.services.leads.intake.insert(
    views.map((payload) => ({ campaignId, source: 'pixel' as const, payload })),
  );
}

async function intakeOf(campaignId: number) {
  return queryRows<{ id: number; attempts: number }>(
    rt.database.db,
    sql`select id, attempts from lead_intake where campaign_id = ${campaignId} order by id`,
  );
}

/** What the sandbox itself says of these views: the distinct people they resolve to. */
async function expectedPeople(publicId: string, views: ReturnType<typeof view>[]) {
  const answers = await rt.services.identityResolver.resolveVisitors(
    views.map(
      (v): VisitorInput => ({
        visitorKey: v.vid,
        ip: v.ip,
        userAgent: v.ua,
        pageUrl: v.url,
        campaignId: publicId,
      }),
    ),
  );
  return new Set(answers.flatMap((a) => (a.status === 'resolved' ? [a.identity.emailMd5] : [])));
}

describe('page views resolved per batch', () => {
  it('asks the resolver once for the batch, rejects only the refused view, and stores the resolved people', async () => {
    const campaign = await insertCampaign(rt.database.db, { module: 'local', reidentification: '30' });
    const views = Array.from({ length: 40 }, (_, i) =>
      view(`resolve-batch-visitor-${String(i).padStart(4, '0')}`),
    );
    const refused = view('resolve-batch-visitor-refused', 'not an address');
    await feedViews(campaign.id, [...views.slice(0, 20), refused, ...views.slice(20)]);
    const { resolver, calls } = wrappedResolver();
    const { ingest, logged } = serviceWith(resolver);

    const outcome = await ingest.processNextBatch(100);
    expect(calls).toEqual([41]);
    expect(logged).toEqual(['lead intake row rejected']);
    expect(await intakeOf(campaign.id)).toEqual([]);
    const people = await expectedPeople(campaign.publicId, views);
    expect(people.size).toBeGreaterThan(0);
    const { leads } = await outcomes(rt.database.db, campaign.id);
    expect(new Set(leads.map((l) => l.identity_md5))).toEqual(people);
    expect(leads).toHaveLength(people.size);
    expect(outcome).toMatchObject({ rows: 41, leads: people.size, retried: 0 });
    // The refused view is on record with its reason, not gone without a trace.
    const { rejections } = await outcomes(rt.database.db, campaign.id);
    expect(rejections.filter((r) => r.step === 'intake')).toEqual([
      { step: 'intake', reason: 'visit_refused', identity_md5: null },
    ]);
  });

  it('leaves every view of a failed call for its next lease, then stores them once', async () => {
    const campaign = await insertCampaign(rt.database.db, { module: 'local', reidentification: '30' });
    const views = Array.from({ length: 30 }, (_, i) =>
      view(`resolve-outage-visitor-${String(i).padStart(4, '0')}`),
    );
    await feedViews(campaign.id, views);
    const { resolver, calls, failNext } = wrappedResolver();
    const { ingest } = serviceWith(resolver);

    failNext(1);
    expect(await ingest.processNextBatch(100)).toMatchObject({ rows: 30, leads: 0, retried: 30 });
    const leased = await intakeOf(campaign.id);
    expect(leased.map((r) => r.attempts)).toEqual(views.map(() => 1));
    expect(await outcomes(rt.database.db, campaign.id)).toEqual({ leads: [], rejections: [] });

    // The lease runs out (made so here rather than waited for): the rows come back and resolve.
    await rt.database.db.execute(
      sql`update lead_intake set lease_until = now() - interval '1 second' where campaign_id = ${campaign.id}`,
    );
    const again = await ingest.processNextBatch(100);
    expect(calls).toEqual([30, 30]);
    const people = await expectedPeople(campaign.publicId, views);
    expect(again).toMatchObject({ rows: 30, leads: people.size, retried: 0 });
    expect(await intakeOf(campaign.id)).toEqual([]);
    expect((await outcomes(rt.database.db, campaign.id)).leads).toHaveLength(people.size);
  });
});
