import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { vendorListJob, vendorListSweepJob } from '../../jobs/vendor-list.js';
import type { VendorLists } from './daily-list.js';

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
