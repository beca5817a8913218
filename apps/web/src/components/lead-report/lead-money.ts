import { asCents, centsFromWire, formatUsdCents, formatUsdMicros, microsFromWire } from '@app/contracts';

/*
 * Amounts in the lead reports arrive as the wire's dollar strings ('12.50', '0.125'); they are shown
 * through the contracts' money helpers, read as integers by digits, never parsed into floats.
 */

/** A fee or total ('12.50') as '$12.50'; a per-lead price with finer decimals ('0.125') as '$0.125'. */
export function formatDollarText(text: string): string {
  const cents = centsFromWire(text);
  if (cents !== null) return formatUsdCents(cents);
  const micros = microsFromWire(text);
  if (micros !== null) return formatUsdMicros(micros);
  // Not an amount the wire convention writes: shown as sent rather than hidden or guessed at.
  return text;
}

/** A per-lead price ('0.5', '0.125') with the decimals it needs: '$0.50', '$0.125'. */
export function formatPerLeadPrice(text: string): string {
  const micros = microsFromWire(text);
  return micros === null ? text : formatUsdMicros(micros);
}

/** The chart's spend per day comes in whole cents (a number for the drawing): shown as dollars. */
export const formatChartCents = (value: number): string =>
  Number.isSafeInteger(value) ? formatUsdCents(asCents(value)) : String(value);
