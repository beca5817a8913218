import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { MinimumSpendCharges } from './minimum-spend-charges.js';

/**
 * Minimum spend's monthly shortfall (decision 0077), every hour and once at start: a month ends at a
 * local midnight; the run writes each ended month once, charges the open ones once and queues their
 * notices once, however often or concurrently it runs.
 */
export const minimumSpendJob = defineJob({
  name: 'billing.minimum-spend',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  recurring: { cron: '7 * * * *' },
});

export function minimumSpendHandler(deps: {
  charges: Pick<MinimumSpendCharges, 'run'>;
  notices: { send(): Promise<number> };
  log?: (message: string) => void;
}): JobHandler<typeof minimumSpendJob.payload> {
  return {
    spec: minimumSpendJob,
    async handle() {
      const done = await deps.charges.run();
      const notices = await deps.notices.send();
      if (done.months + done.charged + done.failed + notices > 0)
        deps.log?.(
          `minimum spend: ${done.months} months written, ${done.charged} shortfalls charged, ${done.failed} refused, ${notices} notices`,
        );
    },
  };
}
