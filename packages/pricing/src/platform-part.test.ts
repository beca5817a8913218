import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { isChargeable, unchargeableText } from './charge-limits.js';
import { platformPart, splitPlatformPart } from './platform-part.js';

const c = asCents;

describe('platformPart: the wholesale, and at least the root fee', () => {
  it.each([
    [c(6_800), c(0), 6_800],
    [c(6_800), c(2_000), 6_800],
    [c(0), c(2_000), 2_000],
    [c(1_000), c(2_000), 2_000],
    [c(0), c(0), 0],
  ])('wholesale %i, root fee %i → %i', (wholesale, root, part) => {
    expect(platformPart(wholesale, root)).toBe(part);
  });
});

describe('splitPlatformPart: the client charge carries what it can, the agency card the rest', () => {
  it.each([
    // [client charge, part] → [application fee, agency charge]
    ['a client above cost carries it all', c(14_800), c(6_800), 6_800, 0],
    ['a client at cost carries it all', c(6_800), c(6_800), 6_800, 0],
    ['a client at 0: the agency pays the part', c(0), c(6_800), 0, 6_800],
    ['a client below cost: the agency pays the shortfall', c(5_000), c(6_800), 5_000, 1_800],
    ['a shortfall under 50 cents is raised to 50, the fee lowered by as much', c(6_780), c(6_800), 6_750, 50],
    ['a shortfall of exactly 50 cents', c(6_750), c(6_800), 6_750, 50],
    ['nothing due', c(14_800), c(0), 0, 0],
    ['a part under the minimum the client cannot carry stays uncollectable', c(0), c(35), 0, 35],
  ])('%s', (_, client, part, fee, agency) => {
    const split = splitPlatformPart(client, part);
    expect(split).toEqual({ applicationFeeCents: fee, agencyChargeCents: agency });
    // The platform always gets exactly its part, the fee never exceeds the client's charge.
    expect(split.applicationFeeCents + split.agencyChargeCents).toBe(part);
    expect(split.applicationFeeCents).toBeLessThanOrEqual(client);
  });

  it('every split of a chargeable part and client charge is itself chargeable (0 to 2,000 × 0 to 2,000)', () => {
    const wrong: string[] = [];
    for (let part = 0; part <= 2_000; part += 7)
      for (let client = 0; client <= 2_000; client += 11) {
        if (!isChargeable(c(part)) || !isChargeable(c(client))) continue;
        const split = splitPlatformPart(c(client), c(part));
        if (
          !isChargeable(split.agencyChargeCents) ||
          split.applicationFeeCents + split.agencyChargeCents !== part
        )
          wrong.push(`${client}/${part}`);
      }
    expect(wrong).toEqual([]);
  });

  it('refuses negative amounts', () => {
    expect(() => splitPlatformPart(c(-1), c(0))).toThrow(RangeError);
    expect(() => platformPart(c(0), c(-1))).toThrow(RangeError);
  });
});

describe('isChargeable: $0, or $0.50 to $999,999.99', () => {
  it.each([
    [0, true],
    [1, false],
    [49, false],
    [50, true],
    [99_999_999, true],
    [100_000_000, false],
  ])('%i cents → %s', (amount, ok) => {
    expect(isChargeable(c(amount))).toBe(ok);
  });

  it('says why, with the amount', () => {
    expect(unchargeableText('The activation charge', c(30))).toBe(
      'The activation charge would be $0.30: a card charge must be $0 or at least $0.50.',
    );
    expect(unchargeableText('The onboarding fee', c(100_000_000))).toBe(
      'The onboarding fee would be $1,000,000.00: a card charge can be at most $999,999.99.',
    );
    expect(unchargeableText('x', c(50))).toBeNull();
  });
});
