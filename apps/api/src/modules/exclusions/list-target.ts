import type { ExclusionListKind } from '@app/contracts';
import { mayManageExclusionList } from '@app/policy';
import { notFound } from '../../http-errors.js';
import type { CampaignCounts } from '../campaigns/index.js';
import type { CompanyReads, Principal, ScopeService } from '../tenancy/index.js';

/*
 * Which list a request names, and whether the caller keeps it (decision 0092). A list is a kind and
 * an id: `optout` + the system's root company, `agency` / `client` + that company, `campaign` + the
 * campaign's row id. The id is checked against the caller's scope like any other id, then the
 * policy's `mayManageExclusionList` decides; every refusal is the same 404 as an unknown id.
 */

export type SuppressionScope = 'opt_out' | 'agency' | 'client' | 'campaign';

export interface ListTarget {
  kind: ExclusionListKind;
  /** The id the caller named. */
  id: number;
  scope: SuppressionScope;
  /** The owner id stored on the entries: the system for the opt-out list, else the company / campaign. */
  ownerId: number;
  systemId: number;
  agencyId: number | null;
  clientId: number | null;
  name: string;
}

/** A list above (or at) a target: the lists that apply to it, system first. */
export interface AppliedList {
  kind: ExclusionListKind;
  id: number;
  scope: SuppressionScope;
  ownerId: number;
  name: string;
}

const COMPANY_KIND_OF: Record<Exclude<ExclusionListKind, 'campaign'>, string> = {
  optout: 'root',
  agency: 'agency',
  client: 'client',
};

export interface ListTargets {
  /** The list, when the caller keeps it; 404 otherwise. */
  resolve(p: Principal, kind: ExclusionListKind, id: number): Promise<ListTarget>;
  /** The lists that apply to a target's leads, from the system's opt-out list down to the target's own. */
  applied(target: ListTarget): Promise<AppliedList[]>;
}

export function createListTargets(deps: {
  companies: Pick<CompanyReads, 'company'>;
  campaigns: Pick<CampaignCounts, 'byIds'>;
  inScope: ScopeService['inScope'];
}): ListTargets {
  const companyName = async (id: number | null) =>
    id === null ? '' : ((await deps.companies.company(id))?.name ?? '');
  const systemRootName = async (systemRootId: number) => companyName(systemRootId);

  async function find(kind: ExclusionListKind, id: number): Promise<ListTarget | null> {
    if (kind === 'campaign') {
      const [campaign] = await deps.campaigns.byIds([id]);
      if (!campaign) return null;
      return {
        kind,
        id,
        scope: 'campaign',
        ownerId: id,
        systemId: campaign.system_id,
        agencyId: campaign.agency_id,
        clientId: campaign.client_id,
        name: campaign.name,
      };
    }
    const company = await deps.companies.company(id);
    if (!company || company.deletedAt || company.kind !== COMPANY_KIND_OF[kind]) return null;
    const base = { kind, id, systemId: company.systemId, name: company.name };
    if (kind === 'optout')
      return { ...base, scope: 'opt_out', ownerId: company.systemId, agencyId: null, clientId: null };
    if (kind === 'agency') return { ...base, scope: 'agency', ownerId: id, agencyId: id, clientId: null };
    return { ...base, scope: 'client', ownerId: id, agencyId: company.parentId, clientId: id };
  }

  return {
    async resolve(p, kind, id) {
      const inScope = await deps.inScope(p, kind === 'campaign' ? 'campaign' : 'company', id);
      const target = inScope ? await find(kind, id) : null;
      if (!target || !mayManageExclusionList(p, target)) throw notFound();
      return target;
    },

    async applied(target) {
      const lists: AppliedList[] = [];
      const rootId = target.kind === 'optout' ? target.id : await rootCompanyOf(target);
      if (rootId !== null)
        lists.push({
          kind: 'optout',
          id: rootId,
          scope: 'opt_out',
          ownerId: target.systemId,
          name: await systemRootName(rootId),
        });
      if (target.agencyId !== null)
        lists.push({
          kind: 'agency',
          id: target.agencyId,
          scope: 'agency',
          ownerId: target.agencyId,
          name: await companyName(target.agencyId),
        });
      if (target.clientId !== null)
        lists.push({
          kind: 'client',
          id: target.clientId,
          scope: 'client',
          ownerId: target.clientId,
          name: await companyName(target.clientId),
        });
      if (target.kind === 'campaign')
        lists.push({
          kind: 'campaign',
          id: target.id,
          scope: 'campaign',
          ownerId: target.id,
          name: target.name,
        });
      return lists;
    },
  };

  async function rootCompanyOf(target: ListTarget): Promise<number | null> {
    const companyId = target.clientId ?? target.agencyId;
    if (companyId === null) return null;
    return (await deps.companies.company(companyId))?.rootId ?? null;
  }
}
