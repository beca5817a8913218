import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { MakeRootFeeStatements } from './make-statements.js';
import type { PayRootFeeStatements } from './pay-statements.js';

/**
 * Root fees between systems (decision 0081): on the 1st of each month (UTC), and at every start, the
 * month before is stated for each non-master system and what is due is paid to the master. Both steps
 * are idempotent: a second run, or two at once, make one statement and one transfer per system and month.
 */
export const rootFeesJob = defineJob({
  name: 'billing.root-fees',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 900,
  recurring: { cron: '23 5 1 * *' },
});

export function rootFeesHandler(deps: {
  makeStatements: MakeRootFeeStatements;
  payStatements: PayRootFeeStatements;
  log?: (message: string) => void;
}): JobHandler<typeof rootFeesJob.payload> {
  return {
    spec: rootFeesJob,
    async handle() {
      const { made } = await deps.makeStatements();
      const paid = await deps.payStatements();
      if (made + paid.paid + paid.failed > 0)
        deps.log?.(
          `root fees: ${made} statements made, ${paid.paid} paid, ${paid.failed} refused, ${paid.waiting} without a receiving account`,
        );
    },
  };
}
