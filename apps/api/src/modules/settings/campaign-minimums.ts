import { centsToDollars, microsToDollars, ZERO_CENTS, ZERO_MICROS } from '@app/contracts';
import type { CampaignMinimumsRow } from './settings-repository.js';

/**
 * A system's campaign minimums as the `simplifiminimums` read answers them (dollar strings, '0' =
 * none); `minvaluesimplifi` answers the two Simplifi ones. No row yet means nothing was set: all 0.
 */
export function describeCampaignMinimums(row: CampaignMinimumsRow | undefined) {
  return {
    maxBid: { minimum: microsToDollars(row?.simplifiMaxBidMicros ?? ZERO_MICROS) },
    dailyBudget: { minimum: centsToDollars(row?.simplifiDailyBudgetCents ?? ZERO_CENTS) },
    enhanceMinLeadsPerDay: row?.enhanceMinLeadsPerDay ?? 0,
  };
}
