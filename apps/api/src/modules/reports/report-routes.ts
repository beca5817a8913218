import {
  agenciesReportParamsSchema,
  agenciesReportQuerySchema,
  agenciesReportResponseSchema,
  apiErrorSchema,
  reportAnalyticsParamsSchema,
  reportAnalyticsResponseSchema,
  reportAnalyticsRootParamsSchema,
  reportPeriodQuerySchema,
  rootRevenueParamsSchema,
  rootRevenueResponseSchema,
  underPerformQuerySchema,
  underPerformResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import { viewerTimeZone } from '../tenancy/index.js';
import type { ReportService } from './report-service.js';
import type { RevenueService } from './revenue-service.js';
import type { UnderPerform } from './under-perform.js';

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
  (service: ReportService, revenue: RevenueService, underPerform: UnderPerform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/report-analytics/:start/:end/:companyid/:campaignid',
      {
        config: { access: analyticsRule('companyid') },
        schema: {
          tags: ['reports'],
          params: reportAnalyticsParamsSchema,
          querystring: reportPeriodQuerySchema,
          response: { 200: reportAnalyticsResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.analytics(principalOf(request), request.params, request.query.period, request.timeZone),
    );

    app.get(
      '/configuration/report-analytics/:start/:end/:companyrootid',
      {
        config: { access: analyticsRule('companyrootid') },
        schema: {
          tags: ['reports'],
          params: reportAnalyticsRootParamsSchema,
          querystring: reportPeriodQuerySchema,
          response: { 200: reportAnalyticsResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.analytics(
          principalOf(request),
          {
            start: request.params.start,
            end: request.params.end,
            companyid: request.params.companyrootid,
            campaignid: 0,
          },
          request.query.period,
          request.timeZone,
        ),
    );

    app.get(
      '/configuration/root-revenue/:startDate/:endDate',
      {
        config: { access: ROOT_STAFF },
        schema: {
          tags: ['reports'],
          params: rootRevenueParamsSchema,
          querystring: reportPeriodQuerySchema,
          response: { 200: rootRevenueResponseSchema, ...errors },
        },
      },
      async (request) =>
        revenue.rootRevenue(
          principalOf(request),
          request.params.startDate,
          request.params.endDate,
          request.query.period,
          viewerTimeZone(principalOf(request), request.timeZone),
        ),
    );

    app.get(
      '/configuration/get-under-perform-campaigns',
      {
        // Campaign readers; every id in campaign_ids is scope-checked by the service (a list).
        config: { access: { kind: 'user', action: 'campaigns.read' } },
        schema: {
          tags: ['reports'],
          querystring: underPerformQuerySchema,
          response: { 200: underPerformResponseSchema, ...errors },
        },
      },
      async (request) => underPerform(principalOf(request), request.query),
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
      async (request) =>
        service.agencies(principalOf(request), request.params, request.query, request.timeZone),
    );
  };
