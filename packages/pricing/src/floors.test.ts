import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { costPerLeadFloor, costPerLeadMinimumText, findFloorViolation } from './floors.js';
import type { ModulePrice, StoredPrice } from './price-layers.js';

const price = (module: string, term: ModulePrice['term'], cpl: number): StoredPrice => ({
  module,
  term,
  setupFeeCents: asCents(0),
  platformFeeCents: asCents(0),
  costPerLeadMicros: asMicros(cpl),
  costPerLeadAdvancedMicros: asMicros(0),
});
const asModulePrices = (rows: StoredPrice[]) => rows as ModulePrice[];

describe('costPerLeadFloor (spec 2 §5)', () => {
  it.each([
    ['enhance', 750_000, 750_000],
    ['b2b', 1, 1],
    ['enhance', 0, null],
    ['local', 750_000, null],
    ['locator', 750_000, null],
  ] as const)('%s below a parent at %i → %s', (module, above, floor) => {
    expect(costPerLeadFloor(module, asMicros(above))).toBe(floor);
  });
});

describe('findFloorViolation', () => {
  const parent = [
    price('enhance', 'Weekly', 750_000),
    price('b2b', 'Monthly', 1_000_000),
    price('local', 'Weekly', 5_000_000),
  ];

  it.each([
    ['a module without a floor', [price('local', 'Weekly', 1)], null],
    ['exactly the floor', [price('enhance', 'Weekly', 750_000)], null],
    ['above the floor', [price('enhance', 'Weekly', 750_001)], null],
    ['a term the parent has no price for', [price('enhance', 'Monthly', 0)], null],
    [
      'one micro-dollar below',
      [price('b2b', 'Monthly', 999_999)],
      { module: 'b2b', term: 'Monthly', minimum: 1_000_000 },
    ],
    [
      'zero under a floor',
      [price('enhance', 'Weekly', 0)],
      { module: 'enhance', term: 'Weekly', minimum: 750_000 },
    ],
    [
      'the first of several',
      [price('enhance', 'Weekly', 800_000), price('b2b', 'Monthly', 1), price('enhance', 'Weekly', 1)],
      { module: 'b2b', term: 'Monthly', minimum: 1_000_000 },
    ],
  ] as const)('%s', (_name, rows, expected) => {
    const found = findFloorViolation(asModulePrices([...rows]), parent);
    if (expected === null) expect(found).toBeNull();
    else expect(found).toEqual({ ...expected, message: costPerLeadMinimumText(asMicros(expected.minimum)) });
  });

  it('has no floor under a root company (no parent prices)', () => {
    expect(findFloorViolation(asModulePrices([price('enhance', 'Weekly', 0)]), [])).toBeNull();
  });
});

describe('costPerLeadMinimumText', () => {
  it('writes the hint the same way on both sides', () => {
    expect(costPerLeadMinimumText(asMicros(750_000))).toBe('*Cost Per Lead Minimum $0.75');
    expect(costPerLeadMinimumText(asMicros(1_250_000))).toBe('*Cost Per Lead Minimum $1.25');
    expect(costPerLeadMinimumText(asMicros(125_000))).toBe('*Cost Per Lead Minimum $0.125');
    expect(costPerLeadMinimumText(asMicros(1_234_000_000))).toBe('*Cost Per Lead Minimum $1,234.00');
  });
});
