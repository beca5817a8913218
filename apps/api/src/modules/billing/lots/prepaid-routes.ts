import {
  apiErrorSchema,
  currentTopupSchema,
  estimateRefundQuerySchema,
  PREPAID_REFUND_TEXTS,
  prepaidCampaignParamsSchema,
  refundEstimateSchema,
  refundTopupRequestSchema,
  refundTopupResponseSchema,
  remainingBalanceLeadsSchema,
  stopContinualTopupCampaignRequestSchema,
  stopContinualTopupCampaignResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound } from '../../../http-errors.js';
import type { AccessRule, ScopedId } from '../../../plugins/access.js';
import type { PrepaidCampaigns } from '../../campaigns/index.js';
import type { PrepaidBlocksView } from './prepaid-blocks-view.js';
import { PrepaidRefundRefused, type PrepaidRefunds } from './prepaid-refunds.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const publicIdIn = (where: ScopedId['in'], field: string): ScopedId => ({
  in: where,
  field,
  resource: 'campaignPublicId',
});
const rule = (action: Extract<AccessRule, { kind: 'user' }>['action'], ...scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});
const tags = ['prepaid'];

/**
 * A prepaid campaign's blocks at the spec's paths (spec 2 §7 "Minimum spend and prepaid"; decision
 * 0078): the refund of a stopped campaign's unused leads and its estimate, the current block, the
 * leads left and stopping continual top-up. Every campaign is named by its public id, scope-checked
 * by the rule (another tenant's answers 404 like a missing one).
 */
export const prepaidRoutes =
  (deps: {
    campaigns: Pick<PrepaidCampaigns, 'byPublicId' | 'stopContinualTopUp'>;
    refunds: Pick<PrepaidRefunds, 'estimate' | 'refund'>;
    view: PrepaidBlocksView;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const campaign = async (publicId: string) => {
      const found = await deps.campaigns.byPublicId(publicId);
      if (!found) throw notFound();
      return found;
    };

    app.get(
      '/leadspeek/client/estimeate-refund-topup',
      {
        config: { access: rule('campaigns.prepaidRefund.read', publicIdIn('query', 'leadspeek_api_id')) },
        schema: {
          tags,
          description: "What refunding a stopped prepaid campaign's unused leads gives back, and to whom",
          querystring: estimateRefundQuerySchema,
          response: { 200: refundEstimateSchema, ...errors },
        },
      },
      async (request) => deps.refunds.estimate(await campaign(request.query.leadspeek_api_id)),
    );

    app.post(
      '/leadspeek/client/refund-topup',
      {
        config: {
          access: rule('campaigns.prepaidRefund', publicIdIn('body', 'leadspeek_api_id'), {
            in: 'body',
            field: 'company_id',
            resource: 'company',
          }),
        },
        schema: {
          tags,
          description: "Refunds a stopped prepaid campaign's unused leads, once",
          body: refundTopupRequestSchema,
          response: { 200: refundTopupResponseSchema, ...errors },
        },
      },
      async (request) => {
        const c = await campaign(request.body.leadspeek_api_id);
        // The company named is the campaign's client or agency; any other is no company of this campaign.
        if (request.body.company_id !== c.clientId && request.body.company_id !== c.agencyId)
          throw notFound();
        try {
          const done = await deps.refunds.refund(c);
          return {
            result: 'success' as const,
            message: PREPAID_REFUND_TEXTS.refunded,
            refund: done.estimate,
          };
        } catch (error) {
          if (!(error instanceof PrepaidRefundRefused)) throw error;
          if (error.conflict) throw new HttpError(409, 'refund_refused', error.message);
          throw badRequest(error.message);
        }
      },
    );

    app.get(
      '/leadspeek/client/local/currenttopup/:id',
      {
        config: { access: rule('campaigns.read', publicIdIn('params', 'id')) },
        schema: {
          tags,
          description: 'The newest block bought and the blocks bought so far (from the lots)',
          params: prepaidCampaignParamsSchema,
          response: { 200: currentTopupSchema, ...errors },
        },
      },
      async (request) => deps.view.currentTopUp(await campaign(request.params.id)),
    );

    app.get(
      '/leadspeek/client/local/remainingbalanceleads/:id',
      {
        config: { access: rule('campaigns.read', publicIdIn('params', 'id')) },
        schema: {
          tags,
          description: 'The prepaid leads left: a sum of the ledger, never a counter',
          params: prepaidCampaignParamsSchema,
          response: { 200: remainingBalanceLeadsSchema, ...errors },
        },
      },
      async (request) => deps.view.remaining(await campaign(request.params.id)),
    );

    app.put(
      '/leadspeek/client/local/stopcontinualtopup',
      {
        config: { access: rule('campaigns.prepaidTopUp.stop', publicIdIn('body', 'leadspeek_api_id')) },
        schema: {
          tags,
          description: 'Stops continual top-up: the top-up job buys no more blocks for the campaign',
          body: stopContinualTopupCampaignRequestSchema,
          response: { 200: stopContinualTopupCampaignResponseSchema, ...errors },
        },
      },
      async (request) => {
        const c = await campaign(request.body.leadspeek_api_id);
        if (c.term !== 'Prepaid') throw badRequest(PREPAID_REFUND_TEXTS.noContinualTopUp);
        await deps.campaigns.stopContinualTopUp(c.campaignId);
        return {
          result: 'success' as const,
          message: PREPAID_REFUND_TEXTS.continualStopped,
          continual_topup: 'F' as const,
        };
      },
    );
  };
