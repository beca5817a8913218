import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { Clock } from '../../lib/clock.js';
import type { OnboardingCharge } from '../cards/index.js';
import type { ChargeOnce } from '../payments/index.js';
import type { PrepaidRefunds } from './lots/prepaid-refunds.js';

/**
 * The payments janitor (decisions 0031, 0072), every minute and once at start: operations a crash or
 * an outage left pending longer than the grace period are settled by asking the gateway (recording
 * a charge runs its follow-up in the same transaction); charged operations whose follow-up never ran
 * are finished; then the onboarding charges it recorded are finished (charged flag, coupon, receipt, log).
 */
export const settlePendingJob = defineJob({
  name: 'payments.settle-pending',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '* * * * *' },
});

export function settlePendingHandler(deps: {
  chargeOnce: Pick<ChargeOnce, 'settlePending' | 'finishFollowUps'>;
  onboarding: Pick<OnboardingCharge, 'sweep'>;
  graceSeconds: number;
  /** Prepaid refunds a crash or an outage left pending (decision 0078). */
  prepaidRefunds?: Pick<PrepaidRefunds, 'finishPending'>;
  clock: Clock;
  log?: (message: string) => void;
}): JobHandler<typeof settlePendingJob.payload> {
  return {
    spec: settlePendingJob,
    async handle() {
      const olderThan = new Date(deps.clock.now().getTime() - deps.graceSeconds * 1000);
      const settled = await deps.chargeOnce.settlePending({ olderThan });
      const finished = await deps.chargeOnce.finishFollowUps({ olderThan });
      const swept = await deps.onboarding.sweep();
      const refunds = (await deps.prepaidRefunds?.finishPending(olderThan)) ?? 0;
      if (settled.recorded + settled.failed + finished + swept.completed + swept.released + refunds > 0)
        deps.log?.(
          `payments janitor: ${settled.recorded} recorded, ${settled.failed} not charged, ${finished} follow-ups finished, ${swept.completed} onboarding finished, ${swept.released} coupon holds released, ${refunds} prepaid refunds finished`,
        );
    },
  };
}
