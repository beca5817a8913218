import { asCents } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import type { GatewayDirectory } from '../../../providers/payments/gateway-directory.js';
import type { Ledger } from '../../ledger/index.js';
import { retryAt } from '../invoices/retry-schedule.js';
import { transferThenRecord } from '../transfers/transfer-then-record.js';
import { monthOf, monthWindow } from './make-statements.js';
import {
  type RootFeeRepository,
  type RootFeeStatementRow,
  rootFeeTransferKey,
} from './root-fee-repository.js';

/** The account that receives a system's root fees for the master (decision 0081), as the gateway last said. */
export interface ReceivingAccount {
  gateway: string;
  accountId: string;
  status: string;
  payoutsEnabled: boolean;
}

/** The master's receiving account on the paying system's gateway (its root company's live connected account). */
export type ReceivingAccountOf = (systemId: number) => Promise<ReceivingAccount | null>;

export const receivedKey = (row: Pick<RootFeeStatementRow, 'systemId' | 'month'>) =>
  `root-fee:${row.systemId}:${row.month}:received`;

/** Where a statement's back-off stands after a refusal (decision 0088). */
export interface BackOff {
  /** When the current round of attempts was first refused (null: the next refusal begins one). */
  firstFailedAt: Date | null;
  /** Scheduled retries of the round made so far. */
  retries: number;
  nextAttemptAt: Date;
}

/**
 * The back-off after the gateway refused a statement's transfer now (decision 0088): the invoices'
 * retry schedule (`retryAt`, decision 0075: +1, +3 and +5 days from the round's first refusal). When
 * its last retry is refused too, the statement is tried again when the next month begins — the run
 * that states the month before — and a refusal then begins a new round.
 */
export function backOffAfterRefusal(
  row: Pick<RootFeeStatementRow, 'firstFailedAt' | 'retries'>,
  now: Date,
): BackOff {
  if (row.firstFailedAt === null)
    return { firstFailedAt: now, retries: 0, nextAttemptAt: retryAt(now, 0) as Date };
  const retries = row.retries + 1;
  const next = retryAt(row.firstFailedAt, retries);
  if (next) return { firstFailedAt: row.firstFailedAt, retries, nextAttemptAt: next };
  return { firstFailedAt: null, retries: 0, nextAttemptAt: monthWindow(monthOf(now)).to };
}

/**
 * Paying root-fee statements (decision 0081): each statement still due is paid by one transfer on
 * the paying system's gateway to the master's receiving account there, under the key
 * `root-fee:<system>:<YYYY-MM>` (`:attempt-<n>` after a refusal). The destination is fixed on the row
 * first, the gateway asked outside any transaction (`transferThenRecord`, as commission payouts), then
 * in one transaction: the paying system's payable → gateway clearing (naming the transfer, which
 * reconciliation matches), the master's receivable → `root_fee_received`, and the row marked paid. A
 * crash in between leaves the row due with its destination: the next run asks again under the same
 * key and the gateway answers the same transfer. No receiving account that takes payouts: it stays due.
 * A refusal marks it failed with its next attempt's time (`backOffAfterRefusal`, decision 0088).
 */
export function createRootFeePayments(deps: {
  db: Database;
  repo: RootFeeRepository;
  ledger: Ledger;
  gateways: Pick<GatewayDirectory, 'of'>;
  receivingAccount: ReceivingAccountOf;
  clock: Clock;
}) {
  const { db, repo, ledger } = deps;

  async function pay(row: RootFeeStatementRow): Promise<'paid' | 'failed'> {
    if (row.gateway === null || row.destinationAccountId === null) throw new Error('no destination fixed');
    const key = rootFeeTransferKey(row);
    const amount = asCents(row.amount);
    const system = { type: 'system' } as const;
    return transferThenRecord(
      { db, gateways: deps.gateways },
      {
        systemId: row.systemId,
        gateway: row.gateway,
        idempotencyKey: key,
        destinationAccountId: row.destinationAccountId,
        amount,
        description: `Root fee for ${row.month}`,
      },
      {
        refused: (message) =>
          repo.markFailed(row.id, row.attempt, message, backOffAfterRefusal(row, deps.clock.now())),
        async record({ transferId, gatewayName }, tx) {
          const [payable, clearing] = await Promise.all([
            ledger.accountFor({ systemId: row.systemId, kind: 'root_fee_payable', owner: system }, tx),
            ledger.accountFor({ systemId: row.systemId, kind: 'gateway_clearing', owner: system }, tx),
          ]);
          const paid = await ledger.post(
            {
              systemId: row.systemId,
              cause: {
                kind: 'root_fee',
                description: `Root fee for ${row.month} paid to the master system`,
                businessKey: key,
                companyId: null,
              },
              gateway: { name: gatewayName, objectId: transferId },
              lines: [
                { accountId: payable.id, amount },
                { accountId: clearing.id, amount: asCents(-amount) },
              ],
            },
            tx,
          );
          // The master's side names no gateway object: the transfer left the paying system's gateway
          // balance, and reconciliation counts it there once (decision 0081).
          const reference = `system-${row.systemId}`;
          const [received, receivable] = await Promise.all([
            ledger.accountFor(
              { systemId: row.masterSystemId, kind: 'root_fee_received', owner: system, reference },
              tx,
            ),
            ledger.accountFor(
              { systemId: row.masterSystemId, kind: 'root_fee_receivable', owner: system, reference },
              tx,
            ),
          ]);
          const got = await ledger.post(
            {
              systemId: row.masterSystemId,
              cause: {
                kind: 'root_fee',
                description: `Root fee for ${row.month} received from system ${row.systemId} (transfer ${transferId})`,
                businessKey: receivedKey(row),
                companyId: null,
              },
              lines: [
                { accountId: received.id, amount },
                { accountId: receivable.id, amount: asCents(-amount) },
              ],
            },
            tx,
          );
          await repo.markPaid(
            row.id,
            { transferId, paidPostingId: paid.posting.id, receivedPostingId: got.posting.id },
            tx,
          );
        },
      },
    );
  }

  /**
   * Pays every statement due, and every refused one whose next attempt is due by the clock (the
   * back-off, decision 0088); a refused one not yet due is not asked.
   */
  return async function payStatements(): Promise<{ paid: number; failed: number; waiting: number }> {
    const totals = { paid: 0, failed: 0, waiting: 0 };
    for (const open of await repo.open(deps.clock.now())) {
      let row: RootFeeStatementRow | null = open;
      if (row.status === 'failed' || row.gateway === null) {
        const account = await deps.receivingAccount(row.systemId);
        if (!account?.payoutsEnabled) {
          totals.waiting += 1;
          continue;
        }
        // A refused month is tried again under its next attempt's key, to the account there is now.
        if (row.status === 'failed') row = await repo.retry(row.id, row.attempt);
        if (row?.status === 'due' && row.gateway === null)
          row = await repo.fixDestination(row.id, { gateway: account.gateway, accountId: account.accountId });
      }
      if (row?.status !== 'due' || row.gateway === null) continue; // another run settled it
      totals[await pay(row)] += 1;
    }
    return totals;
  };
}

export type PayRootFeeStatements = ReturnType<typeof createRootFeePayments>;
