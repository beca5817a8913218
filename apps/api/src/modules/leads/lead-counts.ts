import { type Database, queryRows, sql } from '@app/db';
import type { CampaignScope } from '../campaigns/index.js';

/** `l` (leads alias) inside the scope: the lead carries the ids it was stored under. */
const leadScope = (scope: CampaignScope) => {
  const base = sql`l.system_id = ${scope.systemId}`;
  if (scope.kind === 'agency') return sql`${base} and l.agency_id = ${scope.agencyId}`;
  if (scope.kind === 'client') return sql`${base} and l.client_id = ${scope.clientId}`;
  if (scope.kind === 'campaign') return sql`${base} and l.campaign_id = ${scope.campaignId}`;
  return base;
};

/** Site-test leads (decision 0050) are checks of the embed code, not leads anyone bought. */
const REAL = sql`l.source <> 'test'`;

/**
 * Lead counts for reports (decision 0083): leads stored per day in a scope (in the viewer's zone,
 * decision 0094), and per campaign on
 * one day and the seven before it, days in the campaign's own time zone (its limits' days).
 */
export function createLeadCounts(db: Database) {
  return {
    /**
     * Every day of [start, end] (yyyy-MM-dd) with its count, zero-filled; days in the range's zone
     * (the viewer's across campaigns, decision 0094), UTC when none is given.
     */
    async perDay(scope: CampaignScope, range: { start: string; end: string; timeZone?: string }) {
      const zone = range.timeZone ?? 'UTC';
      const rows = await queryRows<{ date: string; n: unknown }>(
        db,
        sql`with c as (
              select (l.created_at at time zone ${zone})::date as day, count(*)::int as n
                from leads l
               where ${leadScope(scope)} and ${REAL}
                 and l.created_at >= (${range.start}::date)::timestamp at time zone ${zone}
                 and l.created_at < (${range.end}::date + 1)::timestamp at time zone ${zone}
               group by 1
            )
            select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.n, 0) as n
              from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d(day)
              left join c on c.day = d.day::date
             order by d.day`,
      );
      return rows.map((r) => ({ date: r.date, value: Number(r.n) }));
    },

    /** Per campaign: leads on `day` and on the 7 days before it, in the campaign's time zone. */
    async aroundDay(campaignIds: readonly number[], day: string) {
      if (campaignIds.length === 0) return new Map<number, { onDay: number; previous7: number }>();
      const rows = await queryRows<{ campaign_id: number; on_day: unknown; previous: unknown }>(
        db,
        sql`with k as (
              select id, time_zone from campaigns where id in (${sql.join(
                campaignIds.map((id) => sql`${id}`),
                sql`, `,
              )})
            )
            select k.id as campaign_id,
                   count(l.id) filter (where (l.created_at at time zone k.time_zone)::date = ${day}::date)::int as on_day,
                   count(l.id) filter (where (l.created_at at time zone k.time_zone)::date >= ${day}::date - 7
                                         and (l.created_at at time zone k.time_zone)::date < ${day}::date)::int as previous
              from k
              left join leads l on l.campaign_id = k.id and ${REAL}
               -- Every zone's day lies within a day and a half of the UTC day: a range on the index.
               and l.created_at >= (${day}::date - 9)::timestamp at time zone 'UTC'
               and l.created_at < (${day}::date + 2)::timestamp at time zone 'UTC'
             group by k.id`,
      );
      return new Map(
        rows.map((r) => [Number(r.campaign_id), { onDay: Number(r.on_day), previous7: Number(r.previous) }]),
      );
    },
  };
}

export type LeadCounts = ReturnType<typeof createLeadCounts>;
