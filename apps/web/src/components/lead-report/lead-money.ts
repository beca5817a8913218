import { asCents, formatUsdCents, formatUsdMicros, formatUsdText, microsFromWire } from '@app/contracts';

/*
 * Amounts in the lead reports arrive as the wire's dollar strings ('12.50', '0.125'); they are shown
 * through the contracts' money helpers, read as integers by digits, never parsed into floats.
 */

/** A fee or total ('12.50') as '$12.50'; a per-lead price with finer decimals ('0.125') as '$0.125'. */
export const formatDollarText = formatUsdText;

/** A per-lead price ('0.5', '0.125') with the decimals it needs: '$0.50', '$0.125'. */
export function formatPerLeadPrice(text: string): string {
  const micros = microsFromWire(text);
  return micros === null ? text : formatUsdMicros(micros);
}

/** The chart's spend per day comes in whole cents (a number for the drawing): shown as dollars. */
export const formatChartCents = (value: number): string =>
  Number.isSafeInteger(value) ? formatUsdCents(asCents(value)) : String(value);
