import { type Database, queryRows, sql } from '@app/db';

/*
 * Tests that must see or make ledger rows directly. Only the ledger module names its tables in the
 * product's source (module-boundaries.test.ts); test support may, to check what it wrote.
 */

/** The postings written for a business key (its gateway object's gateway too). */
export const postingsWithKey = (db: Database, businessKey: string) =>
  queryRows<{ id: number; gateway: string | null }>(
    db,
    sql`select id::int as id, gateway from ledger_postings where business_key = ${businessKey}`,
  );

/**
 * `count` postings of two lines, `cents` on `accountId` balanced on `otherAccountId`, one minute apart
 * from `startsAt`, in one statement: posting through the ledger one by one would take minutes and
 * test nothing more. Descriptions are `<description> <n>`, business keys `<keyPrefix>:<n>`.
 */
export async function insertBulkPostings(
  db: Database,
  input: {
    systemId: number;
    companyId: number;
    accountId: number;
    otherAccountId: number;
    count: number;
    cents: number;
    startsAt: string;
    description: string;
    keyPrefix: string;
  },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with p as (
        insert into ledger_postings (system_id, cause_kind, description, business_key, company_id, line_count, created_at)
        select ${input.systemId}::int, 'charge', ${input.description} || ' ' || g, ${input.keyPrefix} || ':' || g,
               ${input.companyId}::int, 2, ${input.startsAt}::timestamptz + g * interval '1 minute'
          from generate_series(1, ${input.count}::int) g
        returning id, created_at)
      insert into ledger_lines (posting_id, account_id, amount, posted_at)
      select id, ${input.accountId}::bigint, ${input.cents}::bigint, created_at from p
      union all
      select id, ${input.otherAccountId}::bigint, -${input.cents}::bigint, created_at from p`);
  });
}
