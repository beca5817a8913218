import type { Cents, Micros } from '@app/contracts';
import { chargeForLeads, sumCents } from './fees.js';

/*
 * A non-master system's monthly root-fee statement (decisions 0081, 0088): what it owes the master
 * system for the month — the leads its campaigns delivered at the root fee frozen on each lead, and
 * the root fee part of the setup and period fees its campaigns were charged (at activation and on
 * period invoices), frozen when each was charged. Like an invoice, one line per unit price, each turned
 * from micro-dollars into cents once (`chargeForLeads`), never per lead; fees are whole cents already.
 */

/** Leads delivered at one root fee (the database groups them). */
export interface RootFeeLeads {
  count: number;
  rootFeeMicros: Micros;
}

export interface RootFeeLine {
  leads: number;
  unitPriceMicros: Micros;
  amount: Cents;
}

/**
 * The root fee of one charge's fees, as frozen when it was charged: an activation's setup fee and
 * first period's fee, or a period invoice's fee of the next period (setup 0).
 */
export interface RootFeeCharge {
  setupFee: Cents;
  periodFee: Cents;
}

export type RootFeeFeeKind = 'setup_fee' | 'period_fee';

/** The month's fees of one kind: how many were charged, and their root fees together. */
export interface RootFeeFeeLine {
  kind: RootFeeFeeKind;
  count: number;
  amount: Cents;
}

export interface RootFeeStatement {
  lines: RootFeeLine[];
  /** Setup fees, then period fees; a kind with none is left out. */
  feeLines: RootFeeFeeLine[];
  leadCount: number;
  /** What the system owes the master for the month: the sum of the lines and the fee lines. */
  total: Cents;
}

const wholeCents = (amount: number) => Number.isSafeInteger(amount) && amount >= 0;

/** A charge's root fee in all: its setup fee and its period fee (what one charge adds to a statement). */
export function rootFeeOfCharge(charge: RootFeeCharge): Cents {
  if (!wholeCents(charge.setupFee) || !wholeCents(charge.periodFee))
    throw new RangeError(`A root fee is whole cents, not negative: ${charge.setupFee}, ${charge.periodFee}`);
  return sumCents([charge.setupFee, charge.periodFee]);
}

function feeLine(kind: RootFeeFeeKind, charges: readonly RootFeeCharge[]): RootFeeFeeLine {
  const amounts = charges
    .map((c) => (kind === 'setup_fee' ? c.setupFee : c.periodFee))
    .filter((amount) => amount > 0);
  return { kind, count: amounts.length, amount: sumCents(amounts) };
}

export function rootFeeStatement(
  leads: readonly RootFeeLeads[],
  charges: readonly RootFeeCharge[] = [],
): RootFeeStatement {
  const groups = new Map<number, number>();
  for (const { count, rootFeeMicros } of leads) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`A lead count is whole: ${count}`);
    if (rootFeeMicros < 0) throw new RangeError(`A root fee may not be negative: ${rootFeeMicros}`);
    groups.set(rootFeeMicros, (groups.get(rootFeeMicros) ?? 0) + count);
  }
  for (const charge of charges) rootFeeOfCharge(charge); // refuses a broken amount
  const lines = [...groups.entries()]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => b - a)
    .map(([unit, count]) => ({
      leads: count,
      unitPriceMicros: unit as Micros,
      amount: chargeForLeads([{ leads: count, unitPrice: unit as Micros }]),
    }));
  const feeLines = [feeLine('setup_fee', charges), feeLine('period_fee', charges)].filter((l) => l.count > 0);
  return {
    lines,
    feeLines,
    leadCount: lines.reduce((n, l) => n + l.leads, 0),
    total: sumCents([...lines.map((l) => l.amount), ...feeLines.map((l) => l.amount)]),
  };
}
