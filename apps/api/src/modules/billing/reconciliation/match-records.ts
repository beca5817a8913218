import { asCents, type Cents } from '@app/contracts';
import type { GatewayRecord } from '../../../providers/payments/gateway.js';

/** Our charge operation as reconciliation reads it (a `payment_operations` row). */
export interface OperationSide {
  businessKey: string;
  status: 'pending' | 'succeeded' | 'failed';
  chargeId: string | null;
  amount: Cents;
  applicationFee: Cents | null;
  connectedAccountId: string | null;
  companyId: number | null;
}

/** A ledger posting that names a gateway object, with what it moved through the gateway clearing account. */
export interface PostingSide {
  postingId: number;
  businessKey: string;
  gatewayObjectId: string;
  companyId: number | null;
  /** The sum of its lines on `gateway_clearing`: money in positive, money out negative. */
  clearing: Cents;
}

export type DifferenceKind =
  | 'gateway_record_without_operation'
  | 'operation_without_gateway_record'
  | 'operation_failed_but_charged'
  | 'amount_mismatch'
  | 'application_fee_mismatch'
  | 'ledger_posting_missing'
  | 'ledger_amount_mismatch'
  | 'ledger_posting_without_gateway_record';

export interface Difference {
  kind: DifferenceKind;
  /** Our business key (the operation's, or the posting's), else the gateway's idempotency key. */
  operationKey: string | null;
  gatewayObjectId: string | null;
  companyId: number | null;
  ours: Cents | null;
  gateway: Cents | null;
}

export interface SideTotals {
  charges: Cents;
  refunds: Cents;
  transfers: Cents;
  applicationFees: Cents;
  /** What the platform holds from it: platform charges and application fees, less refunds and transfers. */
  net: Cents;
}

export interface MatchResult {
  /** Gateway records of the system compared. */
  checked: number;
  gateway: SideTotals;
  ledger: { net: Cents; postings: number };
  /** Each payer's net on both sides (the gateway's through the record's operation or posting). */
  parties: { companyId: number; gateway: Cents; ledger: Cents }[];
  differences: Difference[];
}

/**
 * What the platform's balance at the gateway moved by for a record: a platform charge its amount, a
 * direct charge its application fee; a refund the opposite (of the fee it gave back, on a direct
 * charge); a transfer its amount out.
 */
export function platformNet(record: GatewayRecord): number {
  const direct = record.connectedAccountId !== null;
  if (record.kind === 'charge') return direct ? (record.applicationFee ?? 0) : record.amount;
  if (record.kind === 'refund') return -(direct ? (record.applicationFee ?? 0) : record.amount);
  return -record.amount;
}

/**
 * Compares one system's records at one gateway with its operations and ledger postings there
 * (decision 0079). A record is the system's when its metadata names the system, or an operation or a
 * posting of the system names it (by idempotency key or id). Operations still pending are in flight
 * (the janitor's), never a difference. Pure: the job reads the three sides and stores the result.
 */
