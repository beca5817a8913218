import type { CampaignModule } from '@app/contracts';
import { likeLiteral, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/*
 * The WHERE of every lead report query, written so each scope is one range of an existing index:
 * a campaign's leads `leads_campaign_created_idx`, a client's `leads_client_created_idx`, an
 * agency's `leads_agency_created_idx` (campaign_id / client_id / agency_id, then created_at and id,
 * the report's own order). Days become instants in the database (`day::timestamp at time zone
 * zone`), so the bounds are index bounds too. A search reads the lead's stored, lower-cased
 * `search_words` and `search_phones` (decision 0053).
 */

/** Whose leads: one campaign, one client's, an agency's clients', or a whole system's. */
export type LeadScope =
  | { kind: 'campaign'; id: number }
  | { kind: 'client'; id: number }
  | { kind: 'agency'; id: number }
  | { kind: 'system'; id: number };

export interface LeadFilter {
  scope: LeadScope;
  module?: CampaignModule;
  /** Name, e-mail, phone, city, the campaign's name or its public id ('' for none). */
  search: string;
  /** yyyy-MM-dd days, both included, counted in `timeZone`; either may be open. */
  start?: string;
  end?: string;
  timeZone: string;
  /** The viewer is the client: the phones its campaigns hide from it are not searched either. */
  viewerIsClient: boolean;
  /**
   * The scope's campaigns a search needs, read beforehand (`searchCampaignsSql`): then the WHERE
   * names them as constants, which the planner can estimate. Without them it reads them itself.
   */
  searchCampaigns?: SearchCampaigns;
}

/** The scope's campaigns whose name or public id contains the search, and those hiding phones. */
export interface SearchCampaigns {
  matching: number[];
  hidingPhones: number[];
}

const SCOPE_COLUMN = {
  campaign: 'campaign_id',
  client: 'client_id',
  agency: 'agency_id',
  system: 'system_id',
};
const CAMPAIGN_COLUMN = { campaign: 'id', client: 'client_id', agency: 'agency_id', system: 'system_id' };

/** The scope on the leads table (alias `l`). */
export const leadScopeSql = (scope: LeadScope): SQL =>
  sql`l.${sql.raw(SCOPE_COLUMN[scope.kind])} = ${scope.id}`;

/** The same scope on the campaigns table under an alias. */
export const campaignScopeSql = (scope: LeadScope, alias: string): SQL =>
  sql`${sql.raw(alias)}.${sql.raw(CAMPAIGN_COLUMN[scope.kind])} = ${scope.id}`;

/** A LIKE pattern matching the text anywhere, its own wildcards taken literally. */
export const containing = (text: string) => `%${likeLiteral(text)}%`;

/** The start of a day in a zone, as an instant. */
export const dayStart = (day: string, timeZone: string): SQL =>
  sql`((${day}::date)::timestamp at time zone ${timeZone})`;

/** The start of the day after, as an instant (the range's open end). */
export const dayAfter = (day: string, timeZone: string): SQL =>
  sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/**
 * The lead's stored text contains the search, case aside: `like` with the escaped, lower-cased
 * pattern, which the trigram index `leads_search_idx` answers within the scope.
 */
const containsSql = (column: SQL, f: LeadFilter): SQL => sql`${column} like lower(${containing(f.search)})`;

/** Ids as one array parameter (drizzle would spread a JS array into a list of parameters). */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Reads the scope's `SearchCampaigns` for a search: one small query on the campaigns. */
export function searchCampaignsSql(f: LeadFilter): SQL {
  const like = containing(f.search);
  return sql`select coalesce(array_agg(s.id) filter (where s.name ilike ${like} or s.public_id like ${like}), '{}') as matching,
      coalesce(array_agg(s.id) filter (where s.hide_phone), '{}') as hiding_phones
    from campaigns s where ${campaignScopeSql(f.scope, 's')}`;
}

function searchSql(f: LeadFilter): SQL {
  const like = containing(f.search);
  const known = f.searchCampaigns;
  const phones = containsSql(sql`l.search_phones`, f);
  // Given the campaigns as constants the planner sees that a text no campaign has adds no rows (an
  // unknown array, estimated as hundreds, made it walk a large campaign's range for one person).
  // Otherwise `= any(array(...))`, not `in (select ...)`: an array computed once is still an index
  // condition, so each arm of the OR can come from an index.
  const hiding = known
    ? known.hidingPhones.length > 0
      ? sql`l.campaign_id <> all(${idArray(known.hidingPhones)})`
      : null
    : sql`l.campaign_id <> all(array(select h.id from campaigns h
        where h.hide_phone and ${campaignScopeSql(f.scope, 'h')}))`;
  const phone = f.viewerIsClient && hiding ? sql`(${phones} and ${hiding})` : phones;
  const byCampaign = known
    ? known.matching.length > 0
      ? sql` or l.campaign_id = any(${idArray(known.matching)})`
      : sql``
    : sql` or l.campaign_id = any(array(select s.id from campaigns s
        where (s.name ilike ${like} or s.public_id like ${like}) and ${campaignScopeSql(f.scope, 's')}))`;
  // "first last city e-mails" in one text (so "first last" matches too), the phones apart.
  return sql`(${containsSql(sql`l.search_words`, f)} or ${phone}${byCampaign})`;
}

/** Every condition of the filter, joined with AND, on `leads l`. */
export function leadWhereSql(f: LeadFilter): SQL {
  const parts = [leadScopeSql(f.scope)];
  if (f.module) parts.push(sql`l.module = ${f.module}`);
  if (f.start) parts.push(sql`l.created_at >= ${dayStart(f.start, f.timeZone)}`);
  if (f.end) parts.push(sql`l.created_at < ${dayAfter(f.end, f.timeZone)}`);
  if (f.search !== '') parts.push(searchSql(f));
  return sql.join(parts, sql` and `);
}
