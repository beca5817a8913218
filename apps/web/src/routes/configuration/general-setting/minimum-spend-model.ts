import { centsToDollars, parseDollars } from '@app/contracts';

/** A stored dollar string as cents (unreadable text counts as 0). */
export const dollarsToCents = (text: string): number => parseDollars(text, 2, 6) ?? 0;

export interface PlanForm {
  planName: string;
  months: string;
  flatMonthCents: number;
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
  if (!/^\d{1,3}$/.test(months) || Number(months) > 120) errors.months = MONTHS_TEXT;
  return errors;
}

export function toPlanInput(form: PlanForm) {
  return {
    planName: form.planName.trim(),
    months: Number(form.months.trim()),
    flatMonth: centsToDollars(form.flatMonthCents),
  };
}
