import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A sales person's referral code: their id and a MAC of it, so codes need no table, cannot be
 * guessed for another person, and survive restarts. Format: `<id base36>-<10 hex>`.
 */
export function referralCodeFor(key: string, userId: number): string {
  return `${userId.toString(36)}-${mac(key, userId)}`;
}

/** The user id a code names, or null for a code this deployment did not issue. */
export function userIdOfReferralCode(key: string, code: string): number | null {
  const match = /^([0-9a-z]{1,10})-([0-9a-f]{10})$/.exec(code.trim().toLowerCase());
  if (!match?.[1] || !match[2]) return null;
  const userId = Number.parseInt(match[1], 36);
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(match[2]);
  return Number.isSafeInteger(userId) && timingSafeEqual(expected, given) ? userId : null;
}

const mac = (key: string, userId: number) =>
  createHmac('sha256', key).update(`referral:${userId}`).digest('hex').slice(0, 10);
