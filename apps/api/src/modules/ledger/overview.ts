import { asCents, type Cents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import { LEDGER_ACCOUNT_KINDS, type LedgerAccountKind, onNormalSide } from './ledger-catalogue.js';
import { LedgerError } from './ledger-error.js';
import { causeOf, createLedgerRepository, gatewayOf } from './ledger-repository.js';
import type { LedgerAccount, LedgerOwner } from './ledger-service.js';
import { createOverviewRepository, type OwnerKey } from './overview-repository.js';
import { rangeOf, type StatementLine } from './statement.js';

export interface AccountWithBalance extends LedgerAccount {
  /** On the account's normal side. */
  balance: Cents;
}

export interface StatementExport {
  account: LedgerAccount;
  month: string | null;
  openingBalance: Cents;
  lines: StatementLine[];
  /** More lines lie in the range than `limit`: the export stops there. */
  truncated: boolean;
}

/** What the system collected per UTC day: revenue and application fees credited, refunds paid. */
export interface CollectedDay {
  date: string;
  revenue: Cents;
  applicationFees: Cents;
  refunds: Cents;
}

const ownerKey = (owner: LedgerOwner): OwnerKey => ({
  companyId: owner.type === 'company' ? owner.companyId : null,
  userId: owner.type === 'user' ? owner.userId : null,
});
const ownerOf = (key: OwnerKey): LedgerOwner =>
  key.companyId !== null
    ? { type: 'company', companyId: key.companyId }
    : key.userId !== null
      ? { type: 'user', userId: key.userId }
      : { type: 'system' };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const EXPORT_BATCH = 2_000;
const COLLECTED_KINDS = ['revenue', 'application_fees', 'refunds'] as const;

/**
 * The ledger's overview reads (decision 0035), beside `balanceOf` and `statement`: a party's
 * accounts with balances, the owners holding accounts, a whole statement for a download (one
 * snapshot, keyset batches) and the money a system collected per day.
 */
export function createLedgerOverview({ db }: { db: Database }) {
  return {
    /** The owner's accounts in the system with their balances (none yet: an empty list). */
    async accountsOf(input: { systemId: number; owner: LedgerOwner }): Promise<AccountWithBalance[]> {
      const rows = await createOverviewRepository(db).accountsOf(input.systemId, ownerKey(input.owner));
      return rows.map((row) => ({
        id: row.id,
        systemId: row.systemId,
        kind: row.kind as LedgerAccountKind,
        owner: ownerOf(row),
        reference: row.reference,
        balance: asCents(onNormalSide(row.kind as LedgerAccountKind, row.sumOfLines)),
      }));
    },

    /** Every owner with at least one account in the system. */
    async owners(systemId: number): Promise<LedgerOwner[]> {
      return (await createOverviewRepository(db).owners(systemId)).map(ownerOf);
    },

    /**
     * Every line of an account in a month (or in all) with running balances, up to `limit`, read in
     * one snapshot so the balances agree with the opening balance.
     */
    async statementExport(query: {
      systemId: number;
      accountId: number;
      month?: string | null;
      limit: number;
    }): Promise<StatementExport> {
      const month = query.month ?? null;
      const range = rangeOf(month);
      if (!Number.isSafeInteger(query.limit) || query.limit < 1)
        throw new LedgerError('invalid_query', `An export holds at least one line, not ${query.limit}.`);
      return db.transaction(
        async (tx: Executor) => {
          const repo = createOverviewRepository(tx);
          const account = await accountIn(tx, query.systemId, query.accountId);
          const opening = await openingSum(tx, account.id, range.from);
          const lines: StatementLine[] = [];
          let running = opening;
          let after: { postedAt: Date | string; lineId: number } | null = null;
          let truncated = false;
          for (;;) {
            const want = Math.min(EXPORT_BATCH, query.limit + 1 - lines.length);
            const batch = await repo.linesAfter(account.id, range, after, want);
            for (const r of batch) {
              if (lines.length === query.limit) {
                truncated = true;
                break;
              }
              running += r.amount;
              lines.push({
                lineId: r.lineId,
                postingId: r.postingId,
                postedAt: new Date(r.postedAt),
                cause: causeOf(r),
                gateway: gatewayOf(r),
                amount: asCents(r.amount),
                change: asCents(onNormalSide(account.kind, r.amount)),
                balance: asCents(onNormalSide(account.kind, running)),
              });
            }
            const last = batch.at(-1);
            if (truncated || batch.length < want || !last) break;
            after = { postedAt: last.postedAt, lineId: last.lineId };
          }
          return {
            account,
            month,
            openingBalance: asCents(onNormalSide(account.kind, opening)),
            lines,
            truncated,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * What the system collected per UTC day in [start, end] (yyyy-MM-dd, both included): the credits
     * to its revenue and application-fee accounts and the debits to its refunds account, on their
     * normal sides. Days without lines are absent.
     */
    async collectedByDay(input: { systemId: number; start: string; end: string }): Promise<CollectedDay[]> {
      if (!DAY_PATTERN.test(input.start) || !DAY_PATTERN.test(input.end) || input.end < input.start)
        throw new LedgerError('invalid_query', `${input.start}..${input.end} is not a range of days.`);
      const to = new Date(`${input.end}T00:00:00.000Z`);
      to.setUTCDate(to.getUTCDate() + 1);
      const rows = await createOverviewRepository(db).systemSumsByDay(input.systemId, COLLECTED_KINDS, {
        from: `${input.start}T00:00:00.000Z`,
        to: to.toISOString(),
      });
      const days = new Map<string, CollectedDay>();
      for (const row of rows) {
        const day = days.get(row.day) ?? {
          date: row.day,
          revenue: asCents(0),
          applicationFees: asCents(0),
          refunds: asCents(0),
        };
        const amount = asCents(onNormalSide(row.kind as LedgerAccountKind, row.sumOfLines));
        if (row.kind === 'revenue') day.revenue = amount;
        else if (row.kind === 'application_fees') day.applicationFees = amount;
        else day.refunds = amount;
        days.set(row.day, day);
      }
      return [...days.values()];
    },
  };
}

async function accountIn(tx: Executor, systemId: number, accountId: number): Promise<LedgerAccount> {
  const row = await createLedgerRepository(tx).accountInSystem(systemId, accountId);
  if (!row)
    throw new LedgerError('not_in_system', `Ledger account ${accountId} is not in system ${systemId}.`);
  if (!Object.hasOwn(LEDGER_ACCOUNT_KINDS, row.kind)) throw new Error(`unknown ledger kind ${row.kind}`);
  return {
    id: row.id,
    systemId: row.systemId,
    kind: row.kind as LedgerAccountKind,
    owner: ownerOf(row),
    reference: row.reference,
  };
}

async function openingSum(tx: Executor, accountId: number, from: string): Promise<number> {
  const sums = await createLedgerRepository(tx).statementSums(accountId, { from, to: from }, null);
  return sums.beforeRange;
}
