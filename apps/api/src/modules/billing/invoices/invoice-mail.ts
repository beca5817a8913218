import { formatUsdCents, INVOICE_STATUS_LABELS } from '@app/contracts';
import type { Clock } from '../../../lib/clock.js';
import type { MailService } from '../../mail/index.js';
import type { MainPersonOf } from '../../users/index.js';
import type { InvoiceRepository, InvoiceRow } from './invoice-repository.js';
import type { InvoiceService } from './invoice-service.js';

/** What the payer reads: who bills, the number, the campaign, the period, the total and its status. */
export function invoiceEmail(
  invoice: Pick<InvoiceRow, 'number' | 'kind' | 'total' | 'status' | 'payer'>,
  facts: { personName: string; seller: string; campaign: string; periodStart: string; periodEnd: string },
) {
  const status = INVOICE_STATUS_LABELS[invoice.status];
  const what = invoice.kind === 'final' ? 'Final invoice' : 'Invoice';
  return {
    subject: `${facts.seller}: ${what} ${invoice.number} for ${facts.periodStart} to ${facts.periodEnd} — ${formatUsdCents(invoice.total)} ${status.toLowerCase()}`,
    text: [
      `Hello ${facts.personName},`,
      '',
      `${what} ${invoice.number} from ${facts.seller}.`,
      `Campaign: ${facts.campaign}`,
      `Period: ${facts.periodStart} to ${facts.periodEnd}`,
      `Total: ${formatUsdCents(invoice.total)}`,
      `Status: ${status}`,
      invoice.status === 'failed'
        ? 'We could not charge your card. Please update your card in Card Setting: the amount is charged again at once.'
        : invoice.status === 'paid'
          ? 'It is paid: nothing more to do.'
          : '',
      '',
      'The invoice is attached as a PDF, and in Billing History.',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

/**
 * E-mails each issued invoice to its payer once (decision 0084): the client's main person, or the
 * agency's when the agency pays under manual bill, with the PDF attached. Run after the invoicing
 * job's writes and charges, outside their transactions: an invoice is mailed once its charge is
 * settled. The outbox's key `invoice:<id>` stores one mail whatever runs at once; `emailed_at`
 * marks it done, and a crash between the two is finished by the next run (the key finds the mail).
 */
export function createInvoiceMail(deps: {
  repo: Pick<InvoiceRepository, 'emailDue' | 'markEmailed'>;
  invoices: Pick<InvoiceService, 'pdfOf' | 'summaries'>;
  mainPerson: MainPersonOf;
  mail: Pick<MailService, 'queueEmail'>;
  clock: Clock;
}) {
  /** One invoice's e-mail, queued under its key, then the invoice marked: 1 when a mail was queued. */
  async function mailOne(invoice: InvoiceRow): Promise<number> {
    const payerId = invoice.payer === 'client' ? invoice.clientId : invoice.agencyId;
    const person = await deps.mainPerson(payerId);
    if (person?.email) {
      const [summary] = await deps.invoices.summaries([invoice]);
      const pdf = await deps.invoices.pdfOf(invoice);
      await deps.mail.queueEmail({
        systemId: invoice.systemId,
        companyId: payerId,
        to: person.email,
        key: `invoice:${invoice.id}`,
        ...invoiceEmail(invoice, {
          personName: person.name,
          seller: pdf.seller,
          campaign: summary?.campaign ?? '',
          periodStart: summary?.period_start ?? '',
          periodEnd: summary?.period_end ?? '',
        }),
        attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.body }],
      });
    }
    // A payer without anyone to write to is marked too: nobody will appear for this invoice.
    await deps.repo.markEmailed(invoice.id, deps.clock.now());
    return person?.email ? 1 : 0;
  }

  return {
    /** Every invoice due its e-mail, a page at a time until none is left (a period's thousands too). */
    async send(page = 200): Promise<number> {
      let sent = 0;
      for (;;) {
        const due = await deps.repo.emailDue(page);
        for (const invoice of due) sent += await mailOne(invoice);
        if (due.length < page) return sent;
      }
    },
  };
}

export type InvoiceMail = ReturnType<typeof createInvoiceMail>;
