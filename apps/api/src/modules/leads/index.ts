import { LEAD_MODULES, type LeadModule, moduleEntry } from '@app/contracts';
import type { Database, SqlExecutor } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import { createDrainLoop } from '../../jobs/drain-loop.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { vendorListJob, vendorListSweepJob } from '../../jobs/vendor-list.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { clusterInvalidation } from '../../lib/cluster-invalidation.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { AdPlatform } from '../../providers/ad-platform/index.js';
import type { IdentityResolver } from '../../providers/identities/index.js';
import type { PrepaidLots } from '../billing/index.js';
import type { MailService } from '../mail/index.js';
import { createModuleAccess } from '../tenancy/index.js';
import { adConversionsHandler, adConversionsJob, createAdConversions } from './ad-conversions.js';
import { createBilledLeads, createFirstDelivery, createRootFeeCounts } from './billed-leads.js';
import { createVendorLists } from './daily-list.js';
import { loadIngestCampaigns } from './ingest-campaigns.js';
import { createIngestService, type MoveBySystem } from './ingest-service.js';
import { createIntakeRepository, createPageViewInsert } from './intake-repository.js';
import { createIntakeWriter } from './intake-writer.js';
import { createLeadCounts } from './lead-counts.js';
import { createLeadDelivery } from './lead-delivery.js';
import type { OwingInvoices } from './payment-gate.js';
import { createPixelHitStore } from './pixel-hit-store.js';
import { createPixelRateLimit } from './pixel-rate-limit.js';
import { pixelRoutes } from './pixel-routes.js';
import { createTestLeads } from './test-leads.js';
import { vendorCallbackRoutes } from './vendor-callback-routes.js';
import { vendorListHandler, vendorListSweepHandler } from './vendor-list-jobs.js';
import { createWaker } from './wake.js';

export type { BilledLeads, BilledWindow, FirstDelivery, RootFeeCounts } from './billed-leads.js';
export type { BatchOutcome, IngestService, MoveBySystem } from './ingest-service.js';
export { leadLag } from './lag.js';
export type { LeadCounts } from './lead-counts.js';
export type { LeadDelivery } from './lead-delivery.js';
export { MAX_DELIVERY_ATTEMPTS } from './lead-delivery.js';
export { createLeadPayloads } from './lead-payloads.js';
export type { TestLeadOutcome, TestLeads } from './test-leads.js';
export { adConversionsJob, vendorListJob, vendorListSweepJob };

/** The cluster event that tells every worker's ingest loop that intake rows were written. */
export const INTAKE_TOPIC = 'leads.intake';

/**
 * How long a public id → running campaign answer is reused: a move reaches every process's pixel at
 * once through the cluster events; this bounds only what a lost event costs.
 */
const CAMPAIGN_CACHE_MS = 5_000;
/** The modules whose leads start at the first-party pixel (the catalogue's lead source). */
const PIXEL_MODULES = LEAD_MODULES.filter((module) => moduleEntry(module).leadSource === 'pixel');

/**
 * The lead engine's ingestion (issue 11, decisions 0037 and 0046): the pixel endpoint and the
 * vendor callback store what arrives in the intake table; every worker's ingest loop takes it
 * through the pipeline and the claim, and its delivery loop hands stored leads to the mail outbox
 * (decision 0122); the vendor-list
 * jobs drip enhance and b2b campaigns' daily lists into the intake, and the ad-conversions job feeds
 * the visitors the ad platform brought to locator campaigns (decision 0051).
 */
