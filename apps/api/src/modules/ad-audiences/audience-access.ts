import { type ModuleAccessFacts, modulesOpenTo } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { CompanyReads, Principal, ScopeService } from '../tenancy/index.js';

/*
 * Whose audience an id names, and whether it may be reached (decision 0114). An audience belongs to
 * an agency or a client; the caller must reach that company (the scope check every id gets) and the
 * company must be able to open the Simplifi module: only on the master system, and only for a beta
 * tester agency while the module is in beta (spec 2 §6, decision 0063). Anything else is answered as
 * a missing id: 404, without saying which of these it was.
 */

/** The owner of an audience as it is stored. */
export interface AudienceOwner {
  systemId: number;
  companyId: number;
  /** The company itself when it is an agency, else the client's agency. */
  agencyId: number;
  kind: 'agency' | 'client';
}

export function createAudienceAccess(deps: {
  inScope: ScopeService['inScope'];
  companies: Pick<CompanyReads, 'company'>;
  moduleFacts: (companyId: number) => Promise<ModuleAccessFacts | null>;
}) {
  /** The company may open the Simplifi module (its agency and, for a client, itself). */
  async function simplifiOpen(companyId: number): Promise<boolean> {
    const facts = await deps.moduleFacts(companyId);
    return facts !== null && modulesOpenTo(facts).includes('simplifi');
  }

  /** An agency or client of the caller's scope that may hold audiences; 404 otherwise. */
  async function owner(p: Principal, companyId: number): Promise<AudienceOwner> {
    if (!(await deps.inScope(p, 'company', companyId))) throw notFound();
    const company = await deps.companies.company(companyId);
    if (!company || company.deletedAt || (company.kind !== 'agency' && company.kind !== 'client'))
      throw notFound();
    if (!(await simplifiOpen(companyId))) throw notFound();
    return {
      systemId: company.systemId,
      companyId,
      agencyId: company.kind === 'agency' ? companyId : Number(company.parentId),
      kind: company.kind,
    };
  }

  return {
    owner,
    simplifiOpen,
    /** An audience's company, checked as above (the audience row is read by the caller). */
    async requireReachable(p: Principal, audience: { company_id: number }): Promise<void> {
      if (!(await deps.inScope(p, 'company', audience.company_id))) throw notFound();
      if (!(await simplifiOpen(audience.company_id))) throw notFound();
    },
  };
}

export type AudienceAccess = ReturnType<typeof createAudienceAccess>;
