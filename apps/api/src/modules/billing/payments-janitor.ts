import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { ChargeOnce } from '../payments/index.js';
import type { OnboardingCharge } from './onboarding-charge.js';

/**
 * The payments janitor (decision 0031), every minute and once at start: operations a crash or an
 * outage left pending longer than the grace period are settled by asking the gateway, then the
 * onboarding charges it recorded are finished (charged flag, coupon, receipt, log).
 */
export const settlePendingJob = defineJob({
  name: 'payments.settle-pending',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '* * * * *' },
});

export function settlePendingHandler(deps: {
  chargeOnce: ChargeOnce;
  onboarding: Pick<OnboardingCharge, 'sweep'>;
  graceSeconds: number;
  now?: () => Date;
  log?: (message: string) => void;
}): JobHandler<typeof settlePendingJob.payload> {
  const now = deps.now ?? (() => new Date());
  return {
    spec: settlePendingJob,
    async handle() {
      const settled = await deps.chargeOnce.settlePending({
        olderThan: new Date(now().getTime() - deps.graceSeconds * 1000),
      });
      const swept = await deps.onboarding.sweep();
      if (settled.recorded + settled.failed + swept.completed + swept.released > 0)
        deps.log?.(
          `payments janitor: ${settled.recorded} recorded, ${settled.failed} not charged, ${swept.completed} onboarding finished, ${swept.released} coupon holds released`,
        );
    },
  };
}
