import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { createCommissionEarning } from './earn-commissions.js';
import type { createCommissionPayouts } from './pay-commissions.js';
import type { CommissionReversal } from './reverse-commissions.js';

/**
 * Sales commissions (decision 0080): earned every ten minutes on what was collected since (and
 * reversed on what was refunded, decision 0084), paid out
 * once a month per person (the daily run pays the month before once; later runs find it paid).
 */
export const commissionsJob = defineJob({
  name: 'billing.sales-commissions',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  recurring: { cron: '*/10 * * * *' },
});

export const commissionPayoutsJob = defineJob({
  name: 'billing.commission-payouts',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 900,
  recurring: { cron: '41 6 * * *' },
});

export function commissionsHandler(deps: {
  earn: ReturnType<typeof createCommissionEarning>;
  reverse: CommissionReversal;
  log?: (message: string) => void;
}): JobHandler<typeof commissionsJob.payload> {
  return {
    spec: commissionsJob,
    async handle() {
      const done = await deps.earn();
      if (done.earned > 0) deps.log?.(`commissions: ${done.earned} earned, ${done.amount} cents`);
      // After earning: a charge refunded before its commission was earned is earned, then reversed.
      const back = await deps.reverse();
      if (back.reversed > 0)
        deps.log?.(`commissions: ${back.reversed} reversed on refunds, ${back.amount} cents`);
    },
  };
}

export function commissionPayoutsHandler(deps: {
  payOut: ReturnType<typeof createCommissionPayouts>;
  log?: (message: string) => void;
}): JobHandler<typeof commissionPayoutsJob.payload> {
  return {
    spec: commissionPayoutsJob,
    async handle() {
      const done = await deps.payOut();
      if (done.paid + done.failed > 0)
        deps.log?.(
          `commission payouts: ${done.paid} paid, ${done.failed} refused, ${done.waiting} without an account`,
        );
    },
  };
}
