import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { vendorListJob, vendorListSweepJob } from '../../jobs/vendor-list.js';
import type { VendorLists } from './daily-list.js';
import type { IngestService } from './ingest-service.js';
import type { IntakeRepository } from './intake-repository.js';
import type { LeadDelivery } from './lead-delivery.js';

/*
 * The lead engine's jobs. Ingest and delivery are recurring (every minute, a safety net) and woken
 * by the code that writes their rows; pg-boss's stately queues keep one queued and one running at
 * a time, and a run works until its table is empty (or its time slice ends, then it queues the
 * next run), so a burst is drained by one run, not by thousands of jobs (decision 0046). An ingest
 * run keeps all its lanes working while rows keep arriving (decision 0055): a lane that finds the
 * intake empty waits a moment and looks again, and the run ends when no lane found rows for a second.
 */

/** One run's time slice: long enough to drain bursts, short enough to stop promptly. */
const SLICE_MS = 20_000;
/**
 * A run older than this is taken for dead (decision 0068): its worker was killed, and the stately
 * queue would start no other run until pg-boss's default 15 minutes had passed, while the pixel
 * kept storing page views nobody ingested. Three slices: room for the slice's last batch on a busy
 * machine. With the queue's maintenance interval and its polling, a successor can start within the
 * intake rows' lease (lead-jobs.test.ts checks the sum): page views keep being ingested meanwhile,
 * and the rows the dead run had leased are due again, for the next run, when their lease ends.
 */
export const RUN_EXPIRES_SECONDS = 60;
/** An ingest run ends once its lanes found nothing due for this long. */
const IDLE_MS = 1_000;
/** How long a lane that caught up with the intake waits before it leases again. */
const GATHER_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ingestLeadsJob = defineJob({
  name: 'leads.ingest',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 5,
  recurring: { cron: '* * * * *' },
  expireInSeconds: RUN_EXPIRES_SECONDS,
});

export const deliverLeadsJob = defineJob({
  name: 'leads.deliver',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 5,
  recurring: { cron: '* * * * *' },
  expireInSeconds: RUN_EXPIRES_SECONDS,
});

export function ingestLeadsHandler(deps: {
  ingest: IngestService;
  intake: IntakeRepository;
  queue: Pick<JobQueue, 'trigger'>;
  /** Batches processed at once by this worker (each leases its own rows). */
  lanes: number;
  batchSize: number;
}): JobHandler<typeof ingestLeadsJob.payload> {
  return {
    spec: ingestLeadsJob,
    async handle() {
      const until = Date.now() + SLICE_MS;
      // When any lane last found rows: the run ends once none has for IDLE_MS.
      let lastWork = Date.now();
      const lane = async () => {
        while (Date.now() < until) {
          const outcome = await deps.ingest.processNextBatch(deps.batchSize);
          if (outcome) lastWork = Date.now();
          else if (Date.now() - lastWork >= IDLE_MS) return;
          // A full batch: more is waiting, lease again at once. A partial or empty one: the lane
          // has caught up with the arrivals (a stream of page views); it waits a moment for the
          // next ones to gather instead of leaving the run, which a new job would have to restart.
          if (!outcome || outcome.rows < deps.batchSize) await sleep(GATHER_MS);
        }
      };
      await Promise.all(Array.from({ length: deps.lanes }, lane));
      if (await deps.intake.hasDue()) await deps.queue.trigger(ingestLeadsJob, {});
    },
  };
}

export function deliverLeadsHandler(deps: {
  delivery: LeadDelivery;
  queue: Pick<JobQueue, 'trigger'>;
}): JobHandler<typeof deliverLeadsJob.payload> {
  return {
    spec: deliverLeadsJob,
    async handle() {
      const until = Date.now() + SLICE_MS;
      let more = true;
      while (more && Date.now() < until) {
        const done = await deps.delivery.deliverDue(100);
        more = done.delivered + done.retried + done.failed > 0;
      }
      if (more) await deps.queue.trigger(deliverLeadsJob, {});
    },
  };
}

/** Every ten minutes: a list job for each enhance / b2b campaign whose local day has no list yet. */
export function vendorListSweepHandler(deps: {
  lists: VendorLists;
  queue: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
}): JobHandler<typeof vendorListSweepJob.payload> {
  return {
    spec: vendorListSweepJob,
    async handle() {
      for (const run of await deps.lists.dueRuns(deps.now?.() ?? new Date()))
        await deps.queue.enqueue(vendorListJob, run.payload);
    },
  };
}

/** One campaign's list for its day; a vendor outage throws, and the queue retries with back-off. */
export function vendorListHandler(deps: {
  lists: VendorLists;
  now?: () => Date;
}): JobHandler<typeof vendorListJob.payload> {
  return {
    spec: vendorListJob,
    async handle(payload) {
      await deps.lists.run(payload, deps.now?.() ?? new Date());
    },
  };
}
