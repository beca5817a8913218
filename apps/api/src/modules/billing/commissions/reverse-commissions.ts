import { asCents, type Cents } from '@app/contracts';
import type { Database, PrepaidRefundCall } from '@app/db';
import { commissionReversal } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { Ledger } from '../../ledger/index.js';
import type { OperationsOfCharges } from '../../payments/index.js';
import type { PrepaidRefundRepository } from '../lots/prepaid-refund-repository.js';
import type { CommissionRepository, CommissionSource } from './commission-repository.js';
import { createCommissionShares } from './commission-share.js';

/** The platform's part a refund gave back: the application fee of a direct charge, else all of it. */
const platformBack = (call: PrepaidRefundCall): Cents =>
  asCents(call.connectedAccountId === null ? call.amount : call.applicationFeeBack);

/**
 * Commissions reversed on refund (decisions 0080, 0084, 0089): for every refund made — a prepaid
 * refund's gateway refunds (decision 0078) and what it gave back into the Data Wallet of each wallet
 * spend that paid a block (decision 0087) — each sales person who earned a commission on a refunded
 * charge or spend gives back the commission on the platform part refunded (`@app/pricing`
 * `commissionReversal`, never more than is left of it): a `reversed` row keyed on the refund (unique
 * per source, person and refund) and its posting (`commission-reversal:<refund>:<operation>:<person>`,
 * or `…:wallet-<spend posting>:<person>`: the person's payable debited, the system's expense
 * credited), written in one transaction with the refund's mark. Runs at once write one; the first
 * finds the row free. The balance it leaves — negative when the commission was paid out already — is
 * what the next payout nets (a payout transfers only a positive balance).
 *
 * Run after `earn` in the same job, so money refunded before its commission was earned is earned,
 * then reversed.
 */
export function createCommissionReversal(deps: {
  db: Database;
  repo: CommissionRepository;
  refunds: Pick<PrepaidRefundRepository, 'commissionsDue' | 'markCommissionsReversed'>;
  operationsOfCharges: OperationsOfCharges;
  ledger: Ledger;
  clock: Clock;
}) {
  const { db, repo } = deps;
  const record = createCommissionShares({ repo, ledger: deps.ledger });

  return async function reverse(limit = 200): Promise<{ reversed: number; amount: Cents }> {
    let reversed = 0;
    let total = 0;
    for (const refund of await deps.refunds.commissionsDue(limit)) {
      const calls = refund.calls.filter((call) => platformBack(call) > 0);
      const operations = await deps.operationsOfCharges(calls.map((call) => call.chargeId));
      const operationOf = new Map(operations.map((o) => [o.chargeId, o.id]));
      // What the refund gave back of each source: a card charge's platform part, or what went back
      // into the Data Wallet of a wallet spend (all of it the platform's, decision 0089).
      const pieces: { source: CommissionSource; sourceId: number; back: Cents }[] = [
        ...calls.flatMap((call) => {
          const operationId = operationOf.get(call.chargeId);
          return operationId === undefined
            ? []
            : [{ source: 'charge' as const, sourceId: operationId, back: platformBack(call) }];
        }),
        ...refund.walletParts
          .filter((part) => part.amount > 0)
          .map((part) => ({
            source: 'spend' as const,
            sourceId: part.spendPostingId,
            back: asCents(part.amount),
          })),
      ];
      await db.transaction(async (tx) => {
        const earned = {
          charge: await repo.earnedOn(
            'charge',
            pieces.filter((p) => p.source === 'charge').map((p) => p.sourceId),
            tx,
          ),
          spend: await repo.earnedOn(
            'spend',
            pieces.filter((p) => p.source === 'spend').map((p) => p.sourceId),
            tx,
          ),
        };
        for (const piece of pieces) {
          for (const item of earned[piece.source].filter((e) => e.sourceId === piece.sourceId)) {
            const back = commissionReversal(
              piece.back,
              item.rateBps,
              item.amount,
              asCents(item.reversedSoFar),
            );
            if (back === 0) continue;
            const source = piece.source === 'charge' ? `${piece.sourceId}` : `wallet-${piece.sourceId}`;
            const recorded = await record(
              {
                systemId: item.systemId,
                operationId: item.operationId,
                spendPostingId: item.spendPostingId,
                operationSettledAt: item.operationSettledAt,
                recordedAt: deps.clock.now(),
                agencyId: item.agencyId,
                salesUserId: item.salesUserId,
                role: item.role,
                kind: 'reversed',
                base: piece.back,
                rateBps: item.rateBps,
                amount: asCents(-back),
                refundKey: refund.businessKey,
                businessKey: `commission-reversal:${refund.businessKey}:${source}:${item.salesUserId}`,
                description: `Commission reversed: its money was refunded (${refund.businessKey})`,
              },
              tx,
            );
            if (!recorded) continue; // another run reversed it for this refund
            reversed += 1;
            total += back;
          }
        }
        await deps.refunds.markCommissionsReversed(refund.id, deps.clock.now(), tx);
      });
    }
    return { reversed, amount: asCents(total) };
  };
}

export type CommissionReversal = ReturnType<typeof createCommissionReversal>;
