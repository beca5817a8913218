import {
  type Cents,
  type CostModule,
  type Micros,
  type PaymentTerm,
  ZERO_CENTS,
  ZERO_MICROS,
} from '@app/contracts';

/**
 * One module × payment term price: the one-time setup fee and the platform fee per period in
 * cents, the cost per lead (and, for local, the advanced cost per lead) in micro-dollars. The
 * fields are named like the `agency_prices` columns, so stored rows are price rows as they are.
 */
export interface ModulePrice {
  module: CostModule;
  term: PaymentTerm;
  setupFeeCents: Cents;
  platformFeeCents: Cents;
  costPerLeadMicros: Micros;
  costPerLeadAdvancedMicros: Micros;
}

/** A stored price row: the module is any module the table allows (simplifi has no cost settings). */
export type StoredPrice = Omit<ModulePrice, 'module'> & { module: string };
/** The prices one company set (its own rows; a module × term it never saved is absent). */
export type PriceSheet = readonly StoredPrice[];

/**
 * The price of a module × term read through layers, nearest first: the first sheet with a row for
 * the pair wins, and a pair no sheet has costs nothing.
 */
export function layeredPrice(
  sheets: readonly PriceSheet[],
  module: CostModule,
  term: PaymentTerm,
): ModulePrice {
  let row: StoredPrice | undefined;
  for (const sheet of sheets) {
    row = sheet.find((r) => r.module === module && r.term === term);
    if (row) break;
  }
  return {
    module,
    term,
    setupFeeCents: row?.setupFeeCents ?? ZERO_CENTS,
    platformFeeCents: row?.platformFeeCents ?? ZERO_CENTS,
    costPerLeadMicros: row?.costPerLeadMicros ?? ZERO_MICROS,
    costPerLeadAdvancedMicros: row?.costPerLeadAdvancedMicros ?? ZERO_MICROS,
  };
}

/**
 * The agency wholesale of a module × term (product guide §3, price layers): the agency's own cost
 * settings, falling back to its system's defaults (the root company's cost settings).
 */
export function wholesalePrice(
  sheets: { agency: PriceSheet; system: PriceSheet },
  module: CostModule,
  term: PaymentTerm,
): ModulePrice {
  return layeredPrice([sheets.agency, sheets.system], module, term);
}

/**
 * The root fee of a module × term: what a non-master system owes the master for it, the master's
 * price (its root company's cost settings). An agency of the master system owes no root fee: the
 * master is paid its wholesale directly.
 */
export function rootFee(
  system: { isMaster: boolean },
  master: PriceSheet,
  module: CostModule,
  term: PaymentTerm,
): ModulePrice {
  return layeredPrice(system.isMaster ? [] : [master], module, term);
}
