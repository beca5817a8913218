import type { Database } from '@app/db';
import { createReportRepository } from './report-repository.js';
import { reportRoutes } from './report-routes.js';
import { createReportService } from './report-service.js';

/** Report Analytics, root revenue and the agencies report. */
export function createReportsModule(deps: { db: Database }) {
  return { routes: [reportRoutes(createReportService(createReportRepository(deps.db)))] };
}
