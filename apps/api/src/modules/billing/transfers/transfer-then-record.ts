import type { Cents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import { GatewayError } from '../../../providers/payments/gateway.js';
import type { GatewayDirectory } from '../../../providers/payments/gateway-directory.js';

/** A transfer a row already names (written before the gateway is asked): its key, amount and destination. */
export interface PlannedTransfer {
  systemId: number;
  gateway: string;
  idempotencyKey: string;
  destinationAccountId: string;
  amount: Cents;
  description: string;
}

/**
 * Pays a planned transfer and records it (sales commission payouts, decision 0080; root fees, 0081):
 * the gateway is asked with the row's key outside any transaction, then `record` posts it and marks the
 * row paid in one transaction. A gateway refusal is the row's (`refused`); anything else (an outage, a
 * crash) is thrown and leaves the row as it was, so the next run asks again under the same key and the
 * gateway answers the same transfer: one transfer, one posting.
 */
export async function transferThenRecord(
  deps: { db: Database; gateways: Pick<GatewayDirectory, 'of'> },
  planned: PlannedTransfer,
  outcome: {
    refused: (message: string) => Promise<void>;
    record: (done: { transferId: string; gatewayName: string }, tx: Executor) => Promise<void>;
  },
): Promise<'paid' | 'failed'> {
  const gateway = await deps.gateways.of(planned.systemId, planned.gateway);
  let transferId: string;
  try {
    const transfer = await gateway.transfer({
      idempotencyKey: planned.idempotencyKey,
      destinationAccountId: planned.destinationAccountId,
      amount: planned.amount,
      currency: 'usd',
      description: planned.description,
    });
    transferId = transfer.id;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await outcome.refused(error.message);
    return 'failed';
  }
  await deps.db.transaction((tx) => outcome.record({ transferId, gatewayName: gateway.name }, tx));
  return 'paid';
}
