import { LEAD_MODULES, moduleEntry } from '@app/contracts';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SiteTestRepository } from './site-test-repository.js';
import type { SiteTestService } from './site-test-service.js';

/*
 * The scheduled site check (issue 11: "a scheduled check keeps each running local campaign's embed
 * status current", decision 0050): every 10 minutes, the running campaigns of the pixel modules
 * whose last check is 6 hours old or more (never checked first) are checked again, two at a time,
 * at most `perRun` per run; a full run queues the next one.
 */

export const embedCheckJob = defineJob({
  name: 'site-tests.embed-check',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '*/10 * * * *' },
});

/** A campaign's embed status is at most this old while it runs. */
export const EMBED_CHECK_EVERY_SECONDS = 6 * 3600;
/** Sites fetched at once: outbound requests from the worker stay few. */
const CONCURRENCY = 2;
const PIXEL_MODULES = LEAD_MODULES.filter((m) => moduleEntry(m).leadSource === 'pixel');

export function createEmbedRecheck(deps: {
  repo: SiteTestRepository;
  service: Pick<SiteTestService, 'checkAndStore'>;
  log: (message: string, detail?: unknown) => void;
}) {
  /** Checks up to `limit` due campaigns; answers how many were due. */
  return async function recheckDue(limit: number): Promise<number> {
    const due = await deps.repo.dueForCheck(PIXEL_MODULES, EMBED_CHECK_EVERY_SECONDS, limit);
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const campaign = due[next++];
        if (!campaign) break;
        try {
          await deps.service.checkAndStore(campaign, campaign.urlCode);
        } catch (err) {
          deps.log('scheduled site check failed', { campaignId: campaign.id, error: String(err) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, lane));
    return due.length;
  };
}

export function embedCheckHandler(deps: {
  recheckDue: (limit: number) => Promise<number>;
  queue: Pick<JobQueue, 'trigger'>;
  perRun?: number;
}): JobHandler<typeof embedCheckJob.payload> {
  const perRun = deps.perRun ?? 40;
  return {
    spec: embedCheckJob,
    async handle() {
      const checked = await deps.recheckDue(perRun);
      if (checked === perRun) await deps.queue.trigger(embedCheckJob, {});
    },
  };
}
