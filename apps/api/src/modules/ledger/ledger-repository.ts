import {
  and,
  asc,
  companies,
  type Executor,
  eq,
  firstRow,
  inArray,
  ledgerAccounts,
  ledgerLines,
  ledgerPostings,
  queryRows,
  sql,
  users,
} from '@app/db';
import type { LedgerCauseKind } from './ledger-catalogue.js';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type PostingRow = typeof ledgerPostings.$inferSelect;
export type NewPosting = Omit<typeof ledgerPostings.$inferInsert, 'id'>;
export interface AccountKey {
  systemId: number;
  kind: string;
  companyId: number | null;
  userId: number | null;
  reference: string;
}
/** A time range of a statement: [from, to), as timestamps PostgreSQL reads ('-infinity' allowed). */
export interface LineRange {
  from: string;
  to: string;
}

type PostingCauseColumns = Pick<PostingRow, 'causeKind' | 'description' | 'businessKey' | 'companyId'>;
type PostingGatewayColumns = Pick<PostingRow, 'gateway' | 'gatewayObjectId'>;

export interface StatementRow extends PostingCauseColumns, PostingGatewayColumns {
  lineId: number;
  postingId: number;
  /** A Date or the driver's timestamp text, depending on the driver. */
  postedAt: Date | string;
  amount: number;
}

/** A posting's cause, as the ledger's callers read it. */
export const causeOf = (row: PostingCauseColumns) => ({
  kind: row.causeKind as LedgerCauseKind,
  description: row.description,
  businessKey: row.businessKey,
  companyId: row.companyId,
});

/** The gateway object behind a posting, or null. */
export const gatewayOf = (row: PostingGatewayColumns) =>
  row.gateway !== null && row.gatewayObjectId !== null
    ? { name: row.gateway, objectId: row.gatewayObjectId }
    : null;

/**
 * An int8 of a raw statement as an exact number: PGlite hands raw rows the client's parsed number,
 * node-postgres the text. Read through BigInt, so a value is never rounded on its way in; beyond
 * 2^53 it throws instead (no ledger amount or id comes near).
 */
export function exactInteger(value: unknown): number {
  const whole = BigInt(value as string | number | bigint);
  if (whole > BigInt(Number.MAX_SAFE_INTEGER) || whole < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`ledger integer beyond 2^53: ${whole}`);
  return Number(whole);
}

/**
 * The only SQL of the ledger, and the only code anywhere that touches its tables. Bound to the
 * database or to a caller's transaction. Every read and write names the system it belongs to.
 */