export function createLeadsModule(deps: {
  db: Database;
  /** The same database's plain SQL access: the page views' prepared INSERT. */
  sql: Pick<SqlExecutor, 'executePrepared'>;
  queue: Pick<JobQueue, 'enqueue'>;
  resolver: IdentityResolver;
  /** The ad platform locator campaigns are mirrored to: their visitors are polled from it. */
  adPlatform: AdPlatform;
  mail: Pick<MailService, 'queueEmails'>;
  vendorSecret: string;
  pixelPerMinute: number;
  /** Batches at once (each claims in one transaction): 1 on PGlite (one connection). */
  concurrency: { lanes: number };
  /** The payment gate (decision 0075): which companies owe a declined invoice. */
  owingInvoices: OwingInvoices;
  log: (message: string, detail?: unknown) => void;
  /** Runs a drain loop's batch with its own log id (the process log's `inBatch`). */
  batchLog?: (loop: string, batch: () => Promise<number>) => Promise<number>;
  /** Tests: the delivery job's retry delay. */
  deliveryRetryDelaySeconds?: (attempts: number) => number;
  /** The campaigns module's move by the system: pausing on run goes through the one move path. */
  moveBySystem: MoveBySystem;
  /** Leads were stored (their integration deliveries are due): the delivery engine's wake-up. */
  onLeadsStored?: () => void;
  /** Prepaid leads as ledger lots (the billing module's): spent in the claim, capping daily lists. */
  prepaid: Pick<PrepaidLots, 'lockLeft' | 'use' | 'left'>;
  /** Carries a campaign's move to every process's campaign cache, and new intake rows to every worker. */
  events: Pick<ClusterEvents, 'publish' | 'subscribe'>;
}) {
  const { db, queue } = deps;
  const intake = createIntakeRepository(db);
  const onError = (err: unknown) => deps.log('could not announce new intake rows', String(err));
  // Every worker process drains the intake and the due deliveries (decision 0122).
  const batchLog = deps.batchLog;
  const ingestLoop = createDrainLoop({
    settings: { lanes: deps.concurrency.lanes, batchSize: 500, gatherMs: 100, idlePollMs: 1_000 },
    step: async (limit) => (await ingest.processNextBatch(limit))?.rows ?? 0,
    onError: (err) => deps.log('lead ingestion failed', String(err)),
    around: batchLog && ((batch) => batchLog('leads.ingest', batch)),
  });
  const deliveryLoop = createDrainLoop({
    settings: { lanes: 1, batchSize: 100, gatherMs: 100, idlePollMs: 1_000 },
    step: async (limit) => {
      const done = await delivery.deliverDue(limit);
      return done.delivered + done.retried + done.failed;
    },
    onError: (err) => deps.log('lead delivery failed', String(err)),
    around: batchLog && ((batch) => batchLog('leads.deliver', batch)),
  });
  // This process's loop at once; the other processes' through a cluster event.
  const ingestWaker = createWaker(
    async () => {
      ingestLoop.wake();
      await deps.events.publish(INTAKE_TOPIC);
    },
    100,
    onError,
  );
  let stopHearing = () => {};
  const writer = createIntakeWriter({ insert: createPageViewInsert(deps.sql), onStored: ingestWaker.wake });

  const campaignCache = new TtlCache<number | null>(CAMPAIGN_CACHE_MS, 20_000);
  /** The module lists the cache is keyed under (`<modules>:<public id>`). */
  const cachePrefixes: string[] = [];
  const forgetCampaign = clusterInvalidation({
    events: deps.events,
    topic: 'leads.campaign-moved',
    forget: (publicId) => {
      for (const prefix of cachePrefixes) campaignCache.delete(prefix + publicId);
    },
    forgetAll: () => campaignCache.clear(),
  });
  /** The running campaign of one of `modules` by public id: the cached answer at once, else a promise. */
  const runningCampaignOf = (modules: readonly LeadModule[]) => {
    const prefix = `${modules.join(',')}:`;
    cachePrefixes.push(prefix);
    return (publicId: string) =>
      campaignCache.valueOrLoad(prefix + publicId, () => intake.runningCampaignId(publicId, modules));
  };

  const runningLeadCampaign = runningCampaignOf(LEAD_MODULES);

  const testLeads = createTestLeads({ db, intake, wake: ingestWaker.wake });
  const ingest = createIngestService({
    db,
    intake,
    resolver: deps.resolver,
    log: deps.log,
    onDeliveriesQueued: deliveryLoop.wake,
    onLeadsStored: deps.onLeadsStored,
    moveBySystem: deps.moveBySystem,
    onBatchDone: testLeads.batchDone,
    moduleAccess: createModuleAccess(db),
    owingInvoices: deps.owingInvoices,
    prepaid: deps.prepaid,
  });
  const delivery = createLeadDelivery({
    db,
    mail: deps.mail,
    retryDelaySeconds: deps.deliveryRetryDelaySeconds,
  });
  const vendorLists = createVendorLists({ db, intake, resolver: deps.resolver, prepaid: deps.prepaid });
  const adConversions = createAdConversions({ db, intake, platform: deps.adPlatform, log: deps.log });
  // Shared by every API process: counted here, summed in `pixel_hits` about once a second.
  const rateLimit = createPixelRateLimit({
    perMinute: deps.pixelPerMinute,
    store: createPixelHitStore(deps.sql),
    log: (message) => deps.log(message),
  });

  const handlers: JobHandler[] = [
    vendorListSweepHandler({ lists: vendorLists, queue }),
    vendorListHandler({ lists: vendorLists }),
    adConversionsHandler({ conversions: adConversions, wakeIngest: ingestWaker.wake }),
  ];

  return {
    routes: [
      pixelRoutes({
        writer,
        allow: rateLimit.allow,
        runningLocalCampaign: runningCampaignOf(PIXEL_MODULES),
      }),
      vendorCallbackRoutes({
        db,
        secret: deps.vendorSecret,
        runningCampaign: async (publicId) => runningLeadCampaign(publicId),
        onStored: ingestWaker.wake,
      }),
    ],
    handlers,
    /** For the runtime's shutdown, tests and the benchmark. */
    leads: {
      /** What campaigns delivered in their windows, per price (the billing module's invoices). */
      billedLeads: createBilledLeads(db),
      /** Leads per day and around a day, for reports (decision 0083). */
      counts: createLeadCounts(db),
      /** What a system's campaigns delivered in a window, per root fee (its root-fee statement, decision 0081). */
      rootFeeCounts: createRootFeeCounts(db),
      /** When a system's campaigns delivered their first lead: its root-fee months start there (decision 0088). */
      firstDeliveredAt: createFirstDelivery(db),
      /** The three prices a campaign's next lead gets (the demo's history leads are priced by them). */
      pricesOf: async (campaignId: number) =>
        (await loadIngestCampaigns(db, [campaignId])).get(campaignId)?.prices ?? null,
      ingest,
      delivery,
      vendorLists,
      adConversions,
      intake,
      /** A site test's synthetic lead through the pipeline, and its outcome (decision 0050). */
      testLeads,
      /** Waits until every page view acknowledged so far is stored. */
      flushIntake: writer.drain,
      /** A campaign moved (paused, stopped, resumed…): every process's pixel asks again. */
      forgetCampaign: (publicId: string) => forgetCampaign(publicId),
      forgetCampaigns: () => forgetCampaign(),
      /**
       * The worker's loops over the intake and the due deliveries, started where jobs are worked; the
       * ingest loop also wakes when another process announces intake rows (a lost notice is covered
       * by the loop's poll).
       */
      startEngines() {
        ingestLoop.start();
        deliveryLoop.start();
        stopHearing = deps.events.subscribe(INTAKE_TOPIC, {
          message: ingestLoop.wake,
          missed: ingestLoop.wake,
        });
      },
      /** What this process's loops took (its share of the cluster's work). */
      engineStats: () => ({ ingest: ingestLoop.stats(), delivery: deliveryLoop.stats() }),
      /** Intake rows were written outside the module (a benchmark's inserts): the ingest loop looks now. */
      wakeIngest: ingestLoop.wake,
      async stop() {
        stopHearing();
        ingestWaker.stop();
        await Promise.all([ingestLoop.stop(), deliveryLoop.stop()]);
      },
      /** Stops the pixel limit's flushes, sending what it counted (before the database closes). */
      stopPixelLimit: () => rateLimit.stop(),
    },
  };
}
