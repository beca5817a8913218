import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { MakeRootFeeStatements } from './make-statements.js';
import type { PayRootFeeStatements } from './pay-statements.js';

/**
 * Root fees between systems (decisions 0081, 0088): every hour, and at every start, each non-master
 * system's months not stated yet are stated, then every statement due is paid to the master — and a
 * refused one once its next attempt is due (the back-off counts in days; the hour keeps it close). Both
 * steps are idempotent: any number of runs, at once or not, make one statement and one transfer per
 * system and month.
 */
export const rootFeesJob = defineJob({
  name: 'billing.root-fees',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 900,
  recurring: { cron: '23 * * * *' },
});

/** One run: what has ended is stated, then what is due is paid. */
export function createRootFeeRun(deps: {
  makeStatements: MakeRootFeeStatements;
  payStatements: PayRootFeeStatements;
}) {
  return async function runRootFees() {
    const { made } = await deps.makeStatements();
    return { made, ...(await deps.payStatements()) };
  };
}

export type RunRootFees = ReturnType<typeof createRootFeeRun>;

export function rootFeesHandler(deps: {
  run: RunRootFees;
  log?: (message: string) => void;
}): JobHandler<typeof rootFeesJob.payload> {
  return {
    spec: rootFeesJob,
    async handle() {
      const done = await deps.run();
      if (done.made + done.paid + done.failed > 0)
        deps.log?.(
          `root fees: ${done.made} statements made, ${done.paid} paid, ${done.failed} refused, ${done.waiting} without a receiving account`,
        );
    },
  };
}
