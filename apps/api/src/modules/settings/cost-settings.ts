import {
  type AgencyCost,
  type agencyCostInputSchema,
  COST_MODULES,
  type CostModule,
  centsToDollars,
  microsToDollars,
  PAYMENT_TERMS,
  type PaymentTerm,
  pricesAdvancedLeads,
  ZERO_MICROS,
} from '@app/contracts';
import { findFloorViolation, layeredPrice, type ModulePrice, type PriceSheet } from '@app/pricing';
import type { z } from 'zod';

type ParsedInput = z.output<typeof agencyCostInputSchema>;

/** The costagency wire shape (dollar strings, '0' when unset) of stored rows. */
export function toAgencyCost(own: PriceSheet, fallback: PriceSheet = []): AgencyCost {
  const base = (p: ModulePrice) => ({
    PlatformFee: centsToDollars(p.setupFeeCents),
    MinCostMonth: centsToDollars(p.platformFeeCents),
    Costperlead: microsToDollars(p.costPerLeadMicros),
  });
  const perTerm = <T>(module: CostModule, build: (p: ModulePrice) => T) =>
    Object.fromEntries(
      PAYMENT_TERMS.map((term) => [term, build(layeredPrice([own, fallback], module, term))]),
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
export function rowsFromInput(input: ParsedInput): ModulePrice[] {
  const rows: ModulePrice[] = [];
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
          'LeadspeekCostperleadAdvanced' in cost ? cost.LeadspeekCostperleadAdvanced : ZERO_MICROS,
      });
    }
  }
  return rows;
}

/**
 * Spec 2 §5 (rule in `@app/pricing`): the first enhance or b2b row below the parent's cost per lead
 * for the same term, with the request field it came from, or null.
 */
export function floorViolationOf(rows: readonly ModulePrice[], parentRows: PriceSheet) {
  const violation = findFloorViolation(rows, parentRows);
  return violation && { ...violation, field: `comsetval.${violation.module}.${violation.term}.Costperlead` };
}

/**
 * The prices of some module × term rows as flat, readable fields ("local/Weekly setup fee" →
 * "$1.00"), so the user log can say which of them a save changed. A row missing before reads as
 * empty: saving it for the first time shows every price it sets.
 */
export function priceFields(rows: PriceSheet): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const r of rows) {
    const at = `${r.module}/${r.term}`;
    fields[`${at} setup fee`] = `$${centsToDollars(r.setupFeeCents)}`;
    fields[`${at} platform fee`] = `$${centsToDollars(r.platformFeeCents)}`;
    fields[`${at} cost per lead`] = `$${microsToDollars(r.costPerLeadMicros)}`;
    if (pricesAdvancedLeads(r.module))
      fields[`${at} advanced cost per lead`] = `$${microsToDollars(r.costPerLeadAdvancedMicros)}`;
  }
  return fields;
}
