import { type Cents, DATA_WALLET_TOPUP_PERCENT } from '@app/contracts';

/** A hundred percent, as the integer the comparison scales by. */
const WHOLE = 100n;

/**
 * Whether continual top-up is due (spec 2 §9, decision 0073): the balance is below 10 % of the
 * chosen amount. Compared in whole numbers (balance × 100 < amount × 10), so no fraction of a cent
 * is ever made; an amount of 0 never tops up.
 */
export function continualTopUpDue(balance: Cents, chosen: Cents): boolean {
  if (chosen <= 0) return false;
  return BigInt(balance) * WHOLE < BigInt(chosen) * BigInt(DATA_WALLET_TOPUP_PERCENT);
}
