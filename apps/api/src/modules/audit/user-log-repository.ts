import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/** What one read of the user logs is limited to; every part is already scope-checked. */
export interface UserLogQuery {
  systemId: number;
  /**
   * Logs of this company's tree: itself and its children (an agency and its clients); null for the
   * root company's tree, which is every company of the system.
   */
  companyId: number | null;
  /** Stored user types the acting user must have (null: any). */
  userTypes: readonly string[] | null;
  userId: number | null;
  category: string | null;
  campaignId: number | null;
  /** UTC calendar days, both included. */
  range: { start: string; end: string } | null;
}

export interface UserLogRecord {
  id: number;
  name: string;
  user_type: string | null;
  ip: string;
  action: string;
  category: string;
  description: string;
  company_name: string;
  created_at: Date | string;
  /** The person who acted (or the real person behind a view-mode session) works for the platform. */
  by_platform: boolean;
}

/**
 * `column` names a company of the tree (see `UserLogQuery.companyId`). The ids come as an array:
 * `= any(array(…))` lets the planner read the (company_id, created_at) index once per company, where
 * `in (select …)` made it scan every log of the system for an agency's few companies. The whole
 * system needs no list at all (the system_id condition already holds).
 */
const inTree = (column: SQL, systemId: number, companyId: number | null) =>
  companyId === null
    ? sql`${column} is not null`
    : sql`${column} = any(array(select t.id from companies t
        where t.system_id = ${systemId} and (t.id = ${companyId} or t.parent_id = ${companyId} or t.root_id = ${companyId})))`;

/** The only SQL of the user-log screens: filters, pages, the category list and the people filter. */
export function createUserLogRepository(db: Database) {
  function conditions(q: UserLogQuery): SQL {
    const parts: SQL[] = [
      sql`l.system_id = ${q.systemId}`,
      inTree(sql`l.company_id`, q.systemId, q.companyId),
    ];
    if (q.userTypes)
      parts.push(
        sql`u.user_type in (${sql.join(
          q.userTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    if (q.userId !== null) parts.push(sql`l.user_id = ${q.userId}`);
    if (q.category !== null) parts.push(sql`l.category = ${q.category}`);
    if (q.campaignId !== null) parts.push(sql`l.campaign_id = ${q.campaignId}`);
    if (q.range) {
      parts.push(sql`l.created_at >= (${q.range.start}::date)::timestamp at time zone 'UTC'`);
      parts.push(sql`l.created_at < ((${q.range.end}::date + 1))::timestamp at time zone 'UTC'`);
    }
    return sql.join(parts, sql` and `);
  }

  const select = sql`select l.id, coalesce(u.name, '') as name, u.user_type, l.ip, l.action, l.category, l.description,
      coalesce(c.name, '') as company_name, l.created_at, l.created_at::text as cursor_at,
      (coalesce(uc.kind = 'root', false) or coalesce(ac.kind = 'root', false)) as by_platform
    from user_logs l
    left join users u on u.id = l.user_id
    left join companies uc on uc.id = u.company_id
    left join users a on a.id = l.actor_user_id
    left join companies ac on ac.id = a.company_id
    left join companies c on c.id = l.company_id`;

  async function count(q: UserLogQuery): Promise<number> {
    const rows = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from user_logs l
        left join users u on u.id = l.user_id where ${conditions(q)}`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  return {
    count,

    async page(q: UserLogQuery, page: number, perPage: number) {
      const where = conditions(q);
      const total = await count(q);
      const rows = await queryRows<UserLogRecord>(
        db,
        sql`${select} where ${where}
          order by l.created_at desc, l.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      return { total, rows };
    },

    /**
     * Newest first, `batch` rows at a time (keyset on created_at, id), at most `max` rows: a
     * download never holds more than one batch in memory.
     */
    async *stream(q: UserLogQuery, max: number, batch = 1000): AsyncGenerator<UserLogRecord> {
      // The cursor keeps the timestamp as PostgreSQL text: a JS Date would drop the microseconds.
      let after: { at: string; id: number } | null = null;
      let sent = 0;
      while (sent < max) {
        const limit = Math.min(batch, max - sent);
        const keyset = after
          ? sql` and (l.created_at, l.id) < (${after.at}::timestamptz, ${after.id})`
          : sql``;
        const rows: (UserLogRecord & { cursor_at: string })[] = await queryRows<
          UserLogRecord & { cursor_at: string }
        >(
          db,
          sql`${select} where ${conditions(q)}${keyset}
            order by l.created_at desc, l.id desc limit ${limit}`,
        );
        for (const row of rows) yield row;
        sent += rows.length;
        const last: (UserLogRecord & { cursor_at: string }) | undefined = rows.at(-1);
        if (!last || rows.length < limit) return;
        after = { at: last.cursor_at, id: Number(last.id) };
      }
    },

    /**
     * Categories present in a company tree's logs. For the whole system it skips through the
     * (system_id, category) index from one category to the next, so the time follows the handful of
     * categories, not the millions of rows; a company's tree reads that tree's own rows.
     */
    async categories(systemId: number, companyId: number | null): Promise<string[]> {
      const query =
        companyId === null
          ? sql`with recursive present(category) as (
                (select l.category from user_logs l where l.system_id = ${systemId} and l.company_id is not null
                  order by l.category limit 1)
                union all
                select (select l.category from user_logs l
                  where l.system_id = ${systemId} and l.company_id is not null and l.category > p.category
                  order by l.category limit 1)
                from present p where p.category is not null)
              select category from present where category is not null`
          : sql`select distinct l.category from user_logs l
              where l.system_id = ${systemId} and ${inTree(sql`l.company_id`, systemId, companyId)}
              order by l.category`;
      return (await queryRows<{ category: string }>(db, query)).map((r) => r.category);
    },

    /** Live people of a company tree, for the user filter. */
    async people(
      systemId: number,
      companyId: number | null,
      userTypes: readonly string[] | null,
      limit: number,
    ) {
      const typeFilter = userTypes
        ? sql` and u.user_type in (${sql.join(
            userTypes.map((t) => sql`${t}`),
            sql`, `,
          )})`
        : sql``;
      return await queryRows<{
        id: number;
        name: string;
        email: string;
        user_type: string;
        company_name: string;
      }>(
        db,
        sql`select u.id, u.name, u.email, u.user_type, c.name as company_name
          from users u join companies c on c.id = u.company_id
          where u.system_id = ${systemId} and u.deleted_at is null and c.deleted_at is null
            and ${inTree(sql`u.company_id`, systemId, companyId)}${typeFilter}
          order by lower(u.name), u.id limit ${limit}`,
      );
    },

    async systemName(systemId: number): Promise<string> {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select name from systems where id = ${systemId}`,
      );
      return rows[0]?.name ?? '';
    },

    async companyKind(companyId: number): Promise<'root' | 'agency' | 'client' | null> {
      const rows = await queryRows<{ kind: 'root' | 'agency' | 'client' }>(
        db,
        sql`select kind from companies where id = ${companyId} and deleted_at is null`,
      );
      return rows[0]?.kind ?? null;
    },

    async companyName(companyId: number): Promise<string> {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select name from companies where id = ${companyId}`,
      );
      return rows[0]?.name ?? '';
    },
  };
}

export type UserLogRepository = ReturnType<typeof createUserLogRepository>;
