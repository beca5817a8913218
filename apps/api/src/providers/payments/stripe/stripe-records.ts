import { asCents } from '@app/contracts';
import type Stripe from 'stripe';
import type { GatewayRecord } from '../gateway.js';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe's money records for reconciliation (decision 0079): charges and refunds of the platform and
 * of each connected account (direct charges live on the account), and the platform's transfers, each
 * list read through the SDK's auto-pagination (100 a page). A charge's idempotency key is the one the
 * adapter keeps in its metadata; a refund or transfer has none (matched by its id in the ledger).
 */
export async function listStripeRecords(
  stripe: Stripe,
  input: { since: Date | null; connectedAccountIds: readonly string[] },
): Promise<GatewayRecord[]> {
  const created = input.since ? { created: { gte: Math.floor(input.since.getTime() / 1000) } } : {};
  const params = { ...created, limit: 100 };
  const records: GatewayRecord[] = [];
  for (const account of [null, ...input.connectedAccountIds]) {
    const on = account ? { stripeAccount: account } : {};
    const charges = new Map<string, Stripe.Charge>();
    for await (const charge of stripe.charges.list(params, on)) {
      charges.set(charge.id, charge);
      const metadata = (charge.metadata ?? {}) as Record<string, string>;
      records.push({
        kind: 'charge',
        id: charge.id,
        idempotencyKey: metadata.idempotency_key ?? null,
        chargeId: null,
        connectedAccountId: account,
        amount: asCents(charge.amount),
        applicationFee: charge.application_fee_amount == null ? null : asCents(charge.application_fee_amount),
        currency: charge.currency,
        status: charge.status,
        metadata,
        created: new Date(charge.created * 1000),
      });
    }
    for await (const refund of stripe.refunds.list(params, on)) {
      const chargeId = idOf(refund.charge);
      records.push({
        kind: 'refund',
        id: refund.id,
        idempotencyKey: null,
        chargeId,
        connectedAccountId: account,
        amount: asCents(refund.amount),
        // The fee a refund gives back is a separate application-fee refund on Stripe: not read here.
        applicationFee: null,
        currency: refund.currency,
        status: refund.status ?? 'succeeded',
        metadata: (chargeId ? charges.get(chargeId)?.metadata : undefined) ?? {},
        created: new Date(refund.created * 1000),
      });
    }
  }
  for await (const transfer of stripe.transfers.list(params)) {
    records.push({
      kind: 'transfer',
      id: transfer.id,
      idempotencyKey: null,
      chargeId: null,
      connectedAccountId: idOf(transfer.destination),
      amount: asCents(transfer.amount),
      applicationFee: null,
      currency: transfer.currency,
      status: 'paid',
      metadata: (transfer.metadata ?? {}) as Record<string, string>,
      created: new Date(transfer.created * 1000),
    });
  }
  return records.sort((a, b) => a.created.getTime() - b.created.getTime());
}
