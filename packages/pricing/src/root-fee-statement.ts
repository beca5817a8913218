import type { Cents, Micros } from '@app/contracts';
import { chargeForLeads, sumCents } from './fees.js';

/*
 * A non-master system's monthly root-fee statement (decision 0081): the leads its campaigns delivered
 * in the month at the root fee frozen on each lead, owed to the master system. Like an invoice, one
 * line per unit price, each turned from micro-dollars into cents once (`chargeForLeads`), never per lead.
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

export interface RootFeeStatement {
  lines: RootFeeLine[];
  leadCount: number;
  /** What the system owes the master for the month: the sum of the lines. */
  total: Cents;
}

export function rootFeeStatement(leads: readonly RootFeeLeads[]): RootFeeStatement {
  const groups = new Map<number, number>();
  for (const { count, rootFeeMicros } of leads) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`A lead count is whole: ${count}`);
    if (rootFeeMicros < 0) throw new RangeError(`A root fee may not be negative: ${rootFeeMicros}`);
    groups.set(rootFeeMicros, (groups.get(rootFeeMicros) ?? 0) + count);
  }
  const lines = [...groups.entries()]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => b - a)
    .map(([unit, count]) => ({
      leads: count,
      unitPriceMicros: unit as Micros,
      amount: chargeForLeads([{ leads: count, unitPrice: unit as Micros }]),
    }));
  return {
    lines,
    leadCount: lines.reduce((n, l) => n + l.leads, 0),
    total: sumCents(lines.map((l) => l.amount)),
  };
}
