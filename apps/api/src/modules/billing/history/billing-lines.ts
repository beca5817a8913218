import { type BillingLine, centsToDollars } from '@app/contracts';
import type { LedgerCauseKind, StatementLine } from '../../ledger/index.js';

const CAUSE_LABELS: Record<LedgerCauseKind, string> = {
  onboarding_charge: 'Onboarding charge',
  charge: 'Charge',
  refund: 'Refund',
  wallet_topup: 'Data Wallet top-up',
  wallet_spend: 'Data Wallet spend',
  wallet_expiry: 'Data Wallet credit expired',
  prepaid_block: 'Prepaid leads bought',
  prepaid_use: 'Prepaid leads delivered',
  prepaid_refund: 'Prepaid leads refunded',
  ad_budget: 'Ad budget bought',
  ad_spend: 'Ad budget spent',
  transfer: 'Transfer',
  commission: 'Commission',
  minimum_spend: 'Minimum spend shortfall',
  root_fee: 'Root fee',
  correction: 'Correction',
};

/** Gateways as people read them; everything the sandbox holds is labelled Sandbox (product guide §5). */
const GATEWAY_LABELS: Record<string, string> = { sandbox: 'Sandbox', stripe: 'Stripe' };

export const gatewayLabel = (name: string) => GATEWAY_LABELS[name] ?? name;

/**
 * What a person reads for a line: its cause and business object ("Onboarding charge — Northwind
 * Digital", "Refund of charge ch_… — Northwind Digital"). The company is named only when the reader
 * may see it (`companyName` answers undefined otherwise).
 */
export function lineTitle(
  line: StatementLine,
  companyName: (id: number) => string | undefined,
  accountKind?: string,
): string {
  const { cause } = line;
  const refunded = cause.kind === 'refund' ? /^refund:(.+)$/.exec(cause.businessKey)?.[1] : undefined;
  const label =
    (accountKind === 'receivable' && cardMovement(cause.kind, line.change)) ||
    (refunded ? `Refund of charge ${refunded}` : (CAUSE_LABELS[cause.kind] ?? cause.kind));
  const company = cause.companyId === null ? undefined : companyName(cause.companyId);
  return company ? `${label} — ${company}` : label;
}

/**
 * A card charge posts two lines on the payer's charges-and-payments account, owed then paid (and a
 * refund: credited then paid back). The second of each pair is the card's movement and reads so,
 * instead of repeating the first line's title.
 */
function cardMovement(kind: LedgerCauseKind, change: number): string | null {
  if ((kind === 'charge' || kind === 'onboarding_charge' || kind === 'minimum_spend') && change < 0)
    return 'Paid by card';
  if (kind === 'refund' && change > 0) return 'Refunded to card';
  return null;
}

/** A statement line on the wire: dollar strings, the title, the gateway object. */
export function lineOnWire(
  line: StatementLine,
  companyName: (id: number) => string | undefined,
  accountKind?: string,
): BillingLine {
  return {
    id: line.lineId,
    posted_at: line.postedAt.toISOString(),
    title: lineTitle(line, companyName, accountKind),
    description: line.cause.description,
    cause: line.cause.kind,
    gateway: line.gateway && { name: gatewayLabel(line.gateway.name), object_id: line.gateway.objectId },
    amount: centsToDollars(line.change),
    balance: centsToDollars(line.balance),
  };
}

/** The CSV's columns (one header row, then one row per line). */
export const CSV_HEADER = ['Date (UTC)', 'Item', 'Details', 'Gateway', 'Gateway object', 'Amount', 'Balance'];

export const csvRowOf = (line: BillingLine): string[] => [
  line.posted_at.replace('T', ' ').replace(/\.\d{3}Z$/, ''),
  line.title,
  line.description,
  line.gateway?.name ?? '',
  line.gateway?.object_id ?? '',
  line.amount,
  line.balance,
];
