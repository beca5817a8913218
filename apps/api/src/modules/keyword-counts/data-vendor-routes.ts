import {
  apiErrorSchema,
  applyCampaignParamsSchema,
  applyCampaignRequestSchema,
  applyCampaignResponseSchema,
  configDataParamsSchema,
  configDataResponseSchema,
  countHistoryParamsSchema,
  countHistoryResponseSchema,
  DATA_VENDOR_PREFIX,
  keywordCountListParamsSchema,
  keywordCountListQuerySchema,
  keywordCountListResponseSchema,
  queueCountRequestSchema,
  queueCountResponseSchema,
  retryKeywordCountParamsSchema,
  retryKeywordCountResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { KeywordCountService } from './keyword-count-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['keyword-counts'];

/** `queuecount` is one call for both kinds: the body's kind picks the action, its ids are scope-checked. */
const queueRule: AccessRule = {
  kind: 'user',
  action: {
    oneOf: ['keywordCounts.run', 'enrichment.run'],
    choose: (body: { kind: string }) =>
      body.kind === 'enhancement' ? 'enrichment.run' : 'keywordCounts.run',
  },
  scope: [
    { in: 'body', field: 'company_id', resource: 'company' },
    { in: 'body', field: 'campaign_id', resource: 'campaign' },
  ],
};

/**
 * Spec 2 §7 "Keyword counts and data enhancement": the calls under the data-vendor service prefix
 * (decision 0093). Thin: schema, access rule, one service call.
 */
export const dataVendorRoutes =
  (deps: { service: KeywordCountService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;

    app.get(
      `${DATA_VENDOR_PREFIX}/configdata/:company_root_id`,
      {
        // The caller's own root company only (checked by the service): agencies and clients read it too.
        config: { access: { kind: 'user', action: 'dataVendor.reference' } },
        schema: {
          tags,
          summary: "How the system's data vendor is set up (lookback, limits, texts)",
          params: configDataParamsSchema,
          response: { 200: configDataResponseSchema, ...errors },
        },
      },
      async (request) => service.configData(principalOf(request), request.params.company_root_id),
    );

    app.get(
      `${DATA_VENDOR_PREFIX}/getcountcampaign/:id`,
      {
        config: {
          access: {
            kind: 'user',
            action: 'keywordCounts.read',
            scope: [{ in: 'params', field: 'id', resource: 'company' }],
          },
        },
        schema: {
          tags,
          summary: "A company's keyword counts: filtered by outcome, sorted, paged",
          params: keywordCountListParamsSchema,
          querystring: keywordCountListQuerySchema,
          response: { 200: keywordCountListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(principalOf(request), request.params.id, request.query),
    );

    app.post(
      `${DATA_VENDOR_PREFIX}/queuecount`,
      {
        config: { access: queueRule },
        schema: {
          tags,
          summary: 'Queues keyword counts of a company, or a data enhancement count of a campaign',
          body: queueCountRequestSchema,
          response: { 200: queueCountResponseSchema, ...errors },
        },
      },
      async (request) => service.queue(principalOf(request), request.body),
    );

    app.put(
      `${DATA_VENDOR_PREFIX}/retrycount/:id`,
      {
        config: {
          access: {
            kind: 'user',
            action: 'keywordCounts.run',
            scope: [{ in: 'params', field: 'id', resource: 'keywordCount' }],
          },
        },
        schema: {
          tags,
          summary: 'Asks the vendor again for a failed keyword count (409 while it is processed)',
          params: retryKeywordCountParamsSchema,
          response: { 200: retryKeywordCountResponseSchema, ...errors },
        },
      },
      async (request) => service.retry(principalOf(request), request.params.id),
    );

    app.put(
      `${DATA_VENDOR_PREFIX}/applycampaign/:campaign_id/:type`,
      {
        config: {
          access: {
            kind: 'user',
            action: 'campaigns.update',
            scope: [{ in: 'params', field: 'campaign_id', resource: 'campaign' }],
          },
        },
        schema: {
          tags,
          summary: "Adds counted keywords to a campaign's keywords or contextual keywords",
          params: applyCampaignParamsSchema,
          body: applyCampaignRequestSchema,
          response: { 200: applyCampaignResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.apply(
          principalOf(request),
          request.params.campaign_id,
          request.params.type,
          request.body.keywords,
          request.ip,
        ),
    );

    app.get(
      `${DATA_VENDOR_PREFIX}/getcountcampaignhistory/:campaign_id/:type`,
      {
        config: {
          access: {
            kind: 'user',
            action: 'enrichment.read',
            scope: [{ in: 'params', field: 'campaign_id', resource: 'campaign' }],
          },
        },
        schema: {
          tags,
          summary: "A campaign's data enhancement counts of one information type (or all), newest first",
          params: countHistoryParamsSchema,
          response: { 200: countHistoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.history(principalOf(request), request.params.campaign_id, request.params.type),
    );
  };
