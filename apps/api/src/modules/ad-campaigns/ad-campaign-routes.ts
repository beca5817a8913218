import {
  apiErrorSchema,
  budgetIncreaseSchema,
  chargeByRemainingDaysRequestSchema,
  checkBudgetIncreaseQuerySchema,
  createSimplifiCampaignRequestSchema,
  remainingBudgetSchema,
  simplifiCampaignDetailSchema,
  simplifiCostModuleRequestSchema,
  simplifiReportQuerySchema,
  simplifiReportSchema,
  simplifiStatsQuerySchema,
  simplifiStatsSchema,
  updateSimplifiCampaignRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { sendExport } from '../../lib/exports/index.js';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import type { AdCampaignRepository } from './ad-campaign-repository.js';
import type { AdCampaignService } from './ad-campaign-service.js';
import type { BudgetPeriods } from './budget-periods.js';
import {
  campaignReport,
  REPORT_COLUMNS,
  REPORT_RANGE_TOO_LONG,
  reportRange,
  reportRows,
} from './campaign-report.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const rule = (action: Extract<AccessRule, { kind: 'user' }>['action'], ...scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});
const campaignIn = (where: ScopedId['in'], field: string): ScopedId => ({
  in: where,
  field,
  resource: 'campaign',
});
const companyIn = (where: ScopedId['in'], field: string): ScopedId => ({
  in: where,
  field,
  resource: 'company',
});
const tags = ['simplifi'];
const saved = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: simplifiCampaignDetailSchema,
});
const campaignIdParams = z.strictObject({
  campaignId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * Simplifi campaigns (spec 2 §7 "Simplifi", decision 0110): thin handlers. Every campaign id is
 * scope-checked by the access rule (its client in the caller's scope, else 404); a campaign of another
 * module is refused by the service. Moves (activate, pause, stop, archive) are the campaigns module's
 * routes: the same state machine, with this module's activation charge.
 */
export const adCampaignRoutes =
  (deps: {
    service: AdCampaignService;
    periods: BudgetPeriods;
    repo: AdCampaignRepository;
    manualBill: (campaignId: number) => Promise<boolean>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, periods, repo } = deps;

    app.post(
      '/leadspeek/simplifi',
      {
        config: { access: rule('campaigns.create', companyIn('body', 'clientID')) },
        schema: { tags, body: createSimplifiCampaignRequestSchema, response: { 200: saved, ...errors } },
      },
      async (request) => service.create(principalOf(request), request.body, request.ip),
    );

    app.put(
      '/leadspeek/simplifi/:campaignId',
      {
        config: { access: rule('campaigns.update', campaignIn('params', 'campaignId')) },
        schema: {
          tags,
          params: campaignIdParams,
          body: updateSimplifiCampaignRequestSchema,
          response: { 200: saved, ...errors },
        },
      },
      async (request) =>
        service.update(principalOf(request), request.params.campaignId, request.body, request.ip),
    );

    app.get(
      '/leadspeek/simplifi/details',
      {
        config: { access: rule('campaigns.read', campaignIn('query', 'leadspeekID')) },
        schema: {
          tags,
          querystring: z.strictObject({ leadspeekID: campaignIdParams.shape.campaignId }),
          response: {
            200: z.object({ result: z.literal('success'), data: simplifiCampaignDetailSchema }),
            ...errors,
          },
        },
      },
      async (request) => service.details(principalOf(request), request.query.leadspeekID),
    );

    app.get(
      '/leadspeek/simplifi/stats',
      {
        config: { access: rule('campaigns.read') },
        schema: {
          tags,
          querystring: simplifiStatsQuerySchema,
          response: { 200: simplifiStatsSchema, ...errors },
        },
      },
      async (request) => service.stats(principalOf(request), request.query.campaign_ids),
    );

    app.get(
      '/leadspeek/simplifi/campaign-reports/:campaign_id',
      {
        config: { access: rule('campaigns.read', campaignIn('params', 'campaign_id')) },
        schema: {
          tags,
          params: z.strictObject({ campaign_id: campaignIdParams.shape.campaignId }),
          querystring: simplifiReportQuerySchema,
          response: { 200: simplifiReportSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { c } = await service.found(principalOf(request), request.params.campaign_id);
        const range = reportRange(request.query);
        if (!range) throw badRequest(REPORT_RANGE_TOO_LONG, { end_date: REPORT_RANGE_TOO_LONG });
        const report = await campaignReport(repo, c, range);
        if (request.query.format === 'json') return report;
        return sendExport(reply, {
          format: request.query.format,
          baseName: `simplifi-${c.publicId}-${range.from}-${range.to}`,
          sheet: 'Report',
          columns: REPORT_COLUMNS,
          rows: reportRows(report),
        });
      },
    );

    app.get(
      '/leadspeek/simplifi/remaining-budget/:leadspeek_api_id',
      {
        config: { access: rule('campaigns.read') },
        schema: {
          tags,
          params: z.strictObject({ leadspeek_api_id: z.string().regex(/^\d{8}$/, 'Not found.') }),
          response: {
            200: z.object({ result: z.literal('success'), data: remainingBudgetSchema }),
            ...errors,
          },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const id = await service.idOfPublicId(p, request.params.leadspeek_api_id);
        if (id === null) throw notFound();
        const { c, budget } = await service.found(p, id);
        const { period, days } = periods.periodOf(c, budget);
        const left = await periods.left(c);
        const figures = await service.stats(p, [id]);
        const row = figures.data[0];
        return {
          result: 'success' as const,
          data: {
            leadspeek_api_id: c.publicId,
            period_start: budget.anchorDate ? period.startDate : '',
            period_end: budget.anchorDate ? period.endDate : '',
            remaining_days: budget.anchorDate ? days : 0,
            remaining_budget: row?.remaining_budget ?? '0',
            period_budget: row?.period_budget ?? '0',
            total_spend: row?.totals.spend ?? '0',
            ...(left < 0 ? { remaining_budget: '0' } : {}),
          },
        };
      },
    );

    app.get(
      '/leadspeek/simplifi/check-budget-increase',
      {
        config: { access: rule('campaigns.read', campaignIn('query', 'leadspeekID')) },
        schema: {
          tags,
          querystring: checkBudgetIncreaseQuerySchema,
          response: {
            200: z.object({ result: z.literal('success'), data: budgetIncreaseSchema }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { c } = await service.found(principalOf(request), request.query.leadspeekID);
        return { result: 'success' as const, data: await periods.increase(c, request.query.dailyBudget) };
      },
    );

    app.post(
      '/leadspeek/simplifi/charge-campaign-by-remaining-days',
      {
        config: { access: rule('campaigns.prices', campaignIn('body', 'leadspeekID')) },
        schema: {
          tags,
          body: chargeByRemainingDaysRequestSchema,
          response: {
            200: z.object({ result: z.literal('success'), message: z.string(), data: budgetIncreaseSchema }),
            ...errors,
          },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { c } = await service.found(p, request.body.leadspeekID);
        const { quote, charged } = await periods.raise(
          c,
          request.body.dailyBudget,
          await deps.manualBill(c.id),
        );
        const after = await periods.increase(c, request.body.dailyBudget);
        return {
          result: 'success' as const,
          message: charged
            ? `The daily budget is raised; $${quote.charge_amount} was charged.`
            : 'The daily budget is raised; nothing more was charged.',
          data: { ...after, charge_amount: charged ? quote.charge_amount : '0' },
        };
      },
    );

    app.put(
      '/leadspeek/simplifi/costmodule',
      {
        config: { access: rule('campaigns.prices', campaignIn('body', 'leadspeekID')) },
        schema: { tags, body: simplifiCostModuleRequestSchema, response: { 200: saved, ...errors } },
      },
      async (request) => service.costModule(principalOf(request), request.body),
    );
  };
