import type { AccountStatus, CompanyKind, UserType } from '@app/contracts';
import { type Database, likeLiteral, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { runningCampaignOfSql } from '../campaigns/index.js';
import { hasCurrentCardSql } from '../cards/index.js';
import { paymentFailedUnderAgencySql } from '../payments/index.js';
import type { ReportRange } from './report-range.js';

/** Log actions that are a completed sign-in (password, code or single sign-on). */
export const SIGN_IN_ACTIONS = ['login', 'login_sso'] as const;
const signIn = sql`(${sql.join(
  SIGN_IN_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
)})`;

const num = (value: unknown) => Number(value ?? 0);

/** Live companies of a company's tree: itself, its children, and for a root company its system. */
const tree = (systemId: number, companyId: number) => sql`select t.id, t.kind, t.parent_id, t.created_at
  from companies t where t.system_id = ${systemId} and t.deleted_at is null
    and (t.id = ${companyId} or t.parent_id = ${companyId} or t.root_id = ${companyId})`;

/** A time column inside the range's days (in the range's zone: the viewer's, decision 0094). */
const within = (column: SQL, r: ReportRange) =>
  sql`${column} >= (${r.start}::date)::timestamp at time zone ${r.timeZone} and ${column} < (${r.end}::date + 1)::timestamp at time zone ${r.timeZone}`;
/** The day a time falls on in the range's zone. */
const dayIn = (column: SQL, r: ReportRange) => sql`(${column} at time zone ${r.timeZone})::date`;
const days = (r: ReportRange) =>
  sql`select d::date as day from generate_series(${r.start}::date, ${r.end}::date, interval '1 day') d`;

export interface PersonFacts {
  user_type: UserType;
  is_system_user: boolean;
  company_kind: CompanyKind;
  user_permissions: Record<string, unknown> | null;
}

export interface AgencyReportQuery {
  systemId: number;
  rootCompanyId: number;
  search: string | null;
  sort: string;
  order: 'asc' | 'desc' | 'none';
  card: 'with' | 'without' | null;
  api: 'enabled' | 'generated' | 'disabled' | null;
  /** active: a client's campaign is running (decision 0094); inactive: none is. */
  campaigns: 'active' | 'inactive' | null;
  month: ReportRange;
  page: number;
  perPage: number;
}

const AGENCY_SORT: Record<string, SQL> = {
  company_name: sql`lower(r.company_name)`,
  full_name: sql`lower(r.full_name)`,
  email: sql`r.email`,
  created_at: sql`r.created_at`,
  clients: sql`r.clients`,
  users: sql`r.users`,
  last_login: sql`r.last_login`,
};

/** The SQL of the reports: counts and daily series over companies, people, logs and settings. */
export function createReportRepository(db: Database) {
  return {
    async personFacts(userId: number): Promise<PersonFacts | undefined> {
      return (
        await queryRows<PersonFacts>(
          db,
          sql`select u.user_type, u.is_system_user, c.kind as company_kind, u.user_permissions
          from users u join companies c on c.id = u.company_id where u.id = ${userId}`,
        )
      )[0];
    },

    async company(companyId: number) {
      return (
        await queryRows<{ id: number; name: string; kind: 'root' | 'agency' | 'client'; system_id: number }>(
          db,
          sql`select id, name, kind, system_id from companies where id = ${companyId}`,
        )
      )[0];
    },

    /** Every client ever under the agency, removed ones too (money came from them all the same). */
    async clientIdsOf(agencyId: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from companies where parent_id = ${agencyId} and kind = 'client'`,
      );
      return rows.map((r) => Number(r.id));
    },

    /** Totals of a company tree: live counts now and the range's activity. */
    async analyticsTotals(systemId: number, companyId: number, r: ReportRange) {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`with tree as (${tree(systemId, companyId)})
          select
            (select count(*) from tree where kind = 'agency') as agencies,
            (select count(*) from tree where kind = 'client') as clients,
            (select count(*) from users u where u.deleted_at is null and u.company_id in (select id from tree)) as users,
            (select count(*) from tree t where t.kind = 'agency' and ${within(sql`t.created_at`, r)}) as agencies_created,
            (select count(*) from tree t where t.kind = 'client' and ${within(sql`t.created_at`, r)}) as clients_created,
            (select count(*) from user_logs l where l.system_id = ${systemId} and l.company_id in (select id from tree)
               and l.action in ${signIn} and ${within(sql`l.created_at`, r)}) as sign_ins,
            (select count(distinct l.user_id) from user_logs l where l.system_id = ${systemId}
               and l.company_id in (select id from tree) and l.action in ${signIn} and ${within(sql`l.created_at`, r)}) as active_users,
            (select count(*) from user_logs l where l.system_id = ${systemId} and l.company_id in (select id from tree)
               and ${within(sql`l.created_at`, r)}) as actions`,
      );
      return {
        agencies: num(row?.agencies),
        clients: num(row?.clients),
        users: num(row?.users),
        agencies_created: num(row?.agencies_created),
        clients_created: num(row?.clients_created),
        sign_ins: num(row?.sign_ins),
        active_users: num(row?.active_users),
        actions: num(row?.actions),
      };
    },

    /** One row per day of the range (zero-filled). */
    async analyticsSeries(systemId: number, companyId: number, r: ReportRange) {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`with tree as (${tree(systemId, companyId)}),
          days as (${days(r)}),
          created as (
            select ${dayIn(sql`t.created_at`, r)} as day,
                   count(*) filter (where t.kind = 'agency') as agencies,
                   count(*) filter (where t.kind = 'client') as clients
              from tree t where ${within(sql`t.created_at`, r)} group by 1),
          activity as (
            select ${dayIn(sql`l.created_at`, r)} as day,
                   count(*) filter (where l.action in ${signIn}) as sign_ins,
                   count(distinct l.user_id) filter (where l.action in ${signIn}) as active_users,
                   count(*) as actions
              from user_logs l
             where l.system_id = ${systemId} and l.company_id in (select id from tree) and ${within(sql`l.created_at`, r)}
             group by 1)
          select to_char(d.day, 'YYYY-MM-DD') as date,
                 coalesce(c.agencies, 0) as agencies_created, coalesce(c.clients, 0) as clients_created,
                 coalesce(a.sign_ins, 0) as sign_ins, coalesce(a.active_users, 0) as active_users,
                 coalesce(a.actions, 0) as actions
            from days d left join created c on c.day = d.day left join activity a on a.day = d.day
           order by d.day`,
        )
      ).map((row) => ({
        date: String(row.date),
        agencies_created: num(row.agencies_created),
        clients_created: num(row.clients_created),
        sign_ins: num(row.sign_ins),
        active_users: num(row.active_users),
        actions: num(row.actions),
      }));
    },

    async agenciesByAccountStatus(systemId: number, companyId: number) {
      return (
        await queryRows<{ status: string; n: unknown }>(
          db,
          sql`with tree as (${tree(systemId, companyId)})
          select coalesce(ca.status, 'none') as status, count(*) as n
            from tree t left join payment_accounts ca on ca.company_id = t.id and ca.detached_at is null
           where t.kind = 'agency' group by 1`,
        )
      ).map((r) => ({ key: (r.status === 'none' ? '' : r.status) as AccountStatus, value: num(r.n) }));
    },

    async actionsByCategory(systemId: number, companyId: number, r: ReportRange) {
      return (
        await queryRows<{ category: string; n: unknown }>(
          db,
          sql`with tree as (${tree(systemId, companyId)})
          select l.category, count(*) as n from user_logs l
           where l.system_id = ${systemId} and l.company_id in (select id from tree) and ${within(sql`l.created_at`, r)}
           group by 1 order by 2 desc, 1`,
        )
      ).map((row) => ({ key: row.category, value: num(row.n) }));
    },

    async topAgenciesByClients(systemId: number, companyId: number, limit: number) {
      return (
        await queryRows<{ id: number; name: string; n: unknown }>(
          db,
          sql`with tree as (${tree(systemId, companyId)})
          select a.id, a.name, count(k.id) as n
            from companies a join tree t on t.id = a.id and t.kind = 'agency'
            left join companies k on k.parent_id = a.id and k.kind = 'client' and k.deleted_at is null
           group by a.id, a.name order by n desc, lower(a.name), a.id limit ${limit}`,
        )
      ).map((row) => ({ id: Number(row.id), name: row.name, value: num(row.n) }));
    },

    /** The agencies report: one row per live agency of the root company, filtered, sorted, paged. */
    async agencies(q: AgencyReportQuery) {
      const where: SQL[] = [
        sql`c.system_id = ${q.systemId}`,
        sql`c.root_id = ${q.rootCompanyId}`,
        sql`c.kind = 'agency'`,
        sql`c.deleted_at is null`,
      ];
      if (q.search) {
        const like = `%${likeLiteral(q.search)}%`;
        where.push(sql`(c.name ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
      }
      // The agency has a card when its company has a current card (decision 0032).
      const hasCard = hasCurrentCardSql(sql`c.id`);
      if (q.card === 'with') where.push(hasCard);
      if (q.card === 'without') where.push(sql`not (${hasCard})`);
      if (q.api === 'enabled') where.push(sql`c.api_mode`);
      if (q.api === 'disabled') where.push(sql`not c.api_mode`);
      if (q.api === 'generated') where.push(sql`c.api_key_generated_at is not null`);
      // An agency is active when one of its clients' campaigns runs (decision 0094), as in the agency list.
      if (q.campaigns === 'active') where.push(runningCampaignOfSql('agency', sql`c.id`));
      if (q.campaigns === 'inactive') where.push(sql`not ${runningCampaignOfSql('agency', sql`c.id`)}`);
      const from = sql`companies c
        left join lateral (
          select * from users x where x.company_id = c.id and x.user_type in ('userdownline', 'user') and x.deleted_at is null
          order by x.id limit 1) u on true
        left join payment_accounts ca on ca.company_id = c.id and ca.detached_at is null`;
      const condition = sql.join(where, sql` and `);
      const agencyTree = sql`(select k.id from companies k where (k.id = c.id or k.parent_id = c.id) and k.deleted_at is null)`;
      const [count] = await queryRows<{ total: unknown }>(
        db,
        sql`select count(*) as total from ${from} where ${condition}`,
      );
      const direction = q.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
      const orderBy =
        q.sort === 'none' || q.order === 'none' || !AGENCY_SORT[q.sort]
          ? sql`r.created_at desc, r.id desc`
          : sql`${AGENCY_SORT[q.sort]} ${direction}, r.id`;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from (
            select c.id, c.name as company_name, coalesce(u.name, '') as full_name, coalesce(u.email, '') as email,
                   c.created_at,
                   (select count(*) from companies k where k.parent_id = c.id and k.kind = 'client' and k.deleted_at is null) as clients,
                   (select count(*) from users w where w.deleted_at is null and w.company_id in ${agencyTree}) as users,
                   (select count(*) from companies k where k.parent_id = c.id and k.kind = 'client' and k.deleted_at is null
                      and ${within(sql`k.created_at`, q.month)}) as clients_created_in_month,
                   (select count(*) from user_logs l where l.system_id = ${q.systemId} and l.company_id in ${agencyTree}
                      and l.action in ${signIn} and ${within(sql`l.created_at`, q.month)}) as sign_ins_in_month,
                   (select max(w.last_login_at) from users w where w.deleted_at is null and w.company_id in ${agencyTree}) as last_login,
                   ${hasCard} as card_on_file,
                   coalesce(ca.status, 'none') as account_status,
                   c.manual_bill, ${paymentFailedUnderAgencySql(sql`c.id`)} as payment_failed, c.api_mode, c.api_key_generated_at is not null as api_key_generated
              from ${from} where ${condition}) r
          order by ${orderBy}
          limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
      );
      return { total: num(count?.total), rows };
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
