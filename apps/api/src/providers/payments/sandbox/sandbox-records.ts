import { asCents } from '@app/contracts';
import { asc, type Executor, eq, gte, sandboxCharges, sandboxRefunds, sandboxTransfers } from '@app/db';
import { keysOfResults } from '../../../lib/idempotency.js';
import type { GatewayRecord } from '../gateway.js';

/**
 * Every charge, refund and transfer the sandbox holds since `since` (all accounts: the sandbox is the
 * whole card processor, so it has no need to be told which connected accounts to look at), oldest
 * first, with the idempotency key each was made with.
 */
export async function listSandboxRecords(db: Executor, since: Date | null): Promise<GatewayRecord[]> {
  const charges = await db
    .select()
    .from(sandboxCharges)
    .where(since ? gte(sandboxCharges.createdAt, since) : undefined)
    .orderBy(asc(sandboxCharges.createdAt));
  const refundRows = await db
    .select({ refund: sandboxRefunds, charge: sandboxCharges })
    .from(sandboxRefunds)
    .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
    .where(since ? gte(sandboxRefunds.createdAt, since) : undefined);
  const transferRows = await db
    .select({ transfer: sandboxTransfers })
    .from(sandboxTransfers)
    .where(since ? gte(sandboxTransfers.createdAt, since) : undefined);
  // The key each was made with: the sandbox keeps it with the result, as Stripe does (decision 0101).
  const refundKeys = await keysOfResults(
    db,
    'sandbox-payments:',
    'refund.create',
    refundRows.map((r) => r.refund.id),
  );
  const transferKeys = await keysOfResults(
    db,
    'sandbox-payments:',
    'transfer.create',
    transferRows.map((r) => r.transfer.id),
  );
  const refunds = refundRows.map((r) => ({ ...r, key: refundKeys.get(r.refund.id) ?? null }));
  const transfers = transferRows.map((r) => ({ ...r, key: transferKeys.get(r.transfer.id) ?? null }));
  const records: GatewayRecord[] = [
    ...charges.map(
      (c): GatewayRecord => ({
        kind: 'charge',
        id: c.id,
        idempotencyKey: c.idempotencyKey,
        chargeId: null,
        connectedAccountId: c.accountId,
        amount: asCents(c.amount),
        applicationFee: c.applicationFee === null ? null : asCents(c.applicationFee),
        currency: 'usd',
        status: 'succeeded',
        metadata: c.metadata,
        created: c.createdAt,
      }),
    ),
    ...refunds.map(
      ({ refund, charge, key }): GatewayRecord => ({
        kind: 'refund',
        id: refund.id,
        idempotencyKey: key,
        chargeId: charge.id,
        connectedAccountId: charge.accountId,
        amount: asCents(refund.amount),
        applicationFee: charge.applicationFee === null ? null : asCents(refund.applicationFeeRefunded),
        currency: 'usd',
        status: 'succeeded',
        metadata: charge.metadata,
        created: refund.createdAt,
      }),
    ),
    ...transfers.map(
      ({ transfer, key }): GatewayRecord => ({
        kind: 'transfer',
        id: transfer.id,
        idempotencyKey: key,
        chargeId: null,
        connectedAccountId: transfer.destinationAccountId,
        amount: asCents(transfer.amount),
        applicationFee: null,
        currency: 'usd',
        status: 'paid',
        metadata: {},
        created: transfer.createdAt,
      }),
    ),
  ];
  return records.sort((a, b) => a.created.getTime() - b.created.getTime());
}
