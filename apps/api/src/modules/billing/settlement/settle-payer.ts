import type { Cents } from '@app/contracts';
import { sumCents } from '@app/pricing';
import type { PaymentFailureRepository } from '../../payments/index.js';
import type { PeriodInvoicing } from '../invoices/invoice-periods.js';
import type { InvoiceRepository } from '../invoices/invoice-repository.js';
import type { PaymentResume } from './payment-resume.js';

/** What a settlement did: invoices paid now, those still owed (declined, no card, in flight). */
export interface SettlementOutcome {
  paid: number;
  failed: number;
  pending: number;
  /** What the payer owed for invoices when the settlement started. */
  owed: Cents;
  resumed: number;
}

/** The invoice obligation a failure is part of (an agency's part of a client's invoice has its own key). */
const invoiceObligationOf = (key: string) => key.replace(/:platform-part$/, '');

/**
 * The manual bill settlement (decision 0075): the payer's declined invoices charged again now, on
 * the card it has today, each under its own obligation (`<obligation>:attempt-<n>` after n−1
 * declines), so however many settlements run at once each failed invoice is charged once, and an
 * invoice already paid is never charged again. The charge that pays an obligation settles its
 * `payment_failures` row and marks the invoice paid in one transaction (`chargeOnce`'s record and
 * the `invoice.paid` follow-up); then the campaigns paused for the payer's failure run again.
 *
 * Declined activations and prepaid blocks are not charged here: they bought something that starts
 * with their own charge (the agency re-activates, the block is bought again, decision 0065).
 */
export function createSettlement(deps: {
  failures: Pick<PaymentFailureRepository, 'openInvoiceFailuresOf'>;
  invoices: Pick<InvoiceRepository, 'unpaidByObligations'>;
  invoicing: Pick<PeriodInvoicing, 'charge'>;
  resume: Pick<PaymentResume, 'resumeSettled'>;
}) {
  return {
    async settle(payerCompanyId: number): Promise<SettlementOutcome> {
      const open = await deps.failures.openInvoiceFailuresOf(payerCompanyId);
      const outcome: SettlementOutcome = {
        paid: 0,
        failed: 0,
        pending: 0,
        owed: sumCents(open.map((f) => f.amount)),
        resumed: 0,
      };
      const keys = [...new Set(open.map((f) => invoiceObligationOf(f.obligationKey)))];
      for (const invoice of await deps.invoices.unpaidByObligations(keys)) {
        const status = await deps.invoicing.charge(invoice, { retry: true });
        outcome[status] += 1;
      }
      outcome.resumed = await deps.resume.resumeSettled(payerCompanyId);
      return outcome;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
