import { type Cents, centsToDollars, wholeNumberOf } from '@app/contracts';

export interface PlanForm {
  planName: string;
  months: string;
  flatMonthCents: Cents;
}

export type PlanErrors = Partial<Record<'planName' | 'months' | 'flatMonth', string>>;

const MONTHS_TEXT = 'Months must be a whole number from 0 to 120.';

/** The server's texts for a plan (contracts' minimum-spend plan schema). */
export function validatePlan(form: PlanForm): PlanErrors {
  const errors: PlanErrors = {};
  const name = form.planName.trim();
  if (name === '') errors.planName = 'Plan name is required.';
  else if (name.length > 255) errors.planName = 'Plan name must not exceed 255 characters.';
  const months = form.months.trim();
  if (!(wholeNumberOf(months, 3) <= 120)) errors.months = MONTHS_TEXT;
  return errors;
}

export function toPlanInput(form: PlanForm) {
  return {
    planName: form.planName.trim(),
    months: wholeNumberOf(form.months, 3),
    flatMonth: centsToDollars(form.flatMonthCents),
  };
}
