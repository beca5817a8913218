import {
  type AgencyCost,
  type AgencyCostInput,
  asCents,
  asMicros,
  type Cents,
  COST_MODULES,
  type CostModule,
  centsFromWire,
  centsToDollars,
  type Micros,
  microsFromWire,
  microsToDollars,
  PAYMENT_TERMS,
  type PaymentTerm,
  ZERO_CENTS,
  ZERO_MICROS,
} from '@app/contracts';
import { costPerLeadFloor as floorUnder } from '@app/pricing';
import type { PriceUnit } from '../../../../components/price-input/price-text';

/**
 * The Set Cost for Agency form (spec 2 §3 Pricing, §5): per module × payment term, the setup fee
 * (PlatformFee), the platform fee per period (MinCostMonth), the cost per lead (Costperlead) and, for
 * local, the advanced cost per lead. Held as integer cents / micro-dollars; dollar strings only on the
 * wire.
 */

export const COST_FIELDS = [
  'PlatformFee',
  'MinCostMonth',
  'Costperlead',
  'LeadspeekCostperleadAdvanced',
] as const;
export type CostField = (typeof COST_FIELDS)[number];

export const FIELD_UNIT: Record<CostField, PriceUnit> = {
  PlatformFee: 'cents',
  MinCostMonth: 'cents',
  Costperlead: 'micros',
  LeadspeekCostperleadAdvanced: 'micros',
};

export type TermUnits = Partial<Record<CostField, number>>;
export type CostUnits = Record<CostModule, Record<PaymentTerm, TermUnits>>;

/** Local also has the advanced-information cost per lead. */
export function fieldsOf(module: CostModule): readonly CostField[] {
  return module === 'local' ? COST_FIELDS : COST_FIELDS.slice(0, 3);
}

/** Spec 2 §4: the wording follows the term (per week, per month, blank for one time). */
export function termWording(term: PaymentTerm): string {
  switch (term) {
    case 'Weekly':
      return 'per week';
    case 'Monthly':
      return 'per month';
    case 'OneTime':
      return '';
    case 'Prepaid':
      // The platform fee of a prepaid agency is still charged monthly (decision 0013).
      return 'per month';
  }
}

export function fieldLabel(field: CostField, term: PaymentTerm): string {
  const wording = termWording(term);
  switch (field) {
    case 'PlatformFee':
      return 'Setup Fee';
    case 'MinCostMonth':
      return wording ? `Platform Fee ${wording}` : 'Platform Fee';
    case 'Costperlead':
      return 'Cost Per Lead';
    case 'LeadspeekCostperleadAdvanced':
      return 'Advanced Cost Per Lead';
  }
}

/** A fee the server sent (a dollar string) as cents; anything unreadable counts as 0 (what the input would reset to). */
export const centsOf = (text: string | undefined): Cents =>
  (text === undefined ? null : centsFromWire(text)) ?? ZERO_CENTS;
/** A per-lead price the server sent as micro-dollars; anything unreadable counts as 0. */
export const microsOf = (text: string | undefined): Micros =>
  (text === undefined ? null : microsFromWire(text)) ?? ZERO_MICROS;

/** A stored dollar string to form units. */
export function unitsOf(text: string | undefined, unit: PriceUnit): number {
  return unit === 'cents' ? centsOf(text) : microsOf(text);
}

/** Form units as the wire's dollar string. */
export function dollarsOf(units: number, unit: PriceUnit): string {
  return unit === 'cents' ? centsToDollars(asCents(units)) : microsToDollars(asMicros(units));
}

/** The server's answer (dollar strings) as form units, every module × term × field present. */
export function costUnitsFrom(cost: AgencyCost): CostUnits {
  const result = {} as CostUnits;
  for (const module of COST_MODULES) {
    result[module] = {} as Record<PaymentTerm, TermUnits>;
    for (const term of PAYMENT_TERMS) {
      const stored = cost[module][term] as Partial<Record<CostField, string>>;
      const units: TermUnits = {};
      for (const field of fieldsOf(module)) units[field] = unitsOf(stored[field], FIELD_UNIT[field]);
      result[module][term] = units;
    }
  }
  return result;
}

export function setCostField(
  form: CostUnits,
  module: CostModule,
  term: PaymentTerm,
  field: CostField,
  units: number,
): CostUnits {
  return { ...form, [module]: { ...form[module], [term]: { ...form[module][term], [field]: units } } };
}

/**
 * Spec 2 §5 (the rule of `@app/pricing`, as the server applies it): enhance and b2b cost per lead
 * may not go below the parent's for the same term; a parent without a price (0) sets no floor.
 */
export function costPerLeadFloor(
  parent: CostUnits | null,
  module: CostModule,
  term: PaymentTerm,
): Micros | null {
  return parent ? floorUnder(module, asMicros(parent[module][term].Costperlead ?? 0)) : null;
}

export interface FloorBreach {
  module: CostModule;
  term: PaymentTerm;
  floor: Micros;
}

/** Terms the form would send whose cost per lead is below the parent's (the server refuses them). */
export function floorBreaches(
  form: CostUnits,
  parent: CostUnits | null,
  sent: readonly { module: CostModule; term: PaymentTerm }[],
): FloorBreach[] {
  return sent.flatMap(({ module, term }) => {
    const floor = costPerLeadFloor(parent, module, term);
    return floor !== null && (form[module][term].Costperlead ?? 0) < floor ? [{ module, term, floor }] : [];
  });
}

function sameTerm(a: TermUnits, b: TermUnits): boolean {
  return COST_FIELDS.every((field) => (a[field] ?? 0) === (b[field] ?? 0));
}

/**
 * Which module × term pairs to send: those changed since loading. With nothing changed, the term on
 * screen is sent, so Save always confirms what the person sees. Terms never looked at are not sent,
 * so an old value below a floor raised since then cannot block saving another term.
 */
export function termsToSend(
  loaded: CostUnits,
  edited: CostUnits,
  current: { module: CostModule; term: PaymentTerm },
): { module: CostModule; term: PaymentTerm }[] {
  const changed = COST_MODULES.flatMap((module) =>
    PAYMENT_TERMS.filter((term) => !sameTerm(loaded[module][term], edited[module][term])).map((term) => ({
      module,
      term,
    })),
  );
  return changed.length > 0 ? changed : [current];
}

/** The costagency value of `PUT /configuration/setting` for those pairs, as dollar strings. */
export function costInput(edited: CostUnits, pairs: readonly { module: CostModule; term: PaymentTerm }[]) {
  const input: Record<string, Record<string, Record<string, string>>> = {};
  for (const { module, term } of pairs) {
    const values: Record<string, string> = {};
    for (const field of fieldsOf(module))
      values[field] = dollarsOf(edited[module][term][field] ?? 0, FIELD_UNIT[field]);
    input[module] = { ...input[module], [term]: values };
  }
  return input as AgencyCostInput;
}
