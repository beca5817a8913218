import {
  type AgencyCost,
  type agencyCostInputSchema,
  COST_MODULES,
  type CostModule,
  centsToDollars,
  costPerLeadMinimumText,
  FLOOR_MODULES,
  microsToDollars,
  PAYMENT_TERMS,
  type PaymentTerm,
} from '@app/contracts';
import type { z } from 'zod';

/** One stored module × term price (integer cents and micro-dollars). */
export interface PriceValues {
  module: CostModule;
  term: PaymentTerm;
  setupFeeCents: number;
  platformFeeCents: number;
  costPerLeadMicros: number;
  costPerLeadAdvancedMicros: number;
}

type StoredPrice = Omit<PriceValues, 'module'> & { module: string };
type ParsedInput = z.output<typeof agencyCostInputSchema>;

const ZERO = { setupFeeCents: 0, platformFeeCents: 0, costPerLeadMicros: 0, costPerLeadAdvancedMicros: 0 };

/** The effective price of a module × term: the company's own row, else the fallback's, else zero. */
export function effectivePrice(
  own: readonly StoredPrice[],
  fallback: readonly StoredPrice[],
  module: CostModule,
  term: PaymentTerm,
): PriceValues {
  const pick = (rows: readonly StoredPrice[]) => rows.find((r) => r.module === module && r.term === term);
  const row = pick(own) ?? pick(fallback);
  return {
    module,
    term,
    setupFeeCents: row?.setupFeeCents ?? ZERO.setupFeeCents,
    platformFeeCents: row?.platformFeeCents ?? ZERO.platformFeeCents,
    costPerLeadMicros: row?.costPerLeadMicros ?? ZERO.costPerLeadMicros,
    costPerLeadAdvancedMicros: row?.costPerLeadAdvancedMicros ?? ZERO.costPerLeadAdvancedMicros,
  };
}

/** The costagency wire shape (dollar strings, '0' when unset) of stored rows. */
export function toAgencyCost(own: readonly StoredPrice[], fallback: readonly StoredPrice[] = []): AgencyCost {
  const base = (p: PriceValues) => ({
    PlatformFee: centsToDollars(p.setupFeeCents),
    MinCostMonth: centsToDollars(p.platformFeeCents),
    Costperlead: microsToDollars(p.costPerLeadMicros),
  });
  const perTerm = <T>(module: CostModule, build: (p: PriceValues) => T) =>
    Object.fromEntries(
      PAYMENT_TERMS.map((term) => [term, build(effectivePrice(own, fallback, module, term))]),
    ) as Record<PaymentTerm, T>;
  return {
    local: perTerm('local', (p) => ({
      ...base(p),
      LeadspeekCostperleadAdvanced: microsToDollars(p.costPerLeadAdvancedMicros),
    })),
    locator: perTerm('locator', base),
    enhance: perTerm('enhance', base),
    b2b: perTerm('b2b', base),
  };
}

/** The rows a costagency save writes: every term it sent, complete. */
export function rowsFromInput(input: ParsedInput): PriceValues[] {
  const rows: PriceValues[] = [];
  for (const module of COST_MODULES) {
    const perTerm = input[module];
    if (!perTerm) continue;
    for (const term of PAYMENT_TERMS) {
      const cost = perTerm[term];
      if (!cost) continue;
      rows.push({
        module,
        term,
        setupFeeCents: cost.PlatformFee,
        platformFeeCents: cost.MinCostMonth,
        costPerLeadMicros: cost.Costperlead,
        costPerLeadAdvancedMicros:
          'LeadspeekCostperleadAdvanced' in cost ? cost.LeadspeekCostperleadAdvanced : 0,
      });
    }
  }
  return rows;
}

export interface FloorViolation {
  module: CostModule;
  term: PaymentTerm;
  minimumMicros: number;
  /** The spec's hint text: '*Cost Per Lead Minimum $0.75'. */
  message: string;
  /** The field path in the request, for the error's `fields`. */
  field: string;
}

/**
 * Spec 2 §5: enhance and b2b cost per lead may not go below the parent's for the same term.
 * Answers the first row that does, or null.
 */
export function findFloorViolation(
  rows: readonly PriceValues[],
  parentRows: readonly StoredPrice[],
): FloorViolation | null {
  for (const row of rows) {
    if (!FLOOR_MODULES.includes(row.module)) continue;
    const floor = effectivePrice(parentRows, [], row.module, row.term).costPerLeadMicros;
    if (row.costPerLeadMicros < floor) {
      return {
        module: row.module,
        term: row.term,
        minimumMicros: floor,
        message: costPerLeadMinimumText(floor),
        field: `comsetval.${row.module}.${row.term}.Costperlead`,
      };
    }
  }
  return null;
}

/**
 * The prices of some module × term rows as flat, readable fields ("local/Weekly setup fee" →
 * "$1.00"), so the user log can say which of them a save changed. A row missing before reads as
 * empty: saving it for the first time shows every price it sets.
 */
export function priceFields(rows: readonly StoredPrice[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const r of rows) {
    const at = `${r.module}/${r.term}`;
    fields[`${at} setup fee`] = `$${centsToDollars(r.setupFeeCents)}`;
    fields[`${at} platform fee`] = `$${centsToDollars(r.platformFeeCents)}`;
    fields[`${at} cost per lead`] = `$${microsToDollars(r.costPerLeadMicros)}`;
    if (r.module === 'local')
      fields[`${at} advanced cost per lead`] = `$${microsToDollars(r.costPerLeadAdvancedMicros)}`;
  }
  return fields;
}
