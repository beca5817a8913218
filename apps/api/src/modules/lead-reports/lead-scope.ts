import { type Database, queryRows, sql } from '@app/db';
import { isClient, isSystemStaff } from '@app/policy';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { LeadScope } from './lead-filter-sql.js';

/** Whose eyes a report is for: the prices a row shows depend on it (contract `leadPricesSchema`). */
export type Viewer = 'client' | 'agency' | 'root';

/** The system's staff see every price; a client its own; everyone else (agency staff, sales) the agency's. */
export const viewerOf = (p: Principal): Viewer => (isSystemStaff(p) ? 'root' : isClient(p) ? 'client' : 'agency');

/** Days across campaigns are UTC days (no viewer keeps a time zone yet, decision 0048). */
export const ACROSS_CAMPAIGNS_ZONE = 'UTC';

export interface ResolvedScope {
  scope: LeadScope;
  /** The campaign's zone for one campaign, else UTC. */
  timeZone: string;
  /** What a download's file name says: the campaign's public id, or the client's or company's id. */
  label: string;
}

interface CompanyRow {
  id: number;
  kind: string;
  system_id: number;
  parent_id: number | null;
}

/**
 * The ids of a report path resolved to one scope of leads. The access rule has already checked
 * `companyID` against the caller's scope; here the client must hang under that company (or be it),
 * and the campaign under that client or company. Anything else is 404, as another tenant's id is.
 */
export function createLeadScopes(db: Database) {
  async function company(id: number): Promise<CompanyRow | null> {
    const [row] = await queryRows<CompanyRow>(
      db,
      sql`select id, kind, system_id, parent_id from companies where id = ${id} and deleted_at is null`,
    );
    return row ?? null;
  }

  async function base(p: Principal, companyId: number, clientId: number): Promise<LeadScope> {
    const owner = await company(companyId);
    if (!owner) throw notFound();
    if (clientId > 0) {
      const client = await company(clientId);
      const under =
        client?.kind === 'client' &&
        (client.id === owner.id ||
          client.parent_id === owner.id ||
          (owner.kind === 'root' && isSystemStaff(p) && client.system_id === owner.system_id));
      if (!client || !under) throw notFound();
      return { kind: 'client', id: client.id };
    }
    if (owner.kind === 'client') return { kind: 'client', id: owner.id };
    if (owner.kind === 'agency') return { kind: 'agency', id: owner.id };
    if (owner.kind === 'root' && isSystemStaff(p)) return { kind: 'system', id: owner.system_id };
    throw notFound();
  }

  return {
    async resolve(
      p: Principal,
      ids: { companyID: number; clientID: number; campaignID?: number },
    ): Promise<ResolvedScope> {
      const scope = await base(p, ids.companyID, ids.clientID);
      if (!ids.campaignID) {
        const label = scope.kind === 'client' ? `client-${scope.id}` : `company-${ids.companyID}`;
        return { scope, timeZone: ACROSS_CAMPAIGNS_ZONE, label };
      }
      const column = { client: 'client_id', agency: 'agency_id', system: 'system_id', campaign: 'id' }[scope.kind];
      const [campaign] = await queryRows<{ public_id: string; time_zone: string }>(
        db,
        sql`select public_id, time_zone from campaigns
            where id = ${ids.campaignID} and ${sql.raw(column)} = ${scope.id}`,
      );
      if (!campaign) throw notFound();
      return {
        scope: { kind: 'campaign', id: ids.campaignID },
        timeZone: campaign.time_zone,
        label: campaign.public_id,
      };
    },
  };
}

export type LeadScopes = ReturnType<typeof createLeadScopes>;
