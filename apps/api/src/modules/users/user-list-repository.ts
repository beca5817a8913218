import type { ModuleType, UserType } from '@app/contracts';
import { type Database, likeLiteral, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { campaignInGroupOfSql, runningCampaignOfSql } from '../campaigns/index.js';
import { hasCurrentCardSql } from '../cards/index.js';
import { paymentFailedSql } from '../payments/index.js';

export interface UserListQuery {
  systemId: number;
  /** The company whose agencies, clients or staff are listed (for `sales`: the root company). */
  parentCompanyId: number;
  /**
   * agency / client: one row per company with its main user; staff: the users of
   * `parentCompanyId` whose type is in `staffTypes`; sales: the system's sales staff.
   */
  kind: 'agency' | 'client' | 'staff' | 'sales';
  search: string | null;
  sortBy: 'company_name' | 'full_name' | 'email' | 'created_at' | 'none';
  order: 'asc' | 'desc' | 'none';
  /**
   * Only companies with a declined charge not paid yet; for agencies, also those whose clients have
   * one (the system's "Payment Failed" filter finds the agency whose client failed, decision 0065),
   * as their rows' red card icon says.
   */
  paymentFailedOnly: boolean;
  /** Developer mode enabled (companies.api_mode). */
  apiModeOnly: boolean;
  /** An Open API key was generated (companies.api_key_generated_at). */
  apiKeyOnly?: boolean;
  /** Offers the Prepaid term (direct payment to the Data Wallet), see decision 0014. */
  directPaymentOnly?: boolean;
  /** Only agencies linked to this sales person (the sales downline). */
  salesUserId?: number;
  /** Only this user's row (a node read back after a write). */
  userId?: number;
  /** Staff user types listed for kind `staff`. */
  staffTypes?: readonly UserType[];
  /** Card Status (agency and client lists): a current card on file, or none (decision 0094). */
  card?: 'with' | 'without' | null;
  /** Campaign Status (agency and client lists): a running campaign (an agency's: its clients'), or none. */
  campaigns?: 'active' | 'inactive' | null;
  /** `{module}` (agency and client lists): only companies with this module enabled. */
  module?: ModuleType | null;
  /** `{group}` (agency and client lists): only companies with a campaign in this company group. */
  groupId?: number | null;
  /** `Exclude` (agency list): only agencies excluded from the minimum spend / the onboarding charge. */
  excludedFromMinimumSpend?: boolean;
  excludedFromOnboardCharge?: boolean;
  /** `inAgencyList` (sales list): linked to at least one agency (true) or to none (false). */
  linkedToAgencies?: boolean | null;
  page: number;
  perPage: number;
}

/** One node as SQL returns it; `user-nodes.ts` turns it into the wire shape. */
export interface UserListRow {
  user_id: number;
  company_id: number;
  company_kind: 'root' | 'agency' | 'client';
  company_name: string;
  name: string;
  email: string;
  phonenum: string;
  phone_country_code: string;
  phone_country_calling_code: string;
  user_type: UserType;
  status: 'active' | 'invited' | 'disabled';
  has_password: boolean;
  role_id: number | null;
  is_acc_executive: boolean;
  staff_settings: Record<string, boolean> | null;
  /** The payment method of the company's current card (decision 0032), null without one. */
  customer_card_id: string | null;
  subdomain: string | null;
  system_domain: string;
  is_master: boolean;
  custom_domain: string | null;
  package_id: string;
  external_organization_id: string | null;
  manual_bill: boolean;
  api_mode: boolean;
  api_key_generated: boolean;
  is_whitelabeling: boolean;
  is_marketing_services_agreement_developer: boolean;
  exclude_minimum_spend: boolean;
  exclude_onboard_charge: boolean;
  is_onboard_charged: boolean;
  disable_client_add_campaign: boolean;
  payment_failed: boolean;
  plan_min_spend_id: number | null;
  subscription_cancelled_at: Date | string | null;
  profile_setup_completed: boolean;
  /** { sales_rep: {id, name}, account_executive: …, referrer: … } for agencies. */
  sales_links: Record<string, { id: number; name: string }> | null;
  /** Term rows of the node's company (enabled or not). */
  terms: { term: string; enabled: boolean }[] | null;
  modules: { module: string; enabled: boolean }[] | null;
  /** What the node's parent offers: its term and module rows (null when it has none). */
  parent_kind: 'root' | 'agency' | 'client' | null;
  parent_terms: { term: string; enabled: boolean }[] | null;
  parent_modules: { module: string; enabled: boolean; display_name: string | null }[] | null;
  created_at: Date | string;
}

const COMPANY_SORT: Record<Exclude<UserListQuery['sortBy'], 'none'>, SQL> = {
  company_name: sql`lower(c.name)`,
  full_name: sql`lower(u.name)`,
  email: sql`u.email`,
  created_at: sql`c.created_at`,
};
const STAFF_SORT: Record<Exclude<UserListQuery['sortBy'], 'none'>, SQL> = {
  ...COMPANY_SORT,
  created_at: sql`u.created_at`,
};

const like = (text: string) => `%${likeLiteral(text)}%`;

/**
 * The agency, client, administrator and sales lists: searched, filtered, sorted and paged in SQL,
 * one statement for the rows (with everything a node shows) and one for the count. Companies are
 * reached through `companies_parent_idx`, their main user through `users_company_idx`.
 */
export function createUserListRepository(db: Database) {
  /**
   * A row's payment failure: what its own company owes (decision 0082). The red card's modal shows
   * and settles the row's company's failures, and Card Setting holds the company that owes (spec 1
   * §2.4, `paymentStatusFailed` / `fcampid` / `finamt`); a client's failure is on the client's row.
   * The Payment Failed filter reads the same flag.
   */
  const paymentFailed = (_q: UserListQuery) => paymentFailedSql(sql`c.id`);

  function shape(q: UserListQuery) {
    const companyList = q.kind === 'agency' || q.kind === 'client';
    const conditions: SQL[] = [sql`c.system_id = ${q.systemId}`, sql`c.deleted_at is null`];
    /** Conditions that need the user row (search, one user); the rest only need the company. */
    const userConditions: SQL[] = [];
    let mainUser: SQL | null = null;
    let from: SQL;
    if (companyList) {
      const ownerType = q.kind === 'agency' ? 'userdownline' : 'client';
      conditions.push(sql`c.kind = ${q.kind}`);
      if (q.salesUserId !== undefined) {
        conditions.push(
          sql`c.id in (select l.company_id from company_sales_links l where l.sales_user_id = ${q.salesUserId})`,
        );
      } else {
        conditions.push(sql`c.parent_id = ${q.parentCompanyId}`);
      }
      // The company's main user: the first of the owner type (agencies may have several staff).
      mainUser = sql`join lateral (
          select * from users x where x.company_id = c.id and x.user_type = ${ownerType} and x.deleted_at is null
          order by x.id limit 1
        ) u on true`;
      from = sql`companies c ${mainUser}`;
    } else {
      from = sql`users u join companies c on c.id = u.company_id`;
      conditions.push(sql`u.deleted_at is null`, sql`u.company_id = ${q.parentCompanyId}`);
      const types = q.kind === 'sales' ? ['sales'] : (q.staffTypes ?? []);
      conditions.push(
        types.length
          ? sql`u.user_type in (${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )})`
          : sql`false`,
      );
    }
    if (q.userId !== undefined) userConditions.push(sql`u.id = ${q.userId}`);
    if (q.search) {
      const text = like(q.search);
      userConditions.push(sql`(c.name ilike ${text} or u.name ilike ${text} or u.email ilike ${text})`);
    }
    if (q.paymentFailedOnly) conditions.push(paymentFailed(q));
    if (q.apiModeOnly) conditions.push(sql`c.api_mode`);
    if (q.apiKeyOnly) conditions.push(sql`c.api_key_generated_at is not null`);
    if (q.directPaymentOnly)
      conditions.push(sql`exists (select 1 from company_payment_terms dp
        where dp.company_id = c.id and dp.term = 'Prepaid' and dp.enabled)`);
    // Decision 0094: each narrows by the company alone (one indexed probe a company), so the
    // company-only paging below still applies.
    if (companyList) {
      const kind = q.kind === 'agency' ? 'agency' : 'client';
      if (q.card === 'with') conditions.push(hasCurrentCardSql(sql`c.id`));
      if (q.card === 'without') conditions.push(sql`not ${hasCurrentCardSql(sql`c.id`)}`);
      if (q.campaigns === 'active') conditions.push(runningCampaignOfSql(kind, sql`c.id`));
      if (q.campaigns === 'inactive') conditions.push(sql`not ${runningCampaignOfSql(kind, sql`c.id`)}`);
      if (q.module)
        conditions.push(sql`exists (select 1 from company_modules cm
          where cm.company_id = c.id and cm.module = ${q.module} and cm.enabled)`);
      if (q.groupId) conditions.push(campaignInGroupOfSql(kind, sql`c.id`, q.groupId));
      if (q.excludedFromMinimumSpend) conditions.push(sql`c.exclude_minimum_spend`);
      if (q.excludedFromOnboardCharge) conditions.push(sql`c.exclude_onboard_charge`);
    }
    if (q.kind === 'sales' && q.linkedToAgencies !== undefined && q.linkedToAgencies !== null) {
      const linked = sql`exists (select 1 from company_sales_links sl
        join companies a on a.id = sl.company_id and a.deleted_at is null
        where sl.sales_user_id = u.id)`;
      conditions.push(q.linkedToAgencies ? linked : sql`not ${linked}`);
    }
    const sort = companyList ? COMPANY_SORT : STAFF_SORT;
    const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
    const sortKey = q.sortBy === 'none' || q.order === 'none' ? null : q.sortBy;
    const unsorted = sortKey === null;
    const orderBy =
      sortKey === null
        ? companyList
          ? sql`c.created_at desc, c.id desc`
          : sql`u.created_at desc, u.id desc`
        : sql`${sort[sortKey]} ${direction}, ${companyList ? sql`c.id` : sql`u.id`}`;
    /**
     * When neither the filter nor the order reads the main user, companies are counted, sorted and
     * paged on their own and the main user is looked up for the page only (10 lookups, not 1,000).
     */
    const companyOnly =
      mainUser !== null &&
      userConditions.length === 0 &&
      (unsorted || (q.sortBy !== 'full_name' && q.sortBy !== 'email'));
    return {
      from,
      where: sql.join([...conditions, ...userConditions], sql` and `),
      orderBy,
      companyOnly: companyOnly
        ? { where: sql.join(conditions, sql` and `), mainUser: mainUser as SQL }
        : null,
    };
  }

  return {
    async list(q: UserListQuery): Promise<{ total: number; rows: UserListRow[] }> {
      const { from, where, orderBy, companyOnly } = shape(q);
      const limit = sql`limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`;
      const count = await queryRows<{ total: number }>(
        db,
        companyOnly
          ? sql`select count(*)::int as total from companies c where ${companyOnly.where}`
          : sql`select count(*)::int as total from ${from} where ${where}`,
      );
      const page = companyOnly
        ? sql`select u.id as user_id, c.id as company_id
            from (select c.* from companies c where ${companyOnly.where} order by ${orderBy} ${limit}) c
            ${companyOnly.mainUser}`
        : sql`select u.id as user_id, c.id as company_id from ${from} where ${where} order by ${orderBy} ${limit}`;
      const rows = await queryRows<UserListRow>(
        db,
        sql`
        with page as (${page})
        select u.id as user_id, c.id as company_id, c.kind as company_kind, c.name as company_name,
               u.name, u.email, u.phonenum, u.phone_country_code, u.phone_country_calling_code,
               u.user_type, u.status, u.password_hash is not null as has_password, u.role_id,
               u.is_acc_executive, u.staff_settings,
               (select pc.payment_method_id from payment_cards pc
                 where pc.company_id = c.id and pc.replaced_at is null) as customer_card_id,
               c.subdomain, s.domain as system_domain, s.is_master, c.custom_domain, c.package_id,
               c.external_organization_id, c.manual_bill, c.api_mode,
               c.api_key_generated_at is not null as api_key_generated, c.is_whitelabeling,
               c.is_marketing_services_agreement_developer, c.exclude_minimum_spend,
               c.exclude_onboard_charge, c.is_onboard_charged, c.disable_client_add_campaign,
               ${paymentFailed(q)} as payment_failed, c.plan_min_spend_id, c.subscription_cancelled_at,
               u.profile_setup_completed,
               (select json_object_agg(l.role, json_build_object('id', su.id, 'name', su.name))
                  from company_sales_links l join users su on su.id = l.sales_user_id
                 where l.company_id = c.id) as sales_links,
               (select json_agg(json_build_object('term', t.term, 'enabled', t.enabled))
                  from company_payment_terms t where t.company_id = c.id) as terms,
               (select json_agg(json_build_object('module', m.module, 'enabled', m.enabled))
                  from company_modules m where m.company_id = c.id) as modules,
               pc.kind as parent_kind,
               (select json_agg(json_build_object('term', t.term, 'enabled', t.enabled))
                  from company_payment_terms t where t.company_id = c.parent_id) as parent_terms,
               (select json_agg(json_build_object('module', m.module, 'enabled', m.enabled,
                                                  'display_name', m.display_name))
                  from company_modules m where m.company_id = c.parent_id) as parent_modules,
               ${q.kind === 'agency' || q.kind === 'client' ? sql`c.created_at` : sql`u.created_at`} as created_at
          from page p
          join users u on u.id = p.user_id
          join companies c on c.id = p.company_id
          join systems s on s.id = c.system_id
          left join companies pc on pc.id = c.parent_id
         order by ${orderBy}`,
      );
      return { total: Number(count[0]?.total ?? 0), rows };
    },
  };
}

export type UserListRepository = ReturnType<typeof createUserListRepository>;
