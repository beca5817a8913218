import { type SimplifiMinimumsValue, simplifiMinimumsValueSchema } from '@app/contracts';
import type { SimplifiMinimums } from '../../../api/settings';
import { dollarsOf, unitsOf } from '../agency-list/set-cost-modal/cost-form';
import { fieldErrors } from './field-errors';

/** The root company's campaign minimums being edited: amounts in form units, the count as typed. */
export interface SimplifiForm {
  /** Micro-dollars per thousand impressions. */
  maxBid: number;
  /** Cents. */
  dailyBudget: number;
  /** The enhance minimum leads per day, as typed (digits only). */
  enhanceMinLeads: string;
}

export function simplifiFormFrom(data: SimplifiMinimums): SimplifiForm {
  return {
    maxBid: unitsOf(data.maxBid.minimum, 'micros'),
    dailyBudget: unitsOf(data.dailyBudget.minimum, 'cents'),
    enhanceMinLeads: String(data.enhanceMinLeadsPerDay),
  };
}

/** A whole number field: anything but digits is dropped as it is typed (like the SMTP port). */
export function normaliseWholeNumberInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6);
}

/** The `simplifiminimums` value; a blank count is sent as NaN so the contracts' rule refuses it. */
export function toSimplifiValue(form: SimplifiForm): SimplifiMinimumsValue {
  const count = form.enhanceMinLeads.trim();
  return {
    maxBid: dollarsOf(form.maxBid, 'micros'),
    dailyBudget: dollarsOf(form.dailyBudget, 'cents'),
    enhanceMinLeadsPerDay: /^\d+$/.test(count) ? Number(count) : Number.NaN,
  };
}

/** The server's own texts, per field of the value (`enhanceMinLeadsPerDay` for the count). */
export function validateSimplifi(form: SimplifiForm): Partial<Record<keyof SimplifiMinimumsValue, string>> {
  return fieldErrors(simplifiMinimumsValueSchema, toSimplifiValue(form));
}
