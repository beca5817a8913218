import { asCents, type Cents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import type { CollectedSourceKey } from './collected-sources.js';
import {
  LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerCauseKind,
  onNormalSide,
} from './ledger-catalogue.js';
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
  /** How many lines `batches()` yields in all (at most the limit). */
  total: number;
  /** More lines lie in the range than `limit`: the export stops there. */
  truncated: boolean;
  /** The lines in posting order, one batch at a time (each a query of its own). */
  batches: () => AsyncGenerator<StatementLine[]>;
}

/** Collected money of one bucket and source (decision 0083): in is positive, refunds negative. */
export interface CollectedBucket {
  /** The bucket's first day in the range (yyyy-MM-dd). */
  start: string;
  source: CollectedSourceKey;
  amount: Cents;
  /** The part that was the system's application fee on direct charges. */
  applicationFees: Cents;
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
 * accounts with balances, the owners holding accounts, a whole statement for a download (bounds
 * in one snapshot, then keyset batches up to a high-water mark) and the money a system collected through the gateway per bucket and source.
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
     * Every line of an account in a month (or in all) with running balances, up to `limit`, for a
     * download that streams (decision 0040): the bounds (opening balance, line count, the ledger's
     * newest line id as a high-water mark) are read first in one snapshot; then `batches()` reads
     * keyset batches one query at a time, each only up to that id. No transaction stays open while
     * the file goes out (a slow client holds no connection; PGlite has only one), and memory holds
     * one batch. The ledger is append-only, so the lines up to the mark are the ones the bounds
     * counted (only a posting still uncommitted when the bounds were read, its ids below the mark,
     * could appear later; the count caps the file); the running balance is the opening balance
     * plus the lines written out, so it always adds up.
     */
    async statementExport(query: {
      systemId: number;
      accountId: number;
      month?: string | null;
      limit: number;
      batchSize?: number;
    }): Promise<StatementExport> {
      const month = query.month ?? null;
      const range = rangeOf(month);
      const batchSize = query.batchSize ?? EXPORT_BATCH;
      if (!Number.isSafeInteger(query.limit) || query.limit < 1)
        throw new LedgerError('invalid_query', `An export holds at least one line, not ${query.limit}.`);
      if (!Number.isSafeInteger(batchSize) || batchSize < 1)
        throw new LedgerError('invalid_query', `A batch holds at least one line, not ${batchSize}.`);
      const { account, bounds } = await db.transaction(
        async (tx: Executor) => ({
          account: await accountIn(tx, query.systemId, query.accountId),
          bounds: await createOverviewRepository(tx).exportBounds(query.accountId, range),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const total = Math.min(bounds.rangeLines, query.limit);
      async function* batches(): AsyncGenerator<StatementLine[]> {
        const repo = createOverviewRepository(db);
        let running = bounds.beforeRange;
        let written = 0;
        let after: { postedAt: Date | string; lineId: number } | null = null;
        while (written < total) {
          const rows = await repo.linesAfter(
            account.id,
            range,
            after,
            Math.min(batchSize, total - written),
            bounds.ceiling,
          );
          const last = rows.at(-1);
          if (!last) return;
          yield rows.map((r): StatementLine => {
            running += r.amount;
            return {
              lineId: r.lineId,
              postingId: r.postingId,
              postedAt: new Date(r.postedAt),
              cause: causeOf(r),
              gateway: gatewayOf(r),
              amount: asCents(r.amount),
              change: asCents(onNormalSide(account.kind, r.amount)),
              balance: asCents(onNormalSide(account.kind, running)),
            };
          });
          written += rows.length;
          after = { postedAt: last.postedAt, lineId: last.lineId };
        }
      }
      return {
        account,
        month,
        openingBalance: asCents(onNormalSide(account.kind, bounds.beforeRange)),
        total,
        truncated: bounds.rangeLines > query.limit,
        batches,
      };
    },

    /**
     * Money the system collected through the gateway in [start, end] (yyyy-MM-dd UTC days, both
     * included), per bucket and source (decision 0083): its gateway-clearing lines of charges (in)
     * and refunds (out, negative). Only postings of `companyIds` (null: all) or of one campaign
     * (its charges and their refunds) when asked. Buckets without lines are absent.
     */
    async collectedBySource(input: {
      systemId: number;
      start: string;
      end: string;
      bucket: 'day' | 'week' | 'month';
      companyIds?: readonly number[] | null;
      campaignId?: number | null;
      /** The IANA zone of the days and buckets (decision 0094: the viewer's); UTC by default. */
      timeZone?: string;
    }): Promise<CollectedBucket[]> {
      if (!DAY_PATTERN.test(input.start) || !DAY_PATTERN.test(input.end) || input.end < input.start)
        throw new LedgerError('invalid_query', `${input.start}..${input.end} is not a range of days.`);
      if (!['day', 'week', 'month'].includes(input.bucket))
        throw new LedgerError('invalid_query', `"${input.bucket}" is not a bucket of days.`);
      const companyIds = input.companyIds ?? null;
      if (companyIds !== null && companyIds.length === 0) return [];
      const rows = await createOverviewRepository(db).collectedBySource(
        input.systemId,
        { start: input.start, end: input.end, timeZone: input.timeZone ?? 'UTC' },
        { unit: input.bucket, firstDay: input.start },
        { companyIds, campaignId: input.campaignId ?? null },
      );
      // Clearing is debit-normal: a line's sum is already money in (+) or back (−).
      return rows.map((r) => ({
        start: r.period,
        source: r.source,
        amount: asCents(onNormalSide('gateway_clearing', r.sumOfLines)),
        applicationFees: asCents(onNormalSide('gateway_clearing', r.fees)),
      }));
    },

    /**
     * What the system earned from some companies in [from, to) by postings of some causes (decision
     * 0077: an agency's wholesale spend): the credits to its revenue and application-fee accounts less
     * the debits to its refunds account, in cents (negative when more was refunded than earned).
     */
    async earnedFrom(input: {
      systemId: number;
      companyIds: readonly number[];
      causes: readonly LedgerCauseKind[];
      from: Date;
      to: Date;
    }): Promise<Cents> {
      const sum = await createOverviewRepository(db).systemSumFrom(
        input.systemId,
        COLLECTED_KINDS,
        { companyIds: input.companyIds, causes: input.causes },
        { from: input.from.toISOString(), to: input.to.toISOString() },
      );
      // Credits are negative lines: earned is the opposite of the lines' sum (a refund's debit lowers it).
      return asCents(sum === 0 ? 0 : -sum);
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
