import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { PeriodInvoicing } from './invoice-periods.js';

/**
 * Weekly and Monthly invoices (decisions 0074, 0086), every ten minutes and once at start: each run
 * writes what every schedule owes by the clock, then charges every open invoice. Runs may overlap or repeat: one invoice per
 * period, one charge per obligation.
 */
export const invoicePeriodsJob = defineJob({
  name: 'billing.invoice-periods',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  recurring: { cron: '*/10 * * * *' },
});

export function invoicePeriodsHandler(deps: {
  invoicing: Pick<PeriodInvoicing, 'run'>;
  log?: (message: string) => void;
}): JobHandler<typeof invoicePeriodsJob.payload> {
  return {
    spec: invoicePeriodsJob,
    async handle() {
      const done = await deps.invoicing.run();
      if (done.invoices + done.charged + done.failed > 0)
        deps.log?.(
          `billing: ${done.invoices} invoices written, ${done.charged} invoices charged, ${done.failed} declined`,
        );
    },
  };
}
