import { asCents } from '@app/contracts';
import {
  and,
  asc,
  type Executor,
  eq,
  gte,
  idempotencyKeys,
  like,
  sandboxCharges,
  sandboxRefunds,
  sandboxTransfers,
} from '@app/db';
import type { GatewayRecord } from '../gateway.js';

/** The key a refund or transfer was made with: the sandbox keeps it with the result, as Stripe does. */
const keyOf = (operation: string, id: typeof sandboxRefunds.id | typeof sandboxTransfers.id) =>
  and(
    eq(idempotencyKeys.resultId, id),
    eq(idempotencyKeys.operation, operation),
    like(idempotencyKeys.scope, 'sandbox-payments:%'),
  );

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
  const refunds = await db
    .select({ refund: sandboxRefunds, charge: sandboxCharges, key: idempotencyKeys.key })
    .from(sandboxRefunds)
    .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
    .leftJoin(idempotencyKeys, keyOf('refund.create', sandboxRefunds.id))
    .where(since ? gte(sandboxRefunds.createdAt, since) : undefined);
  const transfers = await db
    .select({ transfer: sandboxTransfers, key: idempotencyKeys.key })
    .from(sandboxTransfers)
    .leftJoin(idempotencyKeys, keyOf('transfer.create', sandboxTransfers.id))
    .where(since ? gte(sandboxTransfers.createdAt, since) : undefined);
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
