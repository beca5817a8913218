import { asCents } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import type { GatewayDirectory } from '../../../providers/payments/gateway-directory.js';
import type { Ledger } from '../../ledger/index.js';
import { transferThenRecord } from '../transfers/transfer-then-record.js';
import type { CommissionRepository, PayoutRow } from './commission-repository.js';

/** `YYYY-MM` of the month before the instant's (UTC): the month a payout on the 1st pays for. */
export function monthBefore(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Paying sales commissions (decision 0080), once a month per person: what their commission account
 * holds when the run comes is transferred to their connected account. The payout row is written
 * first with the transfer's idempotency key (`commission-payout:<person>:<month>`), the gateway is
 * asked outside any transaction, then the transfer is posted (payable → gateway clearing) and the
 * row marked paid in one transaction. A crash in between leaves a pending row the next run finishes
 * under the same key: one transfer, one posting. A person without an account that takes payouts
 * keeps their balance owed; a refused transfer fails that month's row and next month pays it all.
 */
export function createCommissionPayouts(deps: {
  db: Database;
  repo: CommissionRepository;
  ledger: Ledger;
  gateways: Pick<GatewayDirectory, 'of'>;
  /** The person's live connected account (tenancy's reads), which must take payouts. */
  personalAccount: (
    userId: number,
  ) => Promise<{ accountId: string; gateway: string; payoutsEnabled: boolean } | null | undefined>;
  clock: Clock;
}) {
  const { db, repo, ledger } = deps;

  const settle = (payout: PayoutRow): Promise<'paid' | 'failed'> =>
    transferThenRecord(
      { db, gateways: deps.gateways },
      {
        systemId: payout.systemId,
        gateway: payout.gateway,
        idempotencyKey: payout.idempotencyKey,
        destinationAccountId: payout.destinationAccountId,
        amount: payout.amount,
        description: `Sales commission for ${payout.period}`,
      },
      {
        refused: (message) => repo.markFailed(payout.id, message),
        async record({ transferId, gatewayName }, tx) {
          const owner = { type: 'user', userId: payout.salesUserId } as const;
          const [payable, clearing] = await Promise.all([
            ledger.accountFor({ systemId: payout.systemId, kind: 'commission_payable', owner }, tx),
            ledger.accountFor(
              { systemId: payout.systemId, kind: 'gateway_clearing', owner: { type: 'system' } },
              tx,
            ),
          ]);
          const { posting } = await ledger.post(
            {
              systemId: payout.systemId,
              cause: {
                kind: 'transfer',
                description: `Sales commission for ${payout.period} paid out`,
                businessKey: payout.idempotencyKey,
                companyId: null,
              },
              gateway: { name: gatewayName, objectId: transferId },
              lines: [
                { accountId: payable.id, amount: payout.amount },
                { accountId: clearing.id, amount: asCents(-payout.amount) },
              ],
            },
            tx,
          );
          await repo.markPaid(payout.id, { transferId, postingId: posting.id }, tx);
        },
      },
    );

  return async function payOut(): Promise<{ paid: number; failed: number; waiting: number }> {
    const period = monthBefore(deps.clock.now());
    const totals = { paid: 0, failed: 0, waiting: 0 };
    // What a crash or an outage left pending first: its amount is still in the person's balance.
    for (const payout of await repo.pendingPayouts()) totals[await settle(payout)] += 1;
    for (const owed of await ledger.nonZeroBalances('commission_payable')) {
      if (owed.userId === null || owed.balance <= 0) continue;
      const account = await deps.personalAccount(owed.userId);
      if (!account?.payoutsEnabled) {
        totals.waiting += 1;
        continue;
      }
      const payout = await repo.openPayout({
        systemId: owed.systemId,
        salesUserId: owed.userId,
        period,
        amount: owed.balance,
        gateway: account.gateway,
        destinationAccountId: account.accountId,
        idempotencyKey: `commission-payout:${owed.userId}:${period}`,
      });
      if (payout.status !== 'pending') continue; // this month is paid (or refused) already
      totals[await settle(payout)] += 1;
    }
    return totals;
  };
}
