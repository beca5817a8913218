import { asCents, ZERO_CENTS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { centsOf } from '../agency-list/set-cost-modal/cost-form';
import { toPlanInput, validatePlan } from './minimum-spend-model';

describe('minimum spend plans', () => {
  it('reads dollar strings as cents', () => {
    expect(centsOf('349')).toBe(34900);
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf('nope')).toBe(0);
  });

  it('needs a name and 0 to 120 whole months', () => {
    expect(validatePlan({ planName: '', months: '12', flatMonthCents: ZERO_CENTS })).toEqual({
      planName: 'Plan name is required.',
    });
    expect(validatePlan({ planName: 'Gold', months: '121', flatMonthCents: ZERO_CENTS }).months).toBe(
      'Months must be a whole number from 0 to 120.',
    );
    expect(
      validatePlan({ planName: 'Gold', months: '1.5', flatMonthCents: ZERO_CENTS }).months,
    ).toBeDefined();
    expect(validatePlan({ planName: 'Gold', months: '', flatMonthCents: ZERO_CENTS }).months).toBeDefined();
    expect(validatePlan({ planName: 'Gold', months: '0', flatMonthCents: ZERO_CENTS })).toEqual({});
  });

  it('sends months as a number and the amount as dollars', () => {
    expect(toPlanInput({ planName: ' Gold ', months: '12', flatMonthCents: asCents(34900) })).toEqual({
      planName: 'Gold',
      months: 12,
      flatMonth: '349.00',
    });
  });
});
