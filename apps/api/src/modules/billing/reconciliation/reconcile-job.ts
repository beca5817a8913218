import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { Reconciliation } from './reconcile.js';

/**
 * Reconciliation (decision 0079): daily at 03:30 UTC and once at start, every system compared with
 * its gateways. A run of the same day replaces the day's result, so repeats and retries are harmless.
 */
export const reconcileJob = defineJob({
  name: 'billing.reconcile',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  recurring: { cron: '30 3 * * *' },
  expireInSeconds: 3_600,
});

export function reconcileHandler(deps: {
  reconciliation: Pick<Reconciliation, 'reconcileAll'>;
  log?: (message: string) => void;
  /** Told the run's differences over every system and gateway (the metrics' gauge). */
  onReconciled?: (differences: number) => void;
}): JobHandler<typeof reconcileJob.payload> {
  return {
    spec: reconcileJob,
    async handle() {
      const done = await deps.reconciliation.reconcileAll();
      const runs = done.flatMap((d) => d.runs);
      const differences = runs.reduce((sum, r) => sum + r.differences, 0);
      deps.onReconciled?.(differences);
      deps.log?.(
        `reconciliation: ${done.length} systems, ${runs.reduce((sum, r) => sum + r.checked, 0)} gateway records checked, ${differences} differences`,
      );
    },
  };
}
