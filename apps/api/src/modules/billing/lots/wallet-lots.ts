import { asCents, type Cents, DATA_WALLET_EXPIRY_MONTHS, formatUsdCents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import type { Ledger } from '../../ledger/index.js';
import { createLotRepository } from './lot-repository.js';
import { lotRemainders } from './wallet-allocation.js';

/** A spend from an agency's wallet: what, how much, and the business key that names it for ever. */
export interface WalletSpendInput {
  systemId: number;
  agencyId: number;
  amount: Cents;
  /** Names the spend once and for ever: a second spend of the key is the first one, not another. */
  businessKey: string;
  /** What the agency reads in its history ("Leads delivered for campaign 40010001"). */
  description: string;
  /**
   * What the spend pays in the books: the agency's campaigns (`wallet_spend`, the default, wholesale
   * spend) or a minimum-spend shortfall (`minimum_spend`), which is no spend of its own: paying one
   * month's shortfall must not count towards the next month's minimum.
   */
  causeKind?: 'wallet_spend' | 'minimum_spend';
}

/** Money given back into an agency's wallet (a prepaid refund of what the wallet paid, decision 0087). */
export interface WalletCreditInput {
  systemId: number;
  agencyId: number;
  amount: Cents;
  /** Names the credit once and for ever: its posting's key and its lot's source key. */
  businessKey: string;
  /** What the agency reads in its history. */
  description: string;
}

export type WalletSpendOutcome =
  /** Posted (or posted before, under the same key: `created` false); `balance` is what is left. */
  | { status: 'spent'; postingId: number; balance: Cents; created: boolean }
  /** The balance does not cover it: nothing was posted. */
  | { status: 'insufficient'; balance: Cents };

/** The spend would take the wallet below zero: the savepoint is rolled back. */
class WouldOverdraw extends Error {}

/**
 * When what is left of a wallet purchase lapses (spec 2 §9: 12 months): the same day of the month a
 * year on, or the month's last day when it has no such day (29 February), at the same time of day (UTC).
 */
export function walletLotExpiry(boughtAt: Date): Date {
  const expiry = new Date(boughtAt.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + DATA_WALLET_EXPIRY_MONTHS);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * An agency's Data Wallet as ledger lots (decisions 0072, 0073), beside `prepaid-lots.ts`: the wallet
 * is the agency's `wallet` account; a top-up is a charge whose posting credits that account, and the
 * lot it opens says what it bought, when, and when what is left of it lapses. Spending and expiry
 * post wallet → revenue; the balance is always the account's sum of lines. Spending is oldest lot
 * first by definition (one account), so a lot's own remainder is the balance allocated newest lot
 * first (`lotRemainders`), which is what expiry posts.
 */
export function createWalletLots(deps: { db: Database; ledger: Ledger; clock: Clock }) {
  const { db, ledger, clock } = deps;
  const repoOf = (tx?: Executor) => createLotRepository(tx ?? db);

  const account = (systemId: number, agencyId: number, tx?: Executor) =>
    ledger.accountFor({ systemId, kind: 'wallet', owner: { type: 'company', companyId: agencyId } }, tx);
  const revenue = (systemId: number, tx?: Executor) =>
    ledger.accountFor({ systemId, kind: 'revenue', owner: { type: 'system' } }, tx);
  const balanceOf = async (accountId: number, tx?: Executor): Promise<Cents> =>
    asCents((await ledger.balancesOf([{ id: accountId, kind: 'wallet' }], tx)).get(accountId) ?? 0);

  return {
    account,
    balance: balanceOf,

    /**
     * How many top-ups the wallet has had: the n of the next one is this + 1 (decision 0073). Money a
     * refund gave back is no top-up: it does not move n (a pending automatic top-up keeps its key).
     */
    count: (accountId: number, tx?: Executor) => repoOf(tx).countOf(accountId, 'wallet'),

    /** The wallet's lots, oldest first (the history's expiry dates). */
    lots: (accountId: number) => repoOf().lotsOf(accountId, 'wallet'),

    /**
     * Opens the lot a top-up bought, in the transaction that records its charge (whose posting has
     * credited the wallet): once per `sourceKey`, the charge's business key, however often it runs.
     * Under the wallet lots' lock, as a refund's credit is: an expiry holding it reads the lots and
     * then the balance, and a top-up committing between those reads would lend the new money to the
     * old lots' remainders and lapse it. Waiting here commits the money and its lot after the expiry.
     */
    async open(
      input: { systemId: number; agencyId: number; accountId: number; amount: Cents; sourceKey: string },
      tx: Executor,
    ) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new RangeError(`A wallet top-up is above $0, not ${input.amount} cents.`);
      const repo = repoOf(tx);
      await repo.lockWalletLots(input.accountId);
      const boughtAt = clock.now();
      return repo.insert({
        systemId: input.systemId,
        companyId: input.agencyId,
        campaignId: null,
        kind: 'wallet',
        accountId: input.accountId,
        quantity: input.amount,
        clientPriceMicros: null,
        wholesaleMicros: null,
        boughtAt,
        expiresAt: walletLotExpiry(boughtAt),
        sourceKey: input.sourceKey,
      });
    },

    /**
     * Gives money back into the wallet in the caller's transaction (decision 0087): a posting
     * refunds → wallet under `businessKey` and a lot of its own (`origin` 'refund', the posting's key
     * as its source key) that expires like a top-up, 12 months on by the clock, and is spent and
     * lapses like one. Under the wallet lots' lock, as spends and expiries are, so an expiry never
     * reads the money without its lot. Once per key: a second credit of the key is the first
     * (`created` false), whoever runs it.
     */
    async credit(input: WalletCreditInput, tx: Executor) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new RangeError(`A wallet credit is above $0, not ${input.amount} cents.`);
      const wallet = await account(input.systemId, input.agencyId, tx);
      const refunds = await ledger.accountFor(
        { systemId: input.systemId, kind: 'refunds', owner: { type: 'system' } },
        tx,
      );
      const repo = repoOf(tx);
      await repo.lockWalletLots(wallet.id);
      const { created } = await ledger.post(
        {
          systemId: input.systemId,
          cause: {
            kind: 'refund',
            description: input.description,
            businessKey: input.businessKey,
            companyId: input.agencyId,
          },
          lines: [
            { accountId: refunds.id, amount: input.amount },
            { accountId: wallet.id, amount: asCents(-input.amount) },
          ],
        },
        tx,
      );
      const at = clock.now();
      const lot = await repo.insert({
        systemId: input.systemId,
        companyId: input.agencyId,
        campaignId: null,
        kind: 'wallet',
        origin: 'refund',
        accountId: wallet.id,
        quantity: input.amount,
        clientPriceMicros: null,
        wholesaleMicros: null,
        boughtAt: at,
        expiresAt: walletLotExpiry(at),
        sourceKey: input.businessKey,
      });
      return { lot, created };
    },

    /**
     * Spends from the wallet in the caller's transaction: posts wallet → revenue when the balance
     * covers it, else answers `insufficient` and posts nothing. The wallet's lots are locked first,
     * so concurrent spends (and expiries) of one wallet take turns and none can overdraw it; money
     * reaches a wallet only through a lot, so a wallet without lots holds nothing to race for. The
     * posting is made in a savepoint and the balance read after it: a key spent before answers that
     * spend (`created` false) instead of spending again.
     */
    async spend(input: WalletSpendInput, tx: Executor): Promise<WalletSpendOutcome> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new RangeError(`A wallet spend is above $0, not ${input.amount} cents.`);
      const wallet = await account(input.systemId, input.agencyId, tx);
      const earned = await revenue(input.systemId, tx);
      await repoOf(tx).lockWalletLots(wallet.id);
      const before = await balanceOf(wallet.id, tx);
      try {
        return await tx.transaction(async (savepoint) => {
          const { posting, created } = await ledger.post(
            {
              systemId: input.systemId,
              cause: {
                kind: input.causeKind ?? 'wallet_spend',
                description: input.description,
                businessKey: input.businessKey,
                companyId: input.agencyId,
              },
              lines: [
                { accountId: wallet.id, amount: input.amount },
                { accountId: earned.id, amount: asCents(-input.amount) },
              ],
            },
            savepoint,
          );
          const after = await balanceOf(wallet.id, savepoint);
          if (created && after < 0) throw new WouldOverdraw();
          return { status: 'spent' as const, postingId: posting.id, balance: after, created };
        });
      } catch (error) {
        if (error instanceof WouldOverdraw) return { status: 'insufficient', balance: before };
        throw error;
      }
    },

    /** Wallets with a lot past its expiry not yet lapsed (the expiry job's work), oldest expiry first. */
    accountsToLapse: (limit: number) => repoOf().walletAccountsToLapse(clock.now(), limit),

    /**
     * Lapses what is left of a wallet's lots past their expiry (spec 2 §9), oldest first, each once:
     * under the lots' lock, each lot's remainder (the balance allocated newest first over the lots
     * not lapsed) is posted wallet → revenue as `wallet-expiry:<lotId>`, and the lot is marked lapsed
     * (also when nothing was left of it), all in one transaction.
     */
    async lapse(target: { accountId: number; systemId: number; companyId: number }) {
      return db.transaction(async (tx) => {
        const repo = repoOf(tx);
        // Locked, then read again: a lot whose credit committed while this waited for the lock (a
        // refund's, decision 0087) is counted with its money, never its money without the lot.
        await repo.lockWalletLots(target.accountId);
        const counted = (await repo.lockWalletLots(target.accountId)).filter((l) => l.lapsed_at === null);
        const balance = await balanceOf(target.accountId, tx);
        const remainders = lotRemainders(
          counted.map((l) => ({ id: l.id, quantity: asCents(l.quantity) })),
          balance,
        );
        const now = clock.now();
        const due = counted.filter((l) => l.expires_at !== null && asDate(l.expires_at) <= now);
        const earned = await revenue(target.systemId, tx);
        let lapsed = 0;
        for (const lot of due) {
          const left = remainders.get(lot.id) ?? asCents(0);
          if (left <= 0) continue;
          await ledger.post(
            {
              systemId: target.systemId,
              cause: {
                kind: 'wallet_expiry',
                description: `Expired: ${formatUsdCents(left)} left of the top-up of ${asDate(lot.bought_at).toISOString().slice(0, 10)}`,
                businessKey: `wallet-expiry:${lot.id}`,
                companyId: target.companyId,
              },
              lines: [
                { accountId: target.accountId, amount: left },
                { accountId: earned.id, amount: asCents(-left) },
              ],
            },
            tx,
          );
          lapsed += left;
        }
        await repo.markLapsed(
          due.map((l) => l.id),
          now,
        );
        return { lots: due.length, amount: asCents(lapsed) };
      });
    },
  };
}

export type WalletLots = ReturnType<typeof createWalletLots>;
