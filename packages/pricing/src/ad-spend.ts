import { type Cents, centsFromBigInt, MICROS_PER_CENT, type Micros } from '@app/contracts';

/*
 * Ad-platform spend (decision 0044): display ads are bought per thousand impressions (CPM). These are
 * the only sums the ad platform's sandbox needs — what a day's impressions cost, and how many
 * impressions a budget buys — kept here with the rest of the money arithmetic.
 */

const PER_THOUSAND = 1_000n;

function requireImpressions(count: number): bigint {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count of impressions: ${count}`);
  return BigInt(count);
}

function requireCpm(cpm: Micros): bigint {
  if (!Number.isSafeInteger(cpm) || cpm <= 0) throw new RangeError(`A CPM must be positive: ${cpm}`);
  return BigInt(cpm);
}

/** What so many impressions cost at a CPM: exact in micro-dollars, rounded half up to cents once. */
export function impressionSpend(impressions: number, cpm: Micros): Cents {
  const micros = requireImpressions(impressions) * requireCpm(cpm);
  const perCent = PER_THOUSAND * BigInt(MICROS_PER_CENT);
  return centsFromBigInt((micros + perCent / 2n) / perCent);
}

/** The most impressions whose spend stays within a budget at a CPM (never a fraction of one). */
export function impressionsWithinBudget(budget: Cents, cpm: Micros): number {
  if (!Number.isSafeInteger(budget) || budget < 0) throw new RangeError(`Not a budget: ${budget}`);
  const perCent = PER_THOUSAND * BigInt(MICROS_PER_CENT);
  // spend(n) rounds n × cpm half up to cents, so spend(n) ≤ budget exactly when
  // n × cpm < budget × perCent + perCent / 2.
  const most = (BigInt(budget) * perCent + perCent / 2n - 1n) / requireCpm(cpm);
  const count = Number.parseInt(most.toString(), 10);
  if (!Number.isSafeInteger(count)) throw new RangeError(`Too many impressions: ${most}`);
  return count;
}

/**
 * A day's spend split between the ads that served it (decision 0112), in proportion to their
 * impressions, by largest remainder: every ad gets the whole cents of its share, and the cents left
 * go one each to the largest fractions (ties to the earlier ad). The parts always add up to the
 * total exactly; with no impressions at all the spend goes in equal shares the same way.
 */
export function splitSpend(total: Cents, impressions: readonly number[]): Cents[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Not a spend: ${total}`);
  if (impressions.length === 0) {
    if (total !== 0) throw new RangeError('A spend needs at least one ad to split between');
    return [];
  }
  const counts = impressions.map(requireImpressions);
  const sum = counts.reduce((a, b) => a + b, 0n);
  const weights = sum === 0n ? counts.map(() => 1n) : counts;
  const whole = sum === 0n ? BigInt(counts.length) : sum;
  const amount = BigInt(total);
  const parts = weights.map((w) => (amount * w) / whole);
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (amount * w) % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    parts[index] = (parts[index] as bigint) + 1n;
    left -= 1n;
  }
  return parts.map(centsFromBigInt);
}
