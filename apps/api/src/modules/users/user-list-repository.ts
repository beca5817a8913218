import { type Database, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

export interface UserListQuery {
  systemId: number;
  parentCompanyId: number;
  kind: 'agency' | 'client';
  search: string | null;
  sortBy: 'company_name' | 'full_name' | 'email' | 'created_at' | 'none';
  order: 'asc' | 'desc' | 'none';
  paymentFailedOnly: boolean;
  apiModeOnly: boolean;
  page: number;
  perPage: number;
}

export interface UserListRow {
  user_id: number;
  company_id: number;
  company_name: string;
  name: string;
  email: string;
  phonenum: string;
  user_type: string;
  subdomain: string | null;
  custom_domain: string | null;
  manual_bill: boolean;
  api_mode: boolean;
  payment_failed: boolean;
  profile_setup_completed: boolean;
  salesrep: string | null;
  created_at: Date | string;
}

const SORT_COLUMNS: Record<Exclude<UserListQuery['sortBy'], 'none'>, SQL> = {
  company_name: sql`lower(c.name)`,
  full_name: sql`lower(u.name)`,
  email: sql`u.email`,
  created_at: sql`c.created_at`,
};

/**
 * The agency or client list: one row per company with its main user (the agency owner or the
 * client's contact), searched, filtered, sorted and paged in SQL.
 */
export function createUserListRepository(db: Database) {
  return {
    async list(q: UserListQuery): Promise<{ total: number; rows: UserListRow[] }> {
      const ownerType = q.kind === 'agency' ? 'userdownline' : 'client';
      const conditions: SQL[] = [
        sql`c.system_id = ${q.systemId}`,
        sql`c.parent_id = ${q.parentCompanyId}`,
        sql`c.kind = ${q.kind}`,
        sql`c.deleted_at is null`,
      ];
      if (q.search) {
        const like = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        conditions.push(sql`(c.name ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
      }
      if (q.paymentFailedOnly) conditions.push(sql`c.payment_failed`);
      if (q.apiModeOnly) conditions.push(sql`c.api_mode`);
      const where = sql.join(conditions, sql` and `);
      // The company's main user: the first of the owner type (agencies may have several staff).
      const from = sql`companies c
        join lateral (
          select * from users x where x.company_id = c.id and x.user_type = ${ownerType} and x.deleted_at is null
          order by x.id limit 1
        ) u on true`;
      const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
      const orderBy =
        q.sortBy === 'none' || q.order === 'none'
          ? sql`c.created_at desc, c.id desc`
          : sql`${SORT_COLUMNS[q.sortBy]} ${direction}, c.id`;

      const count = (await db.execute(
        sql`select count(*)::int as total from ${from} where ${where}`,
      )) as unknown as {
        rows: { total: number }[];
      };
      const { rows } = (await db.execute(sql`
        select u.id as user_id, c.id as company_id, c.name as company_name, u.name, u.email, u.phonenum,
               u.user_type, c.subdomain, c.custom_domain, c.manual_bill, c.api_mode, c.payment_failed,
               u.profile_setup_completed, c.created_at,
               (select s.name from company_sales_links l join users s on s.id = l.sales_user_id
                 where l.company_id = c.id and l.role = 'sales_rep') as salesrep
          from ${from}
         where ${where}
         order by ${orderBy}
         limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`)) as unknown as { rows: UserListRow[] };
      return { total: Number(count.rows[0]?.total ?? 0), rows };
    },
  };
}

export type UserListRepository = ReturnType<typeof createUserListRepository>;
