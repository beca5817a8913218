import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { layeredPrice, rootFee, type StoredPrice, wholesalePrice } from './price-layers.js';

const row = (
  module: string,
  term: StoredPrice['term'],
  cpl: number,
  setup = 0,
  platform = 0,
): StoredPrice => ({
  module,
  term,
  setupFeeCents: asCents(setup),
  platformFeeCents: asCents(platform),
  costPerLeadMicros: asMicros(cpl),
  costPerLeadAdvancedMicros: asMicros(0),
});
const zero = { setupFeeCents: 0, platformFeeCents: 0, costPerLeadMicros: 0, costPerLeadAdvancedMicros: 0 };

describe('layeredPrice', () => {
  const agency = [row('enhance', 'Weekly', 900_000, 1_000)];
  const system = [row('enhance', 'Weekly', 750_000), row('enhance', 'Monthly', 600_000, 0, 4_999)];

  it.each([
    [
      'the nearest layer wins',
      [agency, system],
      'enhance',
      'Weekly',
      { costPerLeadMicros: 900_000, setupFeeCents: 1_000 },
    ],
    [
      'a missing pair falls back to the next layer',
      [agency, system],
      'enhance',
      'Monthly',
      { costPerLeadMicros: 600_000, platformFeeCents: 4_999 },
    ],
    ['a pair no layer has costs nothing', [agency, system], 'b2b', 'Prepaid', zero],
    ['no layers at all', [], 'local', 'OneTime', zero],
    [
      'a row is taken whole, not field by field',
      [[row('enhance', 'Weekly', 0)], system],
      'enhance',
      'Weekly',
      zero,
    ],
    ['other modules and terms do not leak in', [[row('b2b', 'Weekly', 5)]], 'enhance', 'Weekly', zero],
  ] as const)('%s', (_name, sheets, module, term, expected) => {
    expect(layeredPrice(sheets, module, term)).toEqual({ module, term, ...zero, ...expected });
  });
});

describe('wholesalePrice: the agency’s cost settings, else the system’s defaults', () => {
  it('prefers the agency, falls back to the system', () => {
    const sheets = {
      agency: [row('local', 'Weekly', 2_000_000)],
      system: [row('local', 'Monthly', 1_500_000)],
    };
    expect(wholesalePrice(sheets, 'local', 'Weekly').costPerLeadMicros).toBe(2_000_000);
    expect(wholesalePrice(sheets, 'local', 'Monthly').costPerLeadMicros).toBe(1_500_000);
    expect(wholesalePrice(sheets, 'local', 'Prepaid').costPerLeadMicros).toBe(0);
  });
});

describe('rootFee: what a non-master system owes the master', () => {
  const master = [row('b2b', 'Monthly', 1_000_000, 500)];
  it('is the master’s price for a non-master system', () => {
    expect(rootFee({ isMaster: false }, master, 'b2b', 'Monthly')).toMatchObject({
      costPerLeadMicros: 1_000_000,
      setupFeeCents: 500,
    });
  });
  it('is nothing for the master system itself', () => {
    expect(rootFee({ isMaster: true }, master, 'b2b', 'Monthly')).toMatchObject(zero);
  });
});
