import { asCents, type Cents, type Micros, ZERO_CENTS } from '@app/contracts';
import { chargeForLeads, sumCents } from './fees.js';
import { platformPart, splitPlatformPart } from './platform-part.js';

/*
 * A Weekly or Monthly campaign's invoice for one period (decision 0074): the leads delivered in the
 * window at the prices frozen on each lead, plus the next period's fee, for the party that pays —
 * the client (its card, by a direct charge on the agency's account whose application fee carries the
 * platform's part as far as it can) or, on manual bill, the agency (the platform's part itself).
 */

/** Leads of one price triple delivered in the window (the database groups them). */
export interface PricedLeads {
  count: number;
  clientMicros: Micros;
  wholesaleMicros: Micros;
  rootFeeMicros: Micros;
}

export interface PeriodFees {
  client: Cents;
  wholesale: Cents;
  root: Cents;
}

export interface InvoiceLineAmount {
  kind: 'leads' | 'period_fee';
  quantity: number;
  /** What the payer pays per unit (a lead, or the period). */
  unitPriceMicros: Micros;
  amount: Cents;
  /** The platform's part of the line: its leads or fee at wholesale (all of it when the agency pays). */
  platformPart: Cents;
}

export interface PeriodInvoice {
  payer: 'client' | 'agency';
  lines: InvoiceLineAmount[];
  leadCount: number;
  /** What the payer is charged: the sum of the lines. */
  total: Cents;
  /** The platform's part: the wholesale total, at least the root fee (decision 0065). */
  platformPart: Cents;
  /** Card billing: the application fee on the client's charge and the rest on the agency's card. */
  applicationFee: Cents;
  agencyCharge: Cents;
  wholesaleTotal: Cents;
  rootFeeTotal: Cents;
}

const MICROS_PER_CENT = 10_000;
const feeMicros = (cents: Cents) => (cents * MICROS_PER_CENT) as Micros;

/**
 * One party's lines: a leads line per (unit price, platform price) pair, each rounded once, then the
 * period fee. `part` prices the platform's share of each line; null: the line is all the platform's.
 */
function linesAt(
  leads: readonly PricedLeads[],
  price: (l: PricedLeads) => Micros,
  part: { perLead: (l: PricedLeads) => Micros; periodFee: Cents } | null,
  periodFee: Cents | null,
): InvoiceLineAmount[] {
  const groups = new Map<string, { unit: Micros; partUnit: Micros | null; quantity: number }>();
  for (const l of leads) {
    if (!Number.isSafeInteger(l.count) || l.count < 0)
      throw new RangeError(`A lead count is whole: ${l.count}`);
    if (l.count === 0) continue;
    const partUnit = part ? part.perLead(l) : null;
    const key = `${price(l)}:${partUnit}`;
    const group = groups.get(key) ?? { unit: price(l), partUnit, quantity: 0 };
    group.quantity += l.count;
    groups.set(key, group);
  }
  const lines: InvoiceLineAmount[] = [...groups.values()]
    .sort((a, b) => b.unit - a.unit || (b.partUnit ?? 0) - (a.partUnit ?? 0))
    .map(({ unit, partUnit, quantity }) => {
      const amount = chargeForLeads([{ leads: quantity, unitPrice: unit }]);
      return {
        kind: 'leads',
        quantity,
        unitPriceMicros: unit,
        amount,
        platformPart: partUnit === null ? amount : chargeForLeads([{ leads: quantity, unitPrice: partUnit }]),
      };
    });
  if (periodFee !== null && periodFee > 0)
    lines.push({
      kind: 'period_fee',
      quantity: 1,
      unitPriceMicros: feeMicros(periodFee),
      amount: periodFee,
      platformPart: part ? part.periodFee : periodFee,
    });
  return lines;
}

const totalOf = (lines: readonly InvoiceLineAmount[]) => sumCents(lines.map((l) => l.amount));

/**
 * The period's invoice. `periodFee` is null for a final invoice (the campaign stopped: no next period).
 * Manual bill: the agency pays the platform's part, its lines at whichever of wholesale and root fee
 * is larger, as the activation charge does.
 */
export function periodInvoice(input: {
  leads: readonly PricedLeads[];
  periodFee: PeriodFees | null;
  manualBill: boolean;
}): PeriodInvoice {
  const { leads, periodFee } = input;
  const wholesaleLines = linesAt(leads, (l) => l.wholesaleMicros, null, periodFee?.wholesale ?? null);
  const rootLines = linesAt(leads, (l) => l.rootFeeMicros, null, periodFee?.root ?? null);
  const wholesaleTotal = totalOf(wholesaleLines);
  const rootFeeTotal = totalOf(rootLines);
  const part = platformPart(wholesaleTotal, rootFeeTotal);
  const leadCount = leads.reduce((n, l) => n + l.count, 0);
  if (input.manualBill) {
    const lines = rootFeeTotal > wholesaleTotal ? rootLines : wholesaleLines;
    return {
      payer: 'agency',
      lines,
      leadCount,
      total: part,
      platformPart: part,
      applicationFee: ZERO_CENTS,
      agencyCharge: part,
      wholesaleTotal,
      rootFeeTotal,
    };
  }
  const lines = linesAt(
    leads,
    (l) => l.clientMicros,
    { perLead: (l) => l.wholesaleMicros, periodFee: periodFee?.wholesale ?? ZERO_CENTS },
    periodFee?.client ?? null,
  );
  const total = totalOf(lines);
  const split = splitPlatformPart(total, part);
  return {
    payer: 'client',
    lines,
    leadCount,
    total,
    platformPart: part,
    applicationFee: split.applicationFeeCents,
    agencyCharge: asCents(split.agencyChargeCents),
    wholesaleTotal,
    rootFeeTotal,
  };
}
