import { asCents, type Cents, centsFromWire, formatUsdCents } from '@app/contracts';

/**
 * A signed dollar string of the wire ('-149.00', '49.00', '0') as cents; anything unreadable is 0.
 * The wire's reader takes no sign, so the sign is read here and the digits by `centsFromWire`.
 */
export function signedCentsOf(text: string): Cents {
  const negative = text.startsWith('-');
  const cents = centsFromWire(negative ? text.slice(1) : text) ?? asCents(0);
  return negative && cents !== 0 ? asCents(-cents) : cents;
}

/** '-149.00' → '-$149.00', '49' → '$49.00'. */
export const formatSignedUsd = (text: string) => formatUsdCents(signedCentsOf(text));

/** The months a person can filter by: this one and the `count - 1` before it, newest first (UTC). */
export function recentMonths(now: Date, count: number): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return { value: first.toISOString().slice(0, 7), label: format.format(first) };
  });
}

/** A line's time for people: the posting's date and time in the viewer's zone. */
export function formatPostedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The download's file name: the party, the account and the month (or 'all'). */
export function billingFileName(partyName: string, account: string, month: string | null): string {
  const slug =
    partyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'party';
  return `billing-history-${slug}-${account}-${month ?? 'all'}.csv`;
}