export function matchRecords(input: {
  systemId: number;
  records: readonly GatewayRecord[];
  operations: readonly OperationSide[];
  postings: readonly PostingSide[];
}): MatchResult {
  const byKey = new Map(input.operations.map((o) => [o.businessKey, o]));
  const byChargeId = new Map(input.operations.flatMap((o) => (o.chargeId ? [[o.chargeId, o] as const] : [])));
  const postingOf = new Map(input.postings.map((p) => [p.gatewayObjectId, p]));
  const system = String(input.systemId);
  const ours = (r: GatewayRecord) =>
    r.metadata.system_id === system ||
    byChargeId.has(r.id) ||
    postingOf.has(r.id) ||
    (r.kind === 'charge' && r.idempotencyKey !== null && byKey.has(r.idempotencyKey));
  // A declined charge (Stripe keeps it, status 'failed') or a failed refund moved no money.
  const moved = (r: GatewayRecord) =>
    r.kind === 'charge' ? r.status === 'succeeded' : r.status !== 'failed' && r.status !== 'canceled';
  const records = input.records.filter((r) => moved(r) && ours(r));
  const seen = new Set(records.map((r) => r.id));
  const differences: Difference[] = [];
  const totals = { charges: 0, refunds: 0, transfers: 0, applicationFees: 0, net: 0 };
  const parties = new Map<number, { gateway: number; ledger: number }>();
  const party = (companyId: number | null) => {
    if (companyId === null) return null;
    const entry = parties.get(companyId) ?? { gateway: 0, ledger: 0 };
    parties.set(companyId, entry);
    return entry;
  };

  for (const record of records) {
    const net = platformNet(record);
    totals.net += net;
    if (record.kind === 'charge') totals.charges += record.amount;
    if (record.kind === 'refund') totals.refunds += record.amount;
    if (record.kind === 'transfer') totals.transfers += record.amount;
    if (record.connectedAccountId !== null && record.kind !== 'transfer')
      totals.applicationFees += (record.kind === 'charge' ? 1 : -1) * (record.applicationFee ?? 0);

    const operation =
      record.kind === 'charge'
        ? (byChargeId.get(record.id) ??
          (record.idempotencyKey ? byKey.get(record.idempotencyKey) : undefined))
        : undefined;
    const posting = postingOf.get(record.id);
    const key = operation?.businessKey ?? posting?.businessKey ?? record.idempotencyKey;
    const companyId = operation?.companyId ?? posting?.companyId ?? null;
    const diff = (kind: DifferenceKind, ours: number | null, gateway: number | null) =>
      differences.push({
        kind,
        operationKey: key,
        gatewayObjectId: record.id,
        companyId,
        ours: ours === null ? null : asCents(ours),
        gateway: gateway === null ? null : asCents(gateway),
      });
    const payer = party(companyId);
    if (payer) payer.gateway += net;

    if (operation?.status === 'pending') continue;
    if (!operation && !posting) {
      diff('gateway_record_without_operation', null, record.amount);
      continue;
    }
    if (operation?.status === 'failed') diff('operation_failed_but_charged', null, record.amount);
    if (operation) {
      if (operation.amount !== record.amount || record.currency !== 'usd')
        diff('amount_mismatch', operation.amount, record.amount);
      const fee = operation.connectedAccountId === null ? 0 : (operation.applicationFee ?? 0);
      if (fee !== (record.applicationFee ?? 0))
        diff('application_fee_mismatch', fee, record.applicationFee ?? 0);
    }
    if (!posting && net !== 0) diff('ledger_posting_missing', null, net);
    else if (posting && posting.clearing !== net) diff('ledger_amount_mismatch', posting.clearing, net);
  }

  for (const operation of input.operations)
    if (operation.status === 'succeeded' && operation.chargeId && !seen.has(operation.chargeId))
      differences.push({
        kind: 'operation_without_gateway_record',
        operationKey: operation.businessKey,
        gatewayObjectId: operation.chargeId,
        companyId: operation.companyId,
        ours: operation.amount,
        gateway: null,
      });
  let ledgerNet = 0;
  for (const posting of input.postings) {
    ledgerNet += posting.clearing;
    const payer = party(posting.companyId);
    if (payer) payer.ledger += posting.clearing;
    if (!seen.has(posting.gatewayObjectId))
      differences.push({
        kind: 'ledger_posting_without_gateway_record',
        operationKey: posting.businessKey,
        gatewayObjectId: posting.gatewayObjectId,
        companyId: posting.companyId,
        ours: posting.clearing,
        gateway: null,
      });
  }

  return {
    checked: records.length,
    gateway: {
      charges: asCents(totals.charges),
      refunds: asCents(totals.refunds),
      transfers: asCents(totals.transfers),
      applicationFees: asCents(totals.applicationFees),
      net: asCents(totals.net),
    },
    ledger: { net: asCents(ledgerNet), postings: input.postings.length },
    parties: [...parties.entries()]
      .sort(([a], [b]) => a - b)
      .map(([companyId, sums]) => ({
        companyId,
        gateway: asCents(sums.gateway),
        ledger: asCents(sums.ledger),
      })),
    differences,
  };
}
