import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.js';

/*
 * The data vendor's counts are asked in jobs, never in a request (issue 22, decision 0093): one job
 * per queued count. A vendor that answers slowly gives a ticket; the job then queues itself again to
 * collect the answer when the vendor said it would be ready. An outage marks the count failed (the
 * person retries it); anything else (the database) is retried by the queue, and a count still
 * pending after the last attempt is marked failed.
 */

const countPayload = z.object({ countId: z.number().int().positive() }).strict();

export const keywordCountJob = defineJob({
  name: 'keyword-counts.count',
  payload: countPayload,
  retryLimit: 3,
  retryDelaySeconds: 30,
});

export const enhancementCountJob = defineJob({
  name: 'keyword-counts.enhancement',
  payload: countPayload,
  retryLimit: 3,
  retryDelaySeconds: 30,
});
