/**
 * When a declined invoice is charged again (decision 0075), Stripe Smart Retries style: a few tries
 * over days, counted from the first decline by the injected clock. After the last one the invoice
 * waits for the payer's new card (the settlement) and the daily reminder keeps asking for it. The
 * product's one back-off: a refused root-fee transfer is asked again on it too (decision 0088).
 */
export const INVOICE_RETRY_DAYS = [1, 3, 5] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The time of retry `n` (0-based) after a first decline at `firstFailedAt`; null when none is left. */
export function retryAt(firstFailedAt: Date, n: number): Date | null {
  const days = INVOICE_RETRY_DAYS[n];
  return days === undefined ? null : new Date(firstFailedAt.getTime() + days * DAY_MS);
}

/** The first retry of a charge declined now. */
export const firstRetryAfter = (now: Date): Date => retryAt(now, 0) as Date;
