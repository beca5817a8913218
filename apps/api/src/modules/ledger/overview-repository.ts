import { type Executor, queryRows, sql } from '@app/db';
import { COLLECTED_CAUSES, type CollectedSourceKey, ofCampaign, sourceOf } from './collected-sources.js';
import { exactInteger, type LineRange, type StatementRow } from './ledger-repository.js';

/** An owner as stored: a company, a person, or neither (the system itself). */
export interface OwnerKey {
  companyId: number | null;
  userId: number | null;
}

export interface AccountWithSum {
  id: number;
  systemId: number;
  kind: string;
  companyId: number | null;
  userId: number | null;
  reference: string;
  sumOfLines: number;
}

/**
 * The ledger's reads for billing history and reports (decision 0035): a party's accounts with their
 * sums, the owners that hold accounts, a whole statement in keyset batches, and the system's
 * gateway money per bucket and source (decision 0083). Each is a range read of the
 * `(account_id, posted_at, id, amount)` index; none scans postings it does not show.
 */
export function createOverviewRepository(db: Executor) {
  return {
    /** The owner's accounts in the system, oldest first, each with the sum of its lines. */
    async accountsOf(systemId: number, owner: OwnerKey): Promise<AccountWithSum[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select a.id, a.system_id, a.kind, a.company_id, a.user_id, a.reference,
              coalesce((select sum(l.amount) from ledger_lines l where l.account_id = a.id), 0)::bigint as sum_of_lines
            from ledger_accounts a
           where a.system_id = ${systemId}
             and a.company_id is not distinct from ${owner.companyId}::int
             and a.user_id is not distinct from ${owner.userId}::int
           order by a.id`,
      );
      return rows.map((r) => ({
        id: exactInteger(r.id),
        systemId: Number(r.system_id),
        kind: String(r.kind),
        companyId: r.company_id === null ? null : Number(r.company_id),
        userId: r.user_id === null ? null : Number(r.user_id),
        reference: String(r.reference),
        sumOfLines: exactInteger(r.sum_of_lines),
      }));
    },

    /** Every owner holding at least one account in the system (the system itself as two nulls). */
    async owners(systemId: number): Promise<OwnerKey[]> {
      const rows = await queryRows<{ company_id: unknown; user_id: unknown }>(
        db,
        sql`select distinct company_id, user_id from ledger_accounts where system_id = ${systemId}`,
      );
      return rows.map((r) => ({
        companyId: r.company_id === null ? null : Number(r.company_id),
        userId: r.user_id === null ? null : Number(r.user_id),
      }));
    },

    /**
     * Where an export starts: the newest line id of the whole ledger (the primary key's last entry,
     * so the export reads no line written after it began), the account's sum before the range and
     * its lines in the range, both up to that id.
     */
    async exportBounds(accountId: number, range: LineRange) {
      const [row] = await queryRows<{ ceiling: unknown; before_range: unknown; range_lines: unknown }>(
        db,
        sql`with c as (select coalesce(max(id), 0)::bigint as ceiling from ledger_lines)
            select c.ceiling,
              coalesce((select sum(l.amount) from ledger_lines l
                         where l.account_id = ${accountId} and l.posted_at < ${range.from}::timestamptz
                           and l.id <= c.ceiling), 0)::bigint as before_range,
              (select count(*) from ledger_lines l
                where l.account_id = ${accountId}
                  and l.posted_at >= ${range.from}::timestamptz and l.posted_at < ${range.to}::timestamptz
                  and l.id <= c.ceiling)::bigint as range_lines
            from c`,
      );
      return {
        ceiling: exactInteger(row?.ceiling ?? 0),
        beforeRange: exactInteger(row?.before_range ?? 0),
        rangeLines: exactInteger(row?.range_lines ?? 0),
      };
    },

    /** Up to `limit` lines of the account in the range after the line `after` (keyset, posting order). */
    async linesAfter(
      accountId: number,
      range: LineRange,
      after: { postedAt: Date | string; lineId: number } | null,
      limit: number,
      /** Only lines up to this id (an export's high-water mark); none: every line. */
      ceiling: number | null = null,
    ): Promise<StatementRow[]> {
      const cursor =
        after === null
          ? sql`true`
          : sql`(posted_at, id) > (${new Date(after.postedAt).toISOString()}::timestamptz, ${after.lineId}::bigint)`;
      const upTo = ceiling === null ? sql`true` : sql`id <= ${ceiling}::bigint`;
      const rows = await queryRows<StatementRow>(
        db,
        sql`select l.id as "lineId", l.posting_id as "postingId", l.posted_at as "postedAt", l.amount,
              p.cause_kind as "causeKind", p.description, p.business_key as "businessKey",
              p.company_id as "companyId", p.gateway, p.gateway_object_id as "gatewayObjectId"
            from (select id, posting_id, posted_at, amount from ledger_lines
                   where account_id = ${accountId}
                     and posted_at >= ${range.from}::timestamptz and posted_at < ${range.to}::timestamptz
                     and ${cursor} and ${upTo}
                   order by posted_at, id limit ${limit}) l
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
     * Collected money (decision 0083): the system's gateway-clearing lines in [from, to) of postings
     * with a collected cause, summed per bucket (the day, ISO week or month the line falls in, in the zone,
     * never before `firstDay`) and source; `fees` is the part of postings that credited the
     * system's application fees (a direct charge's platform part). One index range of one account,
     * each posting read once by id; optionally only postings of some companies or of one campaign.
     */
    async collectedBySource(
      systemId: number,
      days: { start: string; end: string; timeZone: string },
      bucket: { unit: 'day' | 'week' | 'month'; firstDay: string },
      filter: { companyIds: readonly number[] | null; campaignId: number | null },
    ) {
      // The range's days and the buckets are calendar days in the zone (decision 0094: the viewer's).
      const zone = days.timeZone;
      const list = (values: readonly (string | number)[]) =>
        sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        );
      const companies =
        filter.companyIds === null ? sql`true` : sql`p.company_id in (${list(filter.companyIds)})`;
      const campaign = filter.campaignId === null ? sql`true` : ofCampaign(filter.campaignId);
      const rows = await queryRows<{ period: string; source: string; total: unknown; fees: unknown }>(
        db,
        sql`select to_char(greatest(date_trunc(${bucket.unit}::text, l.posted_at at time zone ${zone})::date,
                                    ${bucket.firstDay}::date), 'YYYY-MM-DD') as period,
                   s.source, sum(l.amount)::bigint as total,
                   coalesce(sum(l.amount) filter (where exists (
                     select 1 from ledger_lines f join ledger_accounts fa on fa.id = f.account_id
                      where f.posting_id = p.id and fa.kind = 'application_fees')), 0)::bigint as fees
              from ledger_accounts a
              join ledger_lines l on l.account_id = a.id
               and l.posted_at >= (${days.start}::date)::timestamp at time zone ${zone}
               and l.posted_at < (${days.end}::date + 1)::timestamp at time zone ${zone}
              join ledger_postings p on p.id = l.posting_id
              cross join lateral (select ${sourceOf} as source) s
             where a.system_id = ${systemId} and a.company_id is null and a.user_id is null
               and a.kind = 'gateway_clearing'
               and p.cause_kind in (${list(COLLECTED_CAUSES)})
               and ${companies} and ${campaign}
             group by 1, 2
             order by 1, 2`,
      );
      return rows.map((r) => ({
        period: r.period,
        source: r.source as CollectedSourceKey,
        sumOfLines: exactInteger(r.total),
        fees: exactInteger(r.fees),
      }));
    },

    /**
     * The sum of the lines on the system's own accounts of `kinds` in [from, to) of postings made for
     * one of `companyIds` with one of `causes`: what the system earned from those companies.
     */
    async systemSumFrom(
      systemId: number,
      kinds: readonly string[],
      filter: { companyIds: readonly number[]; causes: readonly string[] },
      range: LineRange,
    ) {
      if (filter.companyIds.length === 0 || filter.causes.length === 0) return 0;
      const list = (values: readonly (string | number)[]) =>
        sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        );
      const [row] = await queryRows<{ total: unknown }>(
        db,
        sql`select coalesce(sum(l.amount), 0)::bigint as total
              from ledger_postings p
              join ledger_lines l on l.posting_id = p.id
               and l.posted_at >= ${range.from}::timestamptz and l.posted_at < ${range.to}::timestamptz
              join ledger_accounts a on a.id = l.account_id
             where p.system_id = ${systemId}
               and p.company_id in (${list(filter.companyIds)})
               and p.cause_kind in (${list(filter.causes)})
               and a.system_id = ${systemId} and a.company_id is null and a.user_id is null
               and a.kind in (${list(kinds)})`,
      );
      return exactInteger(row?.total ?? 0);
    },
  };
}
