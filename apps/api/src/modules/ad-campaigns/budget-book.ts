import { asCents, type Cents } from '@app/contracts';
import type { Executor } from '@app/db';
import type { Ledger } from '../ledger/index.js';

/**
 * A Simplifi campaign's budget in the ledger (decision 0110): the client's `ad_budget` account for
 * the campaign (reference `campaign-<id>`, at the client's price) against the system's
 * `ad_budget_outstanding`. A paid budget charge credits it, each day's spend the platform reports
 * debits it; what is left is the account's sum, never a counter beside it.
 */
export interface BudgetOwner {
  systemId: number;
  clientId: number;
  campaignId: number;
}

export function createBudgetBook(ledger: Ledger) {
  const accounts = (o: BudgetOwner, tx?: Executor) =>
    Promise.all([
      ledger.accountFor(
        {
          systemId: o.systemId,
          kind: 'ad_budget',
          owner: { type: 'company', companyId: o.clientId },
          reference: `campaign-${o.campaignId}`,
        },
        tx,
      ),
      ledger.accountFor(
        { systemId: o.systemId, kind: 'ad_budget_outstanding', owner: { type: 'system' } },
        tx,
      ),
    ]);

  /** Moves `amount` into (positive) or out of (negative) the campaign's budget, once per key. */
  async function move(
    o: BudgetOwner,
    amount: number,
    cause: { kind: 'ad_budget' | 'ad_spend'; businessKey: string; description: string },
    tx: Executor,
  ): Promise<void> {
    if (amount === 0) return;
    const [budget, outstanding] = await accounts(o, tx);
    await ledger.post(
      {
        systemId: o.systemId,
        cause: { ...cause, companyId: o.clientId },
        lines: [
          { accountId: outstanding.id, amount: asCents(amount) },
          { accountId: budget.id, amount: asCents(-amount) },
        ],
      },
      tx,
    );
  }

  return {
    bought: (o: BudgetOwner, amount: Cents, businessKey: string, description: string, tx: Executor) =>
      move(o, amount, { kind: 'ad_budget', businessKey, description }, tx),

    /** The unspent budget refunded (taken out of the campaign's budget). */
    refunded: (o: BudgetOwner, amount: Cents, businessKey: string, description: string, tx: Executor) =>
      move(o, -amount, { kind: 'ad_budget', businessKey, description }, tx),

    /** A day's spend posted (a correction when the platform revised the day: the difference, either way). */
    spent: (o: BudgetOwner, amount: number, businessKey: string, description: string, tx: Executor) =>
      move(o, -amount, { kind: 'ad_spend', businessKey, description }, tx),

    async left(o: BudgetOwner, tx?: Executor): Promise<Cents> {
      const [budget] = await accounts(o, tx);
      return (await ledger.balanceOf({ systemId: o.systemId, accountId: budget.id }, tx)).balance;
    },
  };
}

export type BudgetBook = ReturnType<typeof createBudgetBook>;
