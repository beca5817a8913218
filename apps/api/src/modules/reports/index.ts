import type { Database } from '@app/db';
import type { Ledger } from '../ledger/index.js';
import { createReportRepository } from './report-repository.js';
import { reportRoutes } from './report-routes.js';
import { createReportService } from './report-service.js';
import { createRevenueRepository } from './revenue-repository.js';
import { createRevenueService } from './revenue-service.js';

/** Report Analytics, root revenue (collected money from the ledger) and the agencies report. */
export function createReportsModule(deps: { db: Database; ledger: Ledger }) {
  const reports = createReportService(createReportRepository(deps.db));
  const revenue = createRevenueService(createRevenueRepository(deps.db), deps.ledger.collectedByDay);
  return { routes: [reportRoutes(reports, revenue)] };
}
