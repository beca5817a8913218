import {
  agenciesReportParamsSchema,
  agenciesReportQuerySchema,
  agenciesReportResponseSchema,
  apiErrorSchema,
  reportAnalyticsParamsSchema,
  reportAnalyticsResponseSchema,
  reportAnalyticsRootParamsSchema,
  rootRevenueParamsSchema,
  rootRevenueResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { ReportService } from './report-service.js';
import type { RevenueService } from './revenue-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** Root-only reports (spec 2 §6): the system's owner. */
const ROOT_STAFF: AccessRule = { kind: 'user', action: 'reports.root' };
/**
 * Report Analytics is decided by the service (spec 1 §2.3): any signed-in type may reach it in
 * global view mode, so the rule only authenticates and scope-checks the company.
 */
const analyticsRule = (field: string): AccessRule => ({
  kind: 'user',
  action: 'reports.analytics',
  scope: [{ in: 'params', field, resource: 'company' }],
});

/** Report analytics, root revenue and the agencies report. */
export const reportRoutes =
  (service: ReportService, revenue: RevenueService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/report-analytics/:start/:end/:companyid/:campaignid',
      {
        config: { access: analyticsRule('companyid') },
        schema: {
          tags: ['reports'],
          params: reportAnalyticsParamsSchema,
          response: { 200: reportAnalyticsResponseSchema, ...errors },
        },
      },
      async (request) => service.analytics(principalOf(request), request.params),
    );

    app.get(
      '/configuration/report-analytics/:start/:end/:companyrootid',
      {
        config: { access: analyticsRule('companyrootid') },
        schema: {
          tags: ['reports'],
          params: reportAnalyticsRootParamsSchema,
          response: { 200: reportAnalyticsResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.analytics(principalOf(request), {
          start: request.params.start,
          end: request.params.end,
          companyid: request.params.companyrootid,
          campaignid: 0,
        }),
    );

    app.get(
      '/configuration/root-revenue/:startDate/:endDate',
      {
        config: { access: ROOT_STAFF },
        schema: {
          tags: ['reports'],
          params: rootRevenueParamsSchema,
          response: { 200: rootRevenueResponseSchema, ...errors },
        },
      },
      async (request) =>
        revenue.rootRevenue(principalOf(request), request.params.startDate, request.params.endDate),
    );

    app.get(
      '/configuration/agencies-report/:group/:sort/:order/:search',
      {
        config: { access: ROOT_STAFF },
        schema: {
          tags: ['reports'],
          params: agenciesReportParamsSchema,
          querystring: agenciesReportQuerySchema,
          response: { 200: agenciesReportResponseSchema, ...errors },
        },
      },
      async (request) => service.agencies(principalOf(request), request.params, request.query),
    );
  };
