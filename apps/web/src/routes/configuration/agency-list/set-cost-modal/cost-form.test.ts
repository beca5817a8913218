import type { AgencyCost } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  costInput,
  costPerLeadFloor,
  costUnitsFrom,
  fieldLabel,
  fieldsOf,
  floorBreaches,
  setCostField,
  termsToSend,
  termWording,
  unitsOf,
} from './cost-form';

const term = (PlatformFee = '0', MinCostMonth = '0', Costperlead = '0') => ({
  PlatformFee,
  MinCostMonth,
  Costperlead,
});
const terms = <T>(make: () => T) => ({ Weekly: make(), Monthly: make(), OneTime: make(), Prepaid: make() });

function agencyCost(overrides: (cost: AgencyCost) => void = () => {}): AgencyCost {
  const cost: AgencyCost = {
    local: terms(() => ({ ...term(), LeadspeekCostperleadAdvanced: '0' })),
    locator: terms(() => term()),
    enhance: terms(() => term()),
    b2b: terms(() => term()),
  };
  overrides(cost);
  return cost;
}

describe('wording by payment term (spec 2 §4)', () => {
  it('says per week, per month, or nothing for one time', () => {
    expect(termWording('Weekly')).toBe('per week');
    expect(termWording('Monthly')).toBe('per month');
    expect(termWording('OneTime')).toBe('');
    expect(fieldLabel('MinCostMonth', 'Weekly')).toBe('Platform Fee per week');
    expect(fieldLabel('MinCostMonth', 'Monthly')).toBe('Platform Fee per month');
    expect(fieldLabel('MinCostMonth', 'OneTime')).toBe('Platform Fee');
    expect(fieldLabel('PlatformFee', 'Weekly')).toBe('Setup Fee');
    expect(fieldLabel('Costperlead', 'OneTime')).toBe('Cost Per Lead');
  });

  it('gives local the advanced cost per lead, the others three fields', () => {
    expect(fieldsOf('local')).toContain('LeadspeekCostperleadAdvanced');
    expect(fieldsOf('enhance')).toEqual(['PlatformFee', 'MinCostMonth', 'Costperlead']);
  });
});

describe('reading the server values', () => {
  it('turns dollar strings into cents and micro-dollars', () => {
    const units = costUnitsFrom(
      agencyCost((c) => {
        c.local.Weekly = {
          PlatformFee: '150.00',
          MinCostMonth: '49.5',
          Costperlead: '0.35',
          LeadspeekCostperleadAdvanced: '1.125',
        };
      }),
    );
    expect(units.local.Weekly).toEqual({
      PlatformFee: 15000,
      MinCostMonth: 4950,
      Costperlead: 350_000,
      LeadspeekCostperleadAdvanced: 1_125_000,
    });
    expect(units.b2b.Prepaid).toEqual({ PlatformFee: 0, MinCostMonth: 0, Costperlead: 0 });
  });

  it('counts unreadable text as 0', () => {
    expect(unitsOf('abc', 'cents')).toBe(0);
    expect(unitsOf(undefined, 'micros')).toBe(0);
    expect(unitsOf('0.000001', 'micros')).toBe(1);
  });
});

describe('the enhance and b2b floor (spec 2 §5)', () => {
  const parent = costUnitsFrom(
    agencyCost((c) => {
      c.enhance.Monthly.Costperlead = '0.50';
      c.b2b.Weekly.Costperlead = '1.25';
      c.local.Monthly.Costperlead = '3';
    }),
  );

  it("is the parent's cost per lead for the same term", () => {
    expect(costPerLeadFloor(parent, 'enhance', 'Monthly')).toBe(500_000);
    expect(costPerLeadFloor(parent, 'b2b', 'Weekly')).toBe(1_250_000);
  });

  it('does not apply to local or locator, to a parent price of 0, or without a parent', () => {
    expect(costPerLeadFloor(parent, 'local', 'Monthly')).toBeNull();
    expect(costPerLeadFloor(parent, 'enhance', 'Weekly')).toBeNull();
    expect(costPerLeadFloor(null, 'enhance', 'Monthly')).toBeNull();
  });

  it('lists the sent terms that are below it', () => {
    const form = costUnitsFrom(agencyCost());
    expect(floorBreaches(form, parent, [{ module: 'enhance', term: 'Monthly' }])).toEqual([
      { module: 'enhance', term: 'Monthly', floor: 500_000 },
    ]);
    const raised = setCostField(form, 'enhance', 'Monthly', 'Costperlead', 500_000);
    expect(floorBreaches(raised, parent, [{ module: 'enhance', term: 'Monthly' }])).toEqual([]);
    // Not sent → not checked.
    expect(floorBreaches(form, parent, [{ module: 'local', term: 'Monthly' }])).toEqual([]);
  });
});

describe('what Save sends', () => {
  const loaded = costUnitsFrom(agencyCost((c) => (c.locator.Monthly.PlatformFee = '10')));

  it('sends the changed module × term pairs, complete', () => {
    let edited = setCostField(loaded, 'enhance', 'Weekly', 'Costperlead', 125_000);
    edited = setCostField(edited, 'local', 'OneTime', 'LeadspeekCostperleadAdvanced', 2_000_000);
    const pairs = termsToSend(loaded, edited, { module: 'b2b', term: 'Prepaid' });
    expect(pairs).toEqual([
      { module: 'local', term: 'OneTime' },
      { module: 'enhance', term: 'Weekly' },
    ]);
    expect(costInput(edited, pairs)).toEqual({
      local: {
        OneTime: {
          PlatformFee: '0',
          MinCostMonth: '0',
          Costperlead: '0',
          LeadspeekCostperleadAdvanced: '2.00',
        },
      },
      enhance: { Weekly: { PlatformFee: '0', MinCostMonth: '0', Costperlead: '0.125' } },
    });
  });

  it('sends the term on screen when nothing changed', () => {
    const pairs = termsToSend(loaded, loaded, { module: 'locator', term: 'Monthly' });
    expect(pairs).toEqual([{ module: 'locator', term: 'Monthly' }]);
    expect(costInput(loaded, pairs)).toEqual({
      locator: { Monthly: { PlatformFee: '10.00', MinCostMonth: '0', Costperlead: '0' } },
    });
  });

  it('treats a value changed and changed back as unchanged', () => {
    const there = setCostField(loaded, 'b2b', 'Weekly', 'MinCostMonth', 999);
    const back = setCostField(there, 'b2b', 'Weekly', 'MinCostMonth', 0);
    expect(termsToSend(loaded, back, { module: 'local', term: 'Weekly' })).toEqual([
      { module: 'local', term: 'Weekly' },
    ]);
  });

  it('keeps two terms of the same module', () => {
    let edited = setCostField(loaded, 'b2b', 'Weekly', 'MinCostMonth', 100);
    edited = setCostField(edited, 'b2b', 'Monthly', 'MinCostMonth', 200);
    const input = costInput(edited, termsToSend(loaded, edited, { module: 'local', term: 'Weekly' }));
    expect(Object.keys(input.b2b ?? {})).toEqual(['Weekly', 'Monthly']);
  });
});
