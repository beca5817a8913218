import { LEAD_MODULES, type LeadModule, moduleEntry } from '@app/contracts';
import type { Database, SqlExecutor } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { vendorListJob, vendorListSweepJob } from '../../jobs/vendor-list.js';
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
import {
  deliverLeadsHandler,
  deliverLeadsJob,
  ingestLeadsHandler,
  ingestLeadsJob,
  vendorListHandler,
  vendorListSweepHandler,
} from './lead-jobs.js';
import type { OwingInvoices } from './payment-gate.js';
import { createPixelRateLimit } from './pixel-rate-limit.js';
import { pixelRoutes } from './pixel-routes.js';
import { createTestLeads } from './test-leads.js';
import { vendorCallbackRoutes } from './vendor-callback-routes.js';
import { createWaker } from './wake.js';

export type { BilledLeads, BilledWindow, FirstDelivery, RootFeeCounts } from './billed-leads.js';
export type { BatchOutcome, IngestService, MoveBySystem } from './ingest-service.js';
export type { LeadCounts } from './lead-counts.js';
export type { LeadDelivery } from './lead-delivery.js';
export { MAX_DELIVERY_ATTEMPTS } from './lead-delivery.js';
export { createLeadPayloads } from './lead-payloads.js';
export type { TestLeadOutcome, TestLeads } from './test-leads.js';
export { adConversionsJob, deliverLeadsJob, ingestLeadsJob, vendorListJob, vendorListSweepJob };

/** How long a public id → running campaign answer is reused (a pause reaches the pixel within it). */
const CAMPAIGN_CACHE_MS = 5_000;
/** The modules whose leads start at the first-party pixel (the catalogue's lead source). */
const PIXEL_MODULES = LEAD_MODULES.filter((module) => moduleEntry(module).leadSource === 'pixel');

/**
 * The lead engine's ingestion (issue 11, decisions 0037 and 0046): the pixel endpoint and the
 * vendor callback store what arrives in the intake table; the ingest job takes it through the
 * pipeline and the claim; the delivery job hands stored leads to the mail outbox; the vendor-list
 * jobs drip enhance and b2b campaigns' daily lists into the intake, and the ad-conversions job feeds
 * the visitors the ad platform brought to locator campaigns (decision 0051).
 */
export function createLeadsModule(deps: {
  db: Database;
  /** The same database's plain SQL access: the page views' prepared INSERT. */
  sql: Pick<SqlExecutor, 'executePrepared'>;
  queue: Pick<JobQueue, 'trigger' | 'enqueue'>;
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
  /** Tests: the delivery job's retry delay. */
  deliveryRetryDelaySeconds?: (attempts: number) => number;
  /** The campaigns module's move by the system: pausing on run goes through the one move path. */
  moveBySystem: MoveBySystem;
  /** Leads were stored (their integration deliveries are due): the delivery engine's wake-up. */
  onLeadsStored?: () => void;
  /** Prepaid leads as ledger lots (the billing module's): spent in the claim, capping daily lists. */
  prepaid: Pick<PrepaidLots, 'lockLeft' | 'use' | 'left'>;
}) {
  const { db, queue } = deps;
  const intake = createIntakeRepository(db);
  const onError = (err: unknown) => deps.log('could not queue a lead job', String(err));
  const ingestWaker = createWaker(() => queue.trigger(ingestLeadsJob, {}), 100, onError);
  const deliveryWaker = createWaker(() => queue.trigger(deliverLeadsJob, {}), 250, onError);
  const writer = createIntakeWriter({ insert: createPageViewInsert(deps.sql), onStored: ingestWaker.wake });

  const campaignCache = new TtlCache<number | null>(CAMPAIGN_CACHE_MS, 20_000);
  /** The running campaign of one of `modules` by public id: the cached answer at once, else a promise. */
  const runningCampaignOf = (modules: readonly LeadModule[]) => {
    const prefix = `${modules.join(',')}:`;
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
    onDeliveriesQueued: deliveryWaker.wake,
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
  const rateLimit = createPixelRateLimit({ perMinute: deps.pixelPerMinute });

  const handlers: JobHandler[] = [
    ingestLeadsHandler({ ingest, intake, queue, lanes: deps.concurrency.lanes, batchSize: 500 }),
    deliverLeadsHandler({ delivery, queue }),
    vendorListSweepHandler({ lists: vendorLists, queue }),
    vendorListHandler({ lists: vendorLists }),
    adConversionsHandler({ conversions: adConversions, queue }),
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
      forgetCampaigns: () => campaignCache.clear(),
      stop() {
        ingestWaker.stop();
        deliveryWaker.stop();
      },
    },
  };
}
