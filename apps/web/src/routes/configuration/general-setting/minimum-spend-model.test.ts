import { describe, expect, it } from 'vitest';
import { dollarsToCents, toPlanInput, validatePlan } from './minimum-spend-model';

describe('minimum spend plans', () => {
  it('reads dollar strings as cents', () => {
    expect(dollarsToCents('349')).toBe(34900);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('nope')).toBe(0);
  });

  it('needs a name and 0 to 120 whole months', () => {
    expect(validatePlan({ planName: '', months: '12', flatMonthCents: 0 })).toEqual({
      planName: 'Plan name is required.',
    });
    expect(validatePlan({ planName: 'Gold', months: '121', flatMonthCents: 0 }).months).toBe(
      'Months must be a whole number from 0 to 120.',
    );
    expect(validatePlan({ planName: 'Gold', months: '1.5', flatMonthCents: 0 }).months).toBeDefined();
    expect(validatePlan({ planName: 'Gold', months: '', flatMonthCents: 0 }).months).toBeDefined();
    expect(validatePlan({ planName: 'Gold', months: '0', flatMonthCents: 0 })).toEqual({});
  });

  it('sends months as a number and the amount as dollars', () => {
    expect(toPlanInput({ planName: ' Gold ', months: '12', flatMonthCents: 34900 })).toEqual({
      planName: 'Gold',
      months: 12,
      flatMonth: '349.00',
    });
  });
});
