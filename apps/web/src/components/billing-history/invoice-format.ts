import { formatUsdMicros, type InvoiceSummary, microsFromWire } from '@app/contracts';
import { formatSignedUsd } from './billing-format';

/**
 * How the Invoices panel shows an invoice (decision 0074). Amounts are the wire's dollar strings,
 * read through the contracts' money helpers (billing-format, lead-money); dates are read as sent.
 */

/** A badge colour per status; the badge always says the status too, so colour is never alone. */
export const INVOICE_STATUS_COLOURS: Record<InvoiceSummary['status'], string> = {
  open: 'blue',
  paid: 'green',
  failed: 'red',
  void: 'gray',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day 'YYYY-MM-DD' as a UTC midnight, so no viewer's zone moves it to the day before. */
function calendarDay(text: string): Date | null {
  if (!DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The days an invoice covers, both included (the server sends the first and the last day):
 * 'Mar 1 – Mar 7, 2026', with the year on both sides when the period crosses one
 * ('Dec 25, 2025 – Jan 24, 2026'). A day it cannot read is shown as sent.
 */
export function formatInvoicePeriod(start: string, end: string): string {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (!from || !to) return `${start} – ${end}`;
  if (start === end) return fullDay.format(from);
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  return `${sameYear ? monthDay.format(from) : fullDay.format(from)} – ${fullDay.format(to)}`;
}

/** When it was issued or paid: the instant's day in the viewer's zone ('Mar 8, 2026'). */
export function formatInvoiceDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A total or a line's amount ('1234.50') as '$1,234.50'. */
export const formatInvoiceAmount = (text: string) => formatSignedUsd(text);

/** A line's unit price with the decimals it needs ('0.125' → '$0.125', '49.00' → '$49.00'). */
export function formatUnitPrice(text: string): string {
  const micros = microsFromWire(text);
  return micros === null ? text : formatUsdMicros(micros);
}

/** Lead counts with thousands separators. */
export const formatLeadCount = (count: number) => count.toLocaleString('en-US');

/** The PDF button's accessible name. */
export const invoicePdfLabel = (number: string) => `Download invoice ${number} as PDF`;

/** The expand button's accessible name. */
export const invoiceLinesLabel = (number: string, open: boolean) =>
  `${open ? 'Hide' : 'Show'} the lines of invoice ${number}`;
