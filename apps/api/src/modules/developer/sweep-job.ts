import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';

/**
 * Hourly: forgets the Open API's done Idempotency-Keys after a day (as Stripe does) and rate-limit
 * windows that ended over an hour ago (decisions 0101, 0102). Idempotent: a second run finds nothing.
 */
export const openApiSweepJob = defineJob({
  name: 'open-api.sweep',
  payload: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 60,
  recurring: { cron: '17 * * * *' },
});

export const openApiSweepHandler = (deps: {
  sweepRateLimits: () => Promise<void>;
  sweepIdempotencyKeys: () => Promise<number>;
}): JobHandler<typeof openApiSweepJob.payload> => ({
  spec: openApiSweepJob,
  async handle() {
    await deps.sweepRateLimits();
    await deps.sweepIdempotencyKeys();
  },
});
