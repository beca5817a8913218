import type { Database } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import type { AuditLog } from '../../audit/index.js';
import type { PayerCampaigns } from '../../campaigns/index.js';
import type { MoveBySystem } from '../../leads/index.js';
import type { MailService } from '../../mail/index.js';
import type { PaymentFailureRepository } from '../../payments/index.js';
import { mainPersonOf } from '../../users/index.js';
import type { PeriodInvoicing } from '../invoices/invoice-periods.js';
import type { InvoiceRepository } from '../invoices/invoice-repository.js';
import { createInvoiceRetries, invoiceRetriesHandler } from '../invoices/invoice-retries.js';
import { manualBillRoutes } from '../manual-bill/manual-bill-routes.js';
import { createManualBillSwitch } from '../manual-bill/switch-manual-bill.js';
import { createPaymentReminders, paymentRemindersHandler } from '../reminders/payment-reminders.js';
import { createPaymentResume } from './payment-resume.js';
import { createSettlement } from './settle-payer.js';
import { settlementRoutes } from './settlement-routes.js';

export { invoiceRetriesJob } from '../invoices/invoice-retries.js';
export { paymentRemindersJob } from '../reminders/payment-reminders.js';

/**
 * What happens after a declined charge (decision 0075): scheduled retries of the invoice, a daily
 * reminder, the settlement on a new card or from the payment-failed modal, the campaigns paused for
 * it resumed; and manual bill's switch, whose OFF invoices the agency's campaigns to date.
 */
export function createPaymentRecovery(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  mail: Pick<MailService, 'queueEmail'>;
  failures: PaymentFailureRepository;
  payerCampaigns: PayerCampaigns;
  moveBySystem: MoveBySystem;
  invoices: InvoiceRepository;
  invoicing: PeriodInvoicing;
  log: (message: string) => void;
}) {
  const resume = createPaymentResume({
    campaigns: deps.payerCampaigns,
    failures: deps.failures,
    moveBySystem: deps.moveBySystem,
  });
  const settlement = createSettlement({
    failures: deps.failures,
    invoices: deps.invoices,
    invoicing: deps.invoicing,
    resume,
  });
  const retries = createInvoiceRetries({
    repo: deps.invoices,
    invoicing: deps.invoicing,
    resume,
    clock: deps.clock,
  });
  const reminders = createPaymentReminders({
    db: deps.db,
    mainPerson: mainPersonOf(deps.db),
    failures: deps.failures,
    mail: deps.mail,
    clock: deps.clock,
  });
  const manualBill = createManualBillSwitch({
    db: deps.db,
    campaigns: deps.payerCampaigns,
    moveBySystem: deps.moveBySystem,
    invoices: deps.invoices,
    invoicing: deps.invoicing,
    clock: deps.clock,
  });
  return {
    settlement,
    retries,
    reminders,
    manualBill,
    handlers: [
      invoiceRetriesHandler({ retries, log: deps.log }),
      paymentRemindersHandler({ reminders, log: deps.log }),
    ],
    routes: [
      settlementRoutes({ db: deps.db, settlement, audit: deps.audit, failures: deps.failures }),
      manualBillRoutes({ manualBill, audit: deps.audit }),
    ],
  };
}

export type PaymentRecovery = ReturnType<typeof createPaymentRecovery>;
