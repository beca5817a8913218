/** A coupon's percentage as text and as basis points (1250 = 12.5 %): not money, a ratio. */

/** '12.5' → 1250 basis points; more than 2 decimals, 0 or above 100 → null. Text only, no float. */
export function percentTextToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp =
    Number.parseInt(match[1] ?? '0', 10) * 100 + Number.parseInt((match[2] ?? '').padEnd(2, '0'), 10);
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

/** 1250 → '12.5', 1000 → '10'. */
export function basisPointsToPercentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
