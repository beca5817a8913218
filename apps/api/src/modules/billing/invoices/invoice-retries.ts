import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { Clock } from '../../../lib/clock.js';
import type { PaymentResume } from '../settlement/payment-resume.js';
import type { PeriodInvoicing } from './invoice-periods.js';
import type { InvoiceRepository } from './invoice-repository.js';
import { retryAt } from './retry-schedule.js';

/**
 * Scheduled retries of declined invoices (decision 0075): at +1, +3 and +5 days after the first
 * decline by the clock, each retry taken by one run (`claimRetry`) and charged under the invoice's
 * obligation (`<obligation>:attempt-<n>`, so concurrent runs make one charge). A retry that pays
 * settles the failure in the charge's own transaction; then what it paused runs again.
 */
export function createInvoiceRetries(deps: {
  repo: Pick<InvoiceRepository, 'retriesDue' | 'claimRetry'>;
  invoicing: Pick<PeriodInvoicing, 'charge'>;
  resume: Pick<PaymentResume, 'resumeSettled'>;
  clock: Clock;
}) {
  return {
    async run(options: { limit?: number } = {}) {
      const done = { retried: 0, paid: 0, failed: 0, resumed: 0 };
      for (const invoice of await deps.repo.retriesDue(deps.clock.now(), options.limit ?? 500)) {
        const first = invoice.firstFailedAt ?? invoice.issuedAt;
        const next = retryAt(first, invoice.retries + 1);
        if (!(await deps.repo.claimRetry(invoice.id, invoice.retries, next))) continue;
        done.retried += 1;
        const outcome = await deps.invoicing.charge(invoice, { retry: true });
        if (outcome === 'paid') done.paid += 1;
        if (outcome === 'failed') done.failed += 1;
      }
      done.resumed = await deps.resume.resumeSettled();
      return done;
    },
  };
}

export type InvoiceRetries = ReturnType<typeof createInvoiceRetries>;

export const invoiceRetriesJob = defineJob({
  name: 'billing.invoice-retries',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  recurring: { cron: '17 * * * *' },
});

export function invoiceRetriesHandler(deps: {
  retries: Pick<InvoiceRetries, 'run'>;
  log?: (message: string) => void;
}): JobHandler<typeof invoiceRetriesJob.payload> {
  return {
    spec: invoiceRetriesJob,
    async handle() {
      const done = await deps.retries.run();
      if (done.retried + done.resumed > 0)
        deps.log?.(
          `billing: ${done.retried} invoice retries (${done.paid} paid, ${done.failed} declined), ${done.resumed} campaigns resumed`,
        );
    },
  };
}
