import {
  type Cents,
  type Micros,
  type SimplifiMinimumsValue,
  simplifiMinimumsValueSchema,
  wholeNumberOf,
} from '@app/contracts';
import type { SimplifiMinimums } from '../../../api/settings';
import { centsOf, dollarsOf, microsOf } from '../agency-list/set-cost-modal/cost-form';
import { fieldErrors } from './field-errors';

/** The root company's campaign minimums being edited: amounts in form units, the count as typed. */
export interface SimplifiForm {
  /** Per thousand impressions. */
  maxBid: Micros;
  dailyBudget: Cents;
  /** The enhance minimum leads per day, as typed (digits only). */
  enhanceMinLeads: string;
}

export function simplifiFormFrom(data: SimplifiMinimums): SimplifiForm {
  return {
    maxBid: microsOf(data.maxBid.minimum),
    dailyBudget: centsOf(data.dailyBudget.minimum),
    enhanceMinLeads: String(data.enhanceMinLeadsPerDay),
  };
}

/** A whole number field: anything but digits is dropped as it is typed (like the SMTP port). */
export function normaliseWholeNumberInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6);
}

/** The `simplifiminimums` value; a blank count is sent as NaN so the contracts' rule refuses it. */
export function toSimplifiValue(form: SimplifiForm): SimplifiMinimumsValue {
  return {
    maxBid: dollarsOf(form.maxBid, 'micros'),
    dailyBudget: dollarsOf(form.dailyBudget, 'cents'),
    enhanceMinLeadsPerDay: wholeNumberOf(form.enhanceMinLeads, 15),
  };
}

/** The server's own texts, per field of the value (`enhanceMinLeadsPerDay` for the count). */
export function validateSimplifi(form: SimplifiForm): Partial<Record<keyof SimplifiMinimumsValue, string>> {
  return fieldErrors(simplifiMinimumsValueSchema, toSimplifiValue(form));
}
