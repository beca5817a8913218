import { type LocalDate, microsToDollars, ZERO_CENTS } from '@app/contracts';
import { type PeriodInvoice, type PricedLeads, periodInvoice } from '@app/pricing';
import type { InvoiceSubject } from '../../campaigns/index.js';
import type { NewInvoice, ScheduleRow } from './invoice-repository.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function lineDescription(
  line: PeriodInvoice['lines'][number],
  next: { from: LocalDate; to: LocalDate } | null,
): string {
  if (line.kind === 'period_fee')
    return next ? `Platform fee for ${next.from} to ${next.to}` : 'Platform fee';
  return `${plural(line.quantity, 'lead')} delivered at $${microsToDollars(line.unitPriceMicros)} each`;
}

/**
 * The part of a window not invoiced yet: after a `switch` invoice billed the leads to `billedThrough`
 * (manual bill switched on mid-period, decision 0082), the window starts there — clamped to the
 * window, so a cut before it changes nothing and one past its end leaves no lead.
 */
export function billedWindow<W extends { start: Date; end: Date }>(window: W, billedThrough: Date | null): W {
  if (billedThrough === null || billedThrough <= window.start) return window;
  return { ...window, start: billedThrough < window.end ? billedThrough : window.end };
}

/**
 * One invoice of a schedule as it will be written (decision 0074): the leads delivered in its window
 * at their frozen prices, and the next period's fee while the campaign runs into it (`next`), priced by
 * `@app/pricing` for whoever pays. The one place an invoice's amounts and lines are decided, for the
 * batch of running schedules and the one-by-one path alike.
 */
export function draftInvoice(input: {
  schedule: ScheduleRow;
  subject: InvoiceSubject;
  kind: 'period' | 'final' | 'switch';
  window: { index: number; start: Date; end: Date };
  next: { from: LocalDate; to: LocalDate } | null;
  leads: readonly PricedLeads[];
  issuedAt: Date;
}): NewInvoice {
  const { schedule, subject, kind, window, next } = input;
  const amounts = periodInvoice({
    leads: input.leads,
    periodFee: next ? subject.periodFees : null,
    manualBill: subject.manualBill,
  });
  return {
    kind,
    schedule,
    period: kind === 'period' ? window.index : null,
    agencyId: subject.agencyId,
    clientId: subject.clientId,
    payer: amounts.payer,
    periodStart: window.start,
    periodEnd: window.end,
    leadCount: amounts.leadCount,
    total: amounts.total,
    platformPart: amounts.platformPart,
    // The root fee of the next period's fee, at the master's price now (decision 0088).
    rootPeriodFee: next ? subject.periodFees.root : ZERO_CENTS,
    issuedAt: input.issuedAt,
    lines: amounts.lines.map((line) => ({ ...line, description: lineDescription(line, next) })),
  };
}
