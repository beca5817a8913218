import { type Database, sql } from '@app/db';
import { isClient, isSystemStaff } from '@app/policy';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { LeadScope } from './lead-filter-sql.js';

/** Whose eyes a report is for: the prices a row shows depend on it (contract `leadPricesSchema`). */
export type Viewer = 'client' | 'agency' | 'root';

/** The system's staff see every price; a client its own; everyone else (agency staff, sales) the agency's. */
export const viewerOf = (p: Principal): Viewer =>
  isSystemStaff(p) ? 'root' : isClient(p) ? 'client' : 'agency';

export interface ResolvedScope {
  scope: LeadScope;
  /** The campaign's zone for one campaign; across campaigns, the viewer's (the web app's zone header). */
  timeZone: string;
  /** What a download's file name says: the campaign's public id, or the client's or company's id. */
  label: string;
}

/** The path's company, client and campaign rows, read in one statement. */
const pathFields = {
  owner_kind: sql<string>`o.kind`.as('owner_kind'),
  owner_system: sql<number>`o.system_id`.as('owner_system'),
  client_kind: sql<string | null>`c.kind`.as('client_kind'),
  client_parent: sql<number | null>`c.parent_id`.as('client_parent'),
  client_system: sql<number | null>`c.system_id`.as('client_system'),
  campaign_public_id: sql<string | null>`k.public_id`.as('campaign_public_id'),
  campaign_zone: sql<string | null>`k.time_zone`.as('campaign_zone'),
  campaign_client: sql<number | null>`k.client_id`.as('campaign_client'),
  campaign_agency: sql<number | null>`k.agency_id`.as('campaign_agency'),
  campaign_system: sql<number | null>`k.system_id`.as('campaign_system'),
};
type PathRow = { [K in keyof typeof pathFields]: (typeof pathFields)[K]['_']['type'] };

/**
 * The ids of a report path resolved to one scope of leads. The access rule has already checked
 * `companyID` against the caller's scope; here the client must hang under that company (or be it),
 * and the campaign under that client or company. Anything else is 404, as another tenant's id is.
 * One prepared statement reads the three rows (a report page is a few milliseconds of SQL; round
 * trips and planning count).
 */
export function createLeadScopes(db: Database) {
  const pathQuery = db
    .select(pathFields)
    .from(
      sql`companies o
          left join companies c on c.id = ${sql.placeholder('clientID')} and c.deleted_at is null
          left join campaigns k on k.id = ${sql.placeholder('campaignID')}`,
    )
    .where(sql`o.id = ${sql.placeholder('companyID')} and o.deleted_at is null`)
    .prepare('lead_report_path');

  async function pathRow(ids: { companyID: number; clientID: number; campaignID?: number }) {
    const [row] = await pathQuery.execute({
      companyID: ids.companyID,
      clientID: ids.clientID,
      campaignID: ids.campaignID ?? 0,
    });
    return row ?? null;
  }

  function base(p: Principal, companyId: number, clientId: number, row: PathRow): LeadScope {
    if (clientId > 0) {
      const under =
        row.client_kind === 'client' &&
        (clientId === companyId ||
          row.client_parent === companyId ||
          (row.owner_kind === 'root' && isSystemStaff(p) && row.client_system === row.owner_system));
      if (!under) throw notFound();
      return { kind: 'client', id: clientId };
    }
    if (row.owner_kind === 'client') return { kind: 'client', id: companyId };
    if (row.owner_kind === 'agency') return { kind: 'agency', id: companyId };
    if (row.owner_kind === 'root' && isSystemStaff(p)) return { kind: 'system', id: row.owner_system };
    throw notFound();
  }

  // As the `campaign` scope resource reads it: the campaign's client is the scope's company or one
  // of its clients (an agency's scope includes the agency itself).
  const campaignIn = (scope: LeadScope, row: PathRow) =>
    (scope.kind === 'client' && row.campaign_client === scope.id) ||
    (scope.kind === 'agency' && (row.campaign_agency === scope.id || row.campaign_client === scope.id)) ||
    (scope.kind === 'system' && row.campaign_system === scope.id);

  return {
    async resolve(
      p: Principal,
      ids: { companyID: number; clientID: number; campaignID?: number; viewerZone: string },
    ): Promise<ResolvedScope> {
      const row = await pathRow(ids);
      if (!row) throw notFound();
      const scope = base(p, ids.companyID, ids.clientID, row);
      if (!ids.campaignID) {
        const label = scope.kind === 'client' ? `client-${scope.id}` : `company-${ids.companyID}`;
        return { scope, timeZone: ids.viewerZone, label };
      }
      if (row.campaign_public_id === null || !campaignIn(scope, row)) throw notFound();
      return {
        scope: { kind: 'campaign', id: ids.campaignID },
        timeZone: row.campaign_zone ?? ids.viewerZone,
        label: row.campaign_public_id,
      };
    },
  };
}

export type LeadScopes = ReturnType<typeof createLeadScopes>;
