import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import type { CampaignCounts } from '../campaigns/index.js';
import type { LeadCounts } from '../leads/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Principal } from '../tenancy/index.js';
import { createReportRepository } from './report-repository.js';
import { reportRoutes } from './report-routes.js';
import { createReportService } from './report-service.js';
import { createRevenueRepository } from './revenue-repository.js';
import { createRevenueService } from './revenue-service.js';
import { createUnderPerform } from './under-perform.js';

/**
 * Report Analytics (campaigns, leads and collected money of a company or campaign, decision 0083),
 * root revenue (collected money from the ledger beside configured fees), the agencies report and
 * under-performing campaigns.
 */
export function createReportsModule(deps: {
  db: Database;
  ledger: Pick<Ledger, 'collectedBySource'>;
  campaigns: Pick<CampaignCounts, 'counts' | 'byIds'>;
  leads: Pick<LeadCounts, 'perDay' | 'aroundDay'>;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  const reports = createReportService(createReportRepository(deps.db), {
    campaigns: deps.campaigns,
    leads: deps.leads,
    collectedBySource: deps.ledger.collectedBySource,
    inScope: deps.inScope,
  });
  const revenue = createRevenueService(createRevenueRepository(deps.db), deps.ledger.collectedBySource);
  const underPerform = createUnderPerform({
    campaigns: deps.campaigns,
    leads: deps.leads,
    inScope: deps.inScope,
  });
  return { routes: [reportRoutes(reports, revenue, underPerform)] };
}
