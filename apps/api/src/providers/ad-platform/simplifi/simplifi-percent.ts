import { digits } from './simplifi-wire.js';

/*
 * A CTR goal as Simpli.fi writes it, a percent (`"goal_value": "0.8"` = 0.8 %), and as the port
 * holds it, basis points of a percent (80): converted by digits, both ways.
 */

/** A percent such as "0.8" as basis points of a percent (80); null when not one. */
export function percentToBasisPoints(value: unknown): number | null {
  const text = digits(value);
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.slice(0, 2).padEnd(2, '0'), 10);
}

/** Basis points of a percent (80) as the percent text Simpli.fi takes ("0.80"). */
export function basisPointsAsPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  return `${whole}.${String(basisPoints % 100).padStart(2, '0')}`;
}
