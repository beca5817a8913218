import type { Database } from '@app/db';
import type { SucceededByKeyPrefix } from '../payments/index.js';
import { createLeadExportRepository } from './lead-export-repository.js';
import { createLeadFeed } from './lead-feed.js';
import { createLeadFiguresRepository } from './lead-figures-repository.js';
import { leadReportRoutes, type RequireReadable } from './lead-report-routes.js';
import { createLeadReportService } from './lead-report-service.js';
import { createLeadRowRepository } from './lead-row-repository.js';
import { createLeadScopes } from './lead-scope.js';

export type { LeadFeed, LeadFeedQuery, LeadFeedScope } from './lead-feed.js';
export type { LeadReportService } from './lead-report-service.js';

/**
 * Lead reports (issue 11 "Reports and exports", decision 0048): the leads a campaign, client or
 * agency stored with what each party paid as far as the viewer may know it, their download (CSV,
 * Excel), the chart, the invoice per campaign, rejection reasons, module dashboards and one lead's
 * detail. Reads only: leads are written by the leads module, charges by campaigns through payments.
 */
export function createLeadReportsModule(deps: {
  db: Database;
  /** The payments module's read of what was charged, by business-key prefix. */
  charges: { succeededByKeyPrefix: SucceededByKeyPrefix };
  /** The module rule's check of one module's data (tenancy's `moduleAccess`, decision 0063). */
  requireReadable: RequireReadable;
}) {
  const service = createLeadReportService({
    rows: createLeadRowRepository(deps.db),
    exportRows: createLeadExportRepository(deps.db),
    figures: createLeadFiguresRepository(deps.db),
    scopes: createLeadScopes(deps.db),
    chargedByKeyPrefix: deps.charges.succeededByKeyPrefix,
  });
  return {
    service,
    /** Stored leads in storing order, for the Open API's cursor pages (decision 0100). */
    leadFeed: createLeadFeed(deps.db),
    routes: [leadReportRoutes(service, deps.requireReadable)],
  };
}
