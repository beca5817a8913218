import {
  apiErrorSchema,
  type CampaignModule,
  leadChartResponseSchema,
  leadDetailParamsSchema,
  leadDetailResponseSchema,
  leadDownloadQuerySchema,
  leadFilterQuerySchema,
  leadInitDateParamsSchema,
  leadInitDateQuerySchema,
  leadInitDateResponseSchema,
  leadInvoiceParamsSchema,
  leadInvoiceResponseSchema,
  leadRejectionsParamsSchema,
  leadRejectionsResponseSchema,
  leadReportParamsSchema,
  leadReportQuerySchema,
  leadReportResponseSchema,
  moduleDashboardParamsSchema,
  moduleDashboardResponseSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/exports/index.js';
import { type AccessRule, principalOf, type ScopedId, type TenantResource } from '../../plugins/access.js';
import { type Principal, viewerTimeZone } from '../tenancy/index.js';
import { leadExportColumns } from './lead-export.js';
import type { LeadReportService } from './lead-report-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['lead-reports'];

/**
 * Reading leads is reading campaigns (`campaigns.read`). The path's company is checked against the
 * caller's scope here; the client and campaign under it by the service (0 in either means all).
 */
const reads = (resource: TenantResource, field: string): AccessRule => ({
  kind: 'user',
  action: 'campaigns.read',
  scope: [{ in: 'params', field, resource } satisfies ScopedId],
});
const inCompany = reads('company', 'companyID');
const rejectionsQuerySchema = leadFilterQuerySchema.pick({ start: true, end: true });

/**
 * The path's ids and the viewer's time zone: days across campaigns are theirs. Their own zone
 * (setupcomplete, decision 0094), else the one the web app sends with every call.
 */
const pathOf = <P extends object>(request: FastifyRequest & { params: P }) => ({
  ...(request.params as P),
  viewerZone: viewerTimeZone(principalOf(request), request.timeZone),
});

/** The module rule's check of a module page's data (decision 0063): 404 to who may not open it. */
export type RequireReadable = (actor: Principal, module: CampaignModule) => Promise<void>;

/** The lead report (spec 2 §7 "Campaigns and reports", issue 11, decision 0048). */
export const leadReportRoutes =
  (service: LeadReportService, requireReadable: RequireReadable): FastifyPluginAsyncZod =>
  async (app) => {
    /** The leads of one module are that module's data; without a module the scope check decides. */
    const readable = async (request: FastifyRequest, module: CampaignModule | undefined) => {
      if (module) await requireReadable(principalOf(request), module);
    };

    app.get(
      '/leadspeek/report/lead/:companyID/:clientID/:campaignID',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: leadReportParamsSchema,
          querystring: leadReportQuerySchema,
          response: { 200: leadReportResponseSchema, ...errors },
        },
      },
      async (request) => {
        await readable(request, request.query.moduleType);
        return service.report(principalOf(request), pathOf(request), request.query);
      },
    );

    app.get(
      '/leadspeek/report/lead-download/:companyID/:clientID/:campaignID',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: leadReportParamsSchema,
          querystring: leadDownloadQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        await readable(request, request.query.moduleType);
        const file = await service.download(principalOf(request), pathOf(request), request.query);
        return sendExport(reply, {
          format: request.query.format,
          baseName: file.baseName,
          sheet: 'Leads',
          columns: leadExportColumns(file.viewer),
          items: file.items,
        });
      },
    );

    app.get(
      '/leadspeek/report/initdate/:companyID/:clientID',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: leadInitDateParamsSchema,
          querystring: leadInitDateQuerySchema,
          response: { 200: leadInitDateResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.initDate(principalOf(request), { ...pathOf(request), campaignID: request.query.campaignID }),
    );

    app.get(
      '/leadspeek/report/chart/:companyID/:clientID/:campaignID',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: leadReportParamsSchema,
          querystring: leadFilterQuerySchema,
          response: { 200: leadChartResponseSchema, ...errors },
        },
      },
      async (request) => {
        await readable(request, request.query.moduleType);
        return service.chart(principalOf(request), pathOf(request), request.query);
      },
    );

    app.get(
      '/leadspeek/report/invoice/:companyID/:clientID/:start/:end',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: leadInvoiceParamsSchema,
          response: { 200: leadInvoiceResponseSchema, ...errors },
        },
      },
      async (request) => service.invoice(principalOf(request), pathOf(request)),
    );

    app.get(
      '/leadspeek/report/rejections/:campaignID',
      {
        config: { access: reads('campaign', 'campaignID') },
        schema: {
          tags,
          params: leadRejectionsParamsSchema,
          querystring: rejectionsQuerySchema,
          response: { 200: leadRejectionsResponseSchema, ...errors },
        },
      },
      async (request) => service.rejections(request.params.campaignID, request.query),
    );

    app.get(
      '/leadspeek/report/dashboard/:companyID/:clientID/:moduleType',
      {
        config: { access: inCompany },
        schema: {
          tags,
          params: moduleDashboardParamsSchema,
          response: { 200: moduleDashboardResponseSchema, ...errors },
        },
      },
      async (request) => {
        await readable(request, request.params.moduleType);
        return service.dashboard(principalOf(request), pathOf(request));
      },
    );

    app.get(
      '/leadspeek/report/lead-detail/:leadID',
      {
        config: { access: reads('lead', 'leadID') },
        schema: {
          tags,
          params: leadDetailParamsSchema,
          response: { 200: leadDetailResponseSchema, ...errors },
        },
      },
      async (request) => service.detail(principalOf(request), request.params.leadID),
    );
  };
