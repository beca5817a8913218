import { asCents, type Cents } from '@app/contracts';
import type { Executor } from '@app/db';
import type { Ledger } from '../../ledger/index.js';
import type { CommissionRepository, CommissionRole } from './commission-repository.js';

/**
 * One sales person's share of some collected money, or what they give back of it (decisions 0080,
 * 0084): the row that says so once, and the posting that moves it in the books.
 */
export interface CommissionShare {
  systemId: number;
  /** The collected charge it is a share of, or null for a wallet spend's. */
  operationId: number | null;
  /** The Data Wallet spend (its posting) it is a share of, or null for a charge's (decision 0089). */
  spendPostingId: number | null;
  /** When that money was collected. */
  operationSettledAt: Date;
  /** When the share is recorded (the runtime's clock): the month a reversal counts in. */
  recordedAt: Date;
  agencyId: number;
  salesUserId: number;
  role: CommissionRole;
  kind: 'earned' | 'reversed';
  /** The platform part the share is taken of (collected, or refunded for a reversal). */
  base: Cents;
  rateBps: number;
  /** Earned: ≥ 0 (0 for a share under a cent: recorded, nothing posted). Reversed: < 0. */
  amount: Cents;
  /** The refund a reversal is for (its business key); absent for an earned share. */
  refundKey?: string;
  /**
   * The posting's once-only key (`commission:<operation>:<person>`,
   * `commission-wallet:<spend posting>:<person>`, `commission-reversal:…`).
   */
  businessKey: string;
  /** The statement line the person and the system read. */
  description: string;
}

/**
 * Records commission shares (decisions 0080, 0084), the one path of earning and reversing: the row
 * is written first — its unique key (operation, person, kind, refund) is the once-only guard, so a
 * run that finds it taken records nothing — then, in the same transaction, the posting between the
 * system's `commission_expense` and the person's `commission_payable`: an earned share credits the
 * payable (the system owes the person more), a reversal debits it. A share of 0 is recorded (so it
 * is not read again) with nothing to post.
 */
export function createCommissionShares(deps: { repo: CommissionRepository; ledger: Ledger }) {
  const { repo, ledger } = deps;

  async function post(share: CommissionShare, tx: Executor): Promise<number> {
    const [expense, payable] = await Promise.all([
      ledger.accountFor(
        { systemId: share.systemId, kind: 'commission_expense', owner: { type: 'system' } },
        tx,
      ),
      ledger.accountFor(
        {
          systemId: share.systemId,
          kind: 'commission_payable',
          owner: { type: 'user', userId: share.salesUserId },
        },
        tx,
      ),
    ]);
    const { posting } = await ledger.post(
      {
        systemId: share.systemId,
        cause: {
          kind: 'commission',
          description: share.description,
          businessKey: share.businessKey,
          companyId: share.agencyId,
        },
        lines: [
          { accountId: expense.id, amount: share.amount },
          { accountId: payable.id, amount: asCents(-share.amount) },
        ],
      },
      tx,
    );
    return posting.id;
  }

  /** Records the share once; false when another run recorded it first (nothing is posted then). */
  return async function record(share: CommissionShare, tx: Executor): Promise<boolean> {
    if (share.kind === 'earned' ? share.amount < 0 : share.amount >= 0)
      throw new RangeError(`An ${share.kind} commission of ${share.amount} cents has the wrong sign.`);
    const id = await repo.insertShare(share, tx);
    if (id === null) return false;
    if (share.amount !== 0) await repo.setPosting(id, await post(share, tx), tx);
    return true;
  };
}

export type RecordCommissionShare = ReturnType<typeof createCommissionShares>;
