import type { CampaignModule, CampaignStatusValue } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';

/** Whose campaigns a report counts: a whole system, an agency's, a client's, or one campaign. */
export type CampaignScope =
  | { kind: 'system'; systemId: number }
  | { kind: 'agency'; systemId: number; agencyId: number }
  | { kind: 'client'; systemId: number; clientId: number }
  | { kind: 'campaign'; systemId: number; campaignId: number };

/** `k` (campaigns alias) inside the scope; each form is an indexed column of the campaign row. */
export const campaignScopeSql = (scope: CampaignScope, alias = sql`k`) => {
  const base = sql`${alias}.system_id = ${scope.systemId}`;
  if (scope.kind === 'agency') return sql`${base} and ${alias}.agency_id = ${scope.agencyId}`;
  if (scope.kind === 'client') return sql`${base} and ${alias}.client_id = ${scope.clientId}`;
  if (scope.kind === 'campaign') return sql`${base} and ${alias}.id = ${scope.campaignId}`;
  return base;
};

/** A campaign as a filter names it. */
export interface CampaignOption {
  id: number;
  public_id: string;
  name: string;
  client_name: string;
  module: CampaignModule;
  status: CampaignStatusValue;
  archived: boolean;
  removed: boolean;
}

export interface CampaignCount {
  module: CampaignModule;
  status: CampaignStatusValue;
  archived: boolean;
  count: number;
}

/**
 * Reads of campaigns for other modules' reports (decision 0083): campaigns that are not removed,
 * counted per module, status and archived flag; and a few campaigns by id with the fields a report
 * names them by.
 */
export function createCampaignCounts(db: Database) {
  return {
    async counts(scope: CampaignScope): Promise<CampaignCount[]> {
      const rows = await queryRows<{
        module: CampaignModule;
        status: CampaignStatusValue;
        archived: boolean;
        n: unknown;
      }>(
        db,
        sql`select k.module::text as module, k.status, k.archived, count(*)::int as n
              from campaigns k
             where ${campaignScopeSql(scope)} and k.removed_at is null
             group by 1, 2, 3
             order by 1, 2, 3`,
      );
      return rows.map((r) => ({
        module: r.module,
        status: r.status,
        archived: r.archived,
        count: Number(r.n),
      }));
    },

    /**
     * The campaigns of a scope as a filter offers them (the user logs' campaign filter, Report
     * Analytics' campaign choice; decision 0094): live ones first by name, then removed ones, whose
     * logs and leads stay readable; with their client's name and state.
     */
    async options(scope: CampaignScope, limit: number): Promise<CampaignOption[]> {
      const rows = await queryRows<{
        id: number;
        public_id: string;
        name: string;
        client_name: string;
        module: CampaignModule;
        status: CampaignStatusValue;
        archived: boolean;
        removed: boolean;
      }>(
        db,
        sql`select k.id, k.public_id, k.name, c.name as client_name, k.module::text as module, k.status,
                   k.archived, k.removed_at is not null as removed
              from campaigns k join companies c on c.id = k.client_id
             where ${campaignScopeSql(scope)}
             order by k.removed_at is not null, lower(k.name), k.id
             limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** The campaigns of these ids (removed ones too), with their client, agency and time zone. */
    async byIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return queryRows<{
        id: number;
        public_id: string;
        name: string;
        system_id: number;
        agency_id: number;
        client_id: number;
        time_zone: string;
        /** The campaign's own daily lead expectation (minimumLimitLeads), null when it has none. */
        minimum_limit_leads: number | null;
        start_date: string | null;
        end_date: string | null;
      }>(
        db,
        sql`select id, public_id, name, system_id, agency_id, client_id, time_zone, minimum_limit_leads,
                   to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
              from campaigns
             where id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
    },
  };
}

export type CampaignCounts = ReturnType<typeof createCampaignCounts>;