export function createLedgerRepository(db: Executor) {
  return {
    async findAccount(key: AccountKey): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.systemId, key.systemId),
            eq(ledgerAccounts.kind, key.kind),
            key.companyId === null
              ? sql`${ledgerAccounts.companyId} is null`
              : eq(ledgerAccounts.companyId, key.companyId),
            key.userId === null
              ? sql`${ledgerAccounts.userId} is null`
              : eq(ledgerAccounts.userId, key.userId),
            eq(ledgerAccounts.reference, key.reference),
          ),
        );
      return row;
    },

    /** The new account, or undefined when a concurrent call created it first (the unique key decides). */
    async insertAccount(key: AccountKey & { unit: string }): Promise<AccountRow | undefined> {
      const [row] = await db.insert(ledgerAccounts).values(key).onConflictDoNothing().returning();
      return row;
    },

    async accountInSystem(systemId: number, accountId: number): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.systemId, systemId)));
      return row;
    },

    /** The system and unit of each of these accounts that exists. */
    accountsByIds: (accountIds: readonly number[]) =>
      db
        .select({ id: ledgerAccounts.id, systemId: ledgerAccounts.systemId, unit: ledgerAccounts.unit })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...accountIds])),

    /** The system of each of these companies that exists. */
    companiesByIds: (companyIds: readonly number[]) =>
      db
        .select({ id: companies.id, systemId: companies.systemId })
        .from(companies)
        .where(inArray(companies.id, [...companyIds])),

    /**
     * Many new postings and their lines in ONE statement (the lead claim's batch): the business keys
     * that were new, so the caller can tell a key posted before. Lines are dated with their posting.
     */
    async insertPostingsWithLines(
      postings: readonly (Omit<NewPosting, 'createdAt'> & { createdAt: Date })[],
      lines: readonly { businessKey: string; accountId: number; amount: number }[],
    ): Promise<Set<string>> {
      const heads = postings.map((p, i) => ({
        i,
        s: p.systemId,
        c: p.causeKind,
        d: p.description,
        k: p.businessKey,
        o: p.companyId ?? null,
        g: p.gateway ?? null,
        go: p.gatewayObjectId ?? null,
        n: p.lineCount,
        t: p.createdAt.toISOString(),
      }));
      const rows = lines.map((l, n) => ({ k: l.businessKey, n, a: l.accountId, m: l.amount }));
      const inserted = await queryRows<{ business_key: string }>(
        db,
        sql`with p as (
              insert into ledger_postings (system_id, cause_kind, description, business_key, company_id,
                                           gateway, gateway_object_id, line_count, created_at)
              select x.s, x.c, x.d, x.k, x.o, x.g, x.go, x.n, x.t::timestamptz
                from json_to_recordset(${JSON.stringify(heads)}::json)
                  as x(i int, s int, c text, d text, k text, o int, g text, go text, n int, t text)
               order by x.i
              on conflict (business_key) do nothing
              returning id, business_key, created_at
            ), l as (
              insert into ledger_lines (posting_id, account_id, amount, posted_at)
              select p.id, y.a, y.m, p.created_at
                from p join json_to_recordset(${JSON.stringify(rows)}::json) as y(k text, n int, a bigint, m bigint)
                  on y.k = p.business_key
               order by y.n
            )
            select business_key from p`,
      );
      return new Set(inserted.map((r) => r.business_key));
    },

    async companyInSystem(systemId: number, companyId: number): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), eq(companies.systemId, systemId)));
      return rows.length > 0;
    },

    async userInSystem(systemId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.systemId, systemId)));
      return rows.length > 0;
    },

    /**
     * The new posting, or undefined when its business key is already posted. A concurrent insert of
     * the same key waits for the first to commit, then finds it (or takes its place on rollback).
     */
    async insertPosting(posting: NewPosting): Promise<PostingRow | undefined> {
      const [row] = await db
        .insert(ledgerPostings)
        .values(posting)
        .onConflictDoNothing({ target: ledgerPostings.businessKey })
        .returning();
      return row;
    },

    async postingByKey(businessKey: string): Promise<PostingRow | undefined> {
      const [row] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.businessKey, businessKey));
      return row;
    },

    async insertLines(postingId: number, lines: readonly { accountId: number; amount: number }[]) {
      // Each line is dated with its posting's own time, read in SQL at full precision.
      const accountIds = `{${lines.map((l) => l.accountId).join(',')}}`;
      const amounts = `{${lines.map((l) => l.amount).join(',')}}`;
      await db.execute(
        sql`insert into ledger_lines (posting_id, account_id, amount, posted_at)
            select p.id, l.account_id, l.amount, p.created_at
              from ledger_postings p, unnest(${accountIds}::bigint[], ${amounts}::bigint[]) with ordinality as l(account_id, amount, n)
             where p.id = ${postingId}
             order by l.n`,
      );
    },

    linesOf: (postingId: number) =>
      db
        .select({ accountId: ledgerLines.accountId, amount: ledgerLines.amount })
        .from(ledgerLines)
        .where(eq(ledgerLines.postingId, postingId))
        .orderBy(asc(ledgerLines.id)),

    /** Sum of the account's lines, debit positive: an index-only scan of the statement index. */
    async sumOfLines(accountId: number): Promise<number> {
      const rows = await queryRows<{ total: unknown }>(
        db,
        sql`select coalesce(sum(amount), 0)::bigint as total from ledger_lines where account_id = ${accountId}`,
      );
      return exactInteger(firstRow(rows, 'ledger balance').total);
    },

    /** The sums of several accounts' lines at once (index-only), debit positive; absent: no lines. */
    async sumsOfLines(accountIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await queryRows<{ account_id: unknown; total: unknown }>(
        db,
        sql`select account_id, sum(amount)::bigint as total from ledger_lines
             where account_id = any(${`{${accountIds.join(',')}}`}::bigint[]) group by account_id`,
      );
      return new Map(rows.map((r) => [exactInteger(r.account_id), exactInteger(r.total)]));
    },

    /** Every account of the kind whose lines do not sum to zero, with that sum (debit positive). */
    async nonZeroOfKind(kind: string, systemId?: number) {
      const rows = await queryRows<{
        id: unknown;
        system_id: number;
        user_id: number | null;
        company_id: number | null;
        total: unknown;
      }>(
        db,
        sql`select a.id, a.system_id, a.user_id, a.company_id, sum(l.amount)::bigint as total
              from ledger_accounts a join ledger_lines l on l.account_id = a.id
             where a.kind = ${kind} ${systemId === undefined ? sql`` : sql`and a.system_id = ${systemId}`}
             group by a.id having sum(l.amount) <> 0
             order by a.id`,
      );
      return rows.map((r) => ({
        accountId: exactInteger(r.id),
        systemId: r.system_id,
        userId: r.user_id,
        companyId: r.company_id,
        sumOfLines: exactInteger(r.total),
      }));
    },

    /**
     * Postings of a cause after a point of (posting time, id), in that order, each with the sum of its
     * debits (what it moved). Only causes with an index of their own: `wallet_spend` (decision 0089).
     */
    async postingsOfCause(
      cause: 'wallet_spend',
      after: { postedAt: Date; id: number } | null,
      limit: number,
    ) {
      const rows = await queryRows<{
        id: unknown;
        system_id: number;
        company_id: number | null;
        description: string;
        business_key: string;
        created_at: Date | string;
        moved: unknown;
      }>(
        db,
        sql`select p.id, p.system_id, p.company_id, p.description, p.business_key, p.created_at,
                   (select coalesce(sum(l.amount), 0) from ledger_lines l
                     where l.posting_id = p.id and l.amount > 0)::bigint as moved
              from ledger_postings p
             where p.cause_kind = ${cause}
               ${after ? sql`and (p.created_at, p.id) > (${after.postedAt.toISOString()}::timestamptz, ${after.id})` : sql``}
             order by p.created_at, p.id
             limit ${limit}`,
      );
      return rows.map((r) => ({
        id: exactInteger(r.id),
        systemId: r.system_id,
        companyId: r.company_id,
        description: r.description,
        businessKey: r.business_key,
        postedAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
        moved: exactInteger(r.moved),
      }));
    },

    /** One page of the account's lines in the range, in posting order, with their postings. */
    async statementPage(
      accountId: number,
      range: LineRange,
      limit: number,
      offset: number,
    ): Promise<StatementRow[]> {
      const rows = await queryRows<StatementRow>(
        db,
        sql`select l.id as "lineId", l.posting_id as "postingId", l.posted_at as "postedAt", l.amount,
              p.cause_kind as "causeKind", p.description, p.business_key as "businessKey",
              p.company_id as "companyId", p.gateway, p.gateway_object_id as "gatewayObjectId"
            from (select id, posting_id, posted_at, amount from ledger_lines
                   where account_id = ${accountId}
                     and posted_at >= ${range.from}::timestamptz and posted_at < ${range.to}::timestamptz
                   order by posted_at, id limit ${limit} offset ${offset}) l
            join ledger_postings p on p.id = l.posting_id
           order by l.posted_at, l.id`,
      );
      return rows.map((row) => ({
        ...row,
        lineId: exactInteger(row.lineId),
        postingId: exactInteger(row.postingId),
        amount: exactInteger(row.amount),
      }));
    },

    /**
     * The sums around a statement page, from the same index: all lines before the range, the lines
     * in it (count and sum) and all lines before the page's first line (null: an empty page).
     */
    async statementSums(accountId: number, range: LineRange, firstLineId: number | null) {
      const beforePage =
        firstLineId === null
          ? sql`0`
          : sql`sum(amount) filter (where (posted_at, id) < (select f.posted_at, f.id from ledger_lines f where f.id = ${firstLineId}))`;
      const rows = await queryRows<
        Record<'before_range' | 'range_lines' | 'range_sum' | 'before_page', unknown>
      >(
        db,
        sql`select coalesce(sum(amount) filter (where posted_at < ${range.from}::timestamptz), 0)::bigint as before_range,
              count(*) filter (where posted_at >= ${range.from}::timestamptz) as range_lines,
              coalesce(sum(amount) filter (where posted_at >= ${range.from}::timestamptz), 0)::bigint as range_sum,
              coalesce(${beforePage}, 0)::bigint as before_page
            from ledger_lines where account_id = ${accountId} and posted_at < ${range.to}::timestamptz`,
      );
      const sums = firstRow(rows, 'ledger statement sums');
      return {
        beforeRange: exactInteger(sums.before_range),
        rangeLines: exactInteger(sums.range_lines),
        rangeSum: exactInteger(sums.range_sum),
        beforePage: exactInteger(sums.before_page),
      };
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
