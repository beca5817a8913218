import { type CampaignListParams, type CampaignModule, pageOf } from '@app/contracts';
import { isSystemStaff } from '@app/policy';
import { notFound } from '../../http-errors.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { CampaignBasics } from './campaign-basics.js';
import type { CampaignRepository } from './campaign-repository.js';
import { detailOf, listRowOf } from './campaign-view.js';

type Scope = { clientId: number } | { agencyId: number } | { systemId: number };

/*
 * Reading campaigns (spec 2 §7 "Campaigns and reports"): one campaign's detail, a module's list in
 * a company's scope, the Open API's pages (decision 0100), a company's campaigns for the report
 * filters, and a company's active campaigns per module (asked before a company is removed).
 */
export function createCampaignReads(deps: {
  repo: Pick<CampaignRepository, 'pageAfter' | 'company' | 'list' | 'ofCompany' | 'activeOf'>;
  basics: CampaignBasics;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
}) {
  const { repo } = deps;

  return {
    async get(id: number) {
      return { result: 'success' as const, data: detailOf(await deps.basics.found(id)) };
    },

    /** Campaigns in id order after `afterId`, as list rows (the Open API's pages, decision 0100). */
    async pageAfter(scope: Scope, afterId: number, limit: number) {
      return (await repo.pageAfter(scope, afterId, limit)).map((r) => ({
        ...listRowOf(r),
        timezone: r.timeZone,
      }));
    },

    async list(
      p: Principal,
      params: CampaignListParams,
      query: { Page: number; PerPage: number; view: 'current' | 'archived' | 'all'; CampaignStatus: string },
    ) {
      await deps.moduleAccess.requireReadable(p, params.type);
      const company = await repo.company(params.companyID);
      if (!company) throw notFound();
      let scope: Scope;
      if (params.clientID > 0) {
        const client = await repo.company(params.clientID);
        const underCompany =
          client?.kind === 'client' &&
          (client.id === company.id ||
            client.parentId === company.id ||
            (company.kind === 'root' && isSystemStaff(p) && client.systemId === company.systemId));
        if (!client || !underCompany) throw notFound();
        scope = { clientId: client.id };
      } else if (company.kind === 'client') scope = { clientId: company.id };
      else if (company.kind === 'agency') scope = { agencyId: company.id };
      else scope = { systemId: company.systemId };
      const search = params.search.trim() === '-' ? '' : params.search.trim();
      const { total, rows } = await repo.list({
        module: params.type,
        scope,
        group: params.group,
        view: query.view,
        status: query.CampaignStatus as never,
        search,
        sort: params.sort,
        order: params.order,
        page: query.Page,
        perPage: query.PerPage,
      });
      return pageOf(query.Page, query.PerPage, total, rows.map(listRowOf));
    },

    async ofCompany(companyId: number, group: number) {
      const company = await repo.company(companyId);
      if (!company) throw notFound();
      const rows = await repo.ofCompany(company, group);
      return {
        result: 'success' as const,
        data: rows.map((r) => ({
          leadspeekID: r.id,
          leadspeek_api_id: r.publicId,
          campaign_name: r.name,
          company_name: r.companyName,
          leadspeekType: r.module,
          status: r.status as 'running',
        })),
      };
    },

    async activeCheck(companyId: number) {
      const company = await repo.company(companyId);
      if (!company) throw notFound();
      const rows = await repo.activeOf(company);
      const byModule = new Map<CampaignModule, { leadspeek_api_id: string; campaign_name: string }[]>();
      for (const r of rows) {
        const list = byModule.get(r.module) ?? [];
        list.push({ leadspeek_api_id: r.publicId, campaign_name: r.name });
        byModule.set(r.module, list);
      }
      return {
        result: 'success' as const,
        active: rows.length > 0,
        data: [...byModule].map(([module, campaigns]) => ({ module, campaigns })),
      };
    },
  };
}
