import {
  activePauseRequestSchema,
  apiErrorSchema,
  archiveCampaignRequestSchema,
  campaignActiveResponseSchema,
  campaignIdParamsSchema,
  campaignListParamsSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignMoveResponseSchema,
  campaignResourceParamsSchema,
  campaignResourceResponseSchema,
  campaignResponseSchema,
  campaignSavedResponseSchema,
  companyCampaignsParamsSchema,
  companyCampaignsResponseSchema,
  costModuleRequestSchema,
  costModuleResponseSchema,
  createCampaignRequestSchema,
  idParamSchema,
  isPixelModule,
  keywordTags,
  keywordToTagsQuerySchema,
  keywordToTagsResponseSchema,
  removeCampaignRequestSchema,
  siteCheckOutcomeOf,
  updateCampaignRequestSchema,
  updateLocalCampaignRequestSchema,
  updateLocatorCampaignRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import type { CampaignService } from './campaign-service.js';

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
const tags = ['campaigns'];

/**
 * Campaigns (spec 2 §7 "Campaigns and reports"): thin handlers over the service. Every campaign id
 * is scope-checked by the access rule (`campaign`: its client must be in the caller's scope, else 404).
 */
/** Renders a local campaign's embed code (the embed module's, passed in by the runtime). */
export type EmbedCode = (campaign: { campaignId: string; clientCompanyId: number }) => Promise<string>;

export const campaignRoutes =
  (deps: {
    service: CampaignService;
    /** The embed module's snippet for a local campaign (the one `/px.js` reads). */
    embedCode: EmbedCode;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;

    app.get(
      '/leadspeek/client/:group/:type/:companyID/:clientID/:sort/:order/:search',
      {
        config: { access: rule('campaigns.read', companyIn('params', 'companyID')) },
        schema: {
          tags,
          params: campaignListParamsSchema,
          querystring: campaignListQuerySchema,
          response: { 200: campaignListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(principalOf(request), request.params, request.query),
    );

    app.post(
      '/leadspeek/client/create',
      {
        config: { access: rule('campaigns.create', companyIn('body', 'clientID')) },
        schema: {
          tags,
          body: createCampaignRequestSchema,
          response: { 200: campaignSavedResponseSchema, ...errors },
        },
      },
      async (request) => service.create(principalOf(request), request.body, request.ip),
    );

    const updates = [
      ['/leadspeek/client/update', updateCampaignRequestSchema, 'common'],
      ['/leadspeek/client/local/update', updateLocalCampaignRequestSchema, 'local'],
      ['/leadspeek/client/locator/update', updateLocatorCampaignRequestSchema, 'locator'],
    ] as const;
    for (const [url, body, part] of updates)
      app.put(
        url,
        {
          config: { access: rule('campaigns.update', campaignIn('body', 'leadspeekID')) },
          schema: { tags, body, response: { 200: campaignSavedResponseSchema, ...errors } },
        },
        async (request) => service.update(principalOf(request), part, request.body, request.ip),
      );

    app.put(
      '/leadspeek/client/activepause',
      {
        config: { access: rule('campaigns.move', campaignIn('body', 'leadspeekID')) },
        schema: {
          tags,
          body: activePauseRequestSchema,
          response: { 200: campaignMoveResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.activePause(principalOf(request), request.body.leadspeekID, request.body.status, request.ip),
    );

    app.put(
      '/leadspeek/client/archive',
      {
        config: { access: rule('campaigns.move', campaignIn('body', 'lpuserid')) },
        schema: {
          tags,
          body: archiveCampaignRequestSchema,
          response: { 200: campaignMoveResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.archive(principalOf(request), request.body.lpuserid, request.body.status === 'T', request.ip),
    );

    app.put(
      '/leadspeek/client/remove',
      {
        config: { access: rule('campaigns.remove', campaignIn('body', 'leadspeekID')) },
        schema: {
          tags,
          body: removeCampaignRequestSchema,
          response: { 200: campaignMoveResponseSchema, ...errors },
        },
      },
      async (request) => service.remove(principalOf(request), request.body.leadspeekID, request.ip),
    );

    app.get(
      '/leadspeek/getcampaign/:campaign_id',
      {
        config: { access: rule('campaigns.read', campaignIn('params', 'campaign_id')) },
        schema: {
          tags,
          params: campaignIdParamsSchema,
          response: { 200: campaignResponseSchema, ...errors },
        },
      },
      async (request) => service.get(request.params.campaign_id),
    );

    app.get(
      '/campaigns/:companyID/:groupCompanyID',
      {
        config: { access: rule('campaigns.read', companyIn('params', 'companyID')) },
        schema: {
          tags,
          params: companyCampaignsParamsSchema,
          response: { 200: companyCampaignsResponseSchema, ...errors },
        },
      },
      async (request) => service.ofCompany(request.params.companyID, request.params.groupCompanyID),
    );

    app.get(
      '/leadspeek/check-campaign-active/:companyID',
      {
        config: { access: rule('campaigns.activeCheck', companyIn('params', 'companyID')) },
        schema: {
          tags,
          params: z.object({ companyID: idParamSchema }),
          response: { 200: campaignActiveResponseSchema, ...errors },
        },
      },
      async (request) => service.activeCheck(request.params.companyID),
    );

    app.put(
      '/configuration/user/costmodule',
      {
        config: { access: rule('campaigns.prices', campaignIn('body', 'leadspeekID')) },
        schema: {
          tags,
          body: costModuleRequestSchema,
          response: { 200: costModuleResponseSchema, ...errors },
        },
      },
      async (request) => service.costModule(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/leadspeek/keyword-to-tags',
      {
        config: { access: rule('campaigns.read') },
        schema: {
          tags,
          querystring: keywordToTagsQuerySchema,
          response: { 200: keywordToTagsResponseSchema, ...errors },
        },
      },
      async (request) => ({ result: 'success' as const, tags: keywordTags(request.query.keyword) }),
    );

    app.get(
      '/leadspeek/getcampaignresource/:organizationID/:campaignID',
      {
        config: {
          access: rule(
            'campaigns.read',
            companyIn('params', 'organizationID'),
            campaignIn('params', 'campaignID'),
          ),
        },
        schema: {
          tags,
          params: campaignResourceParamsSchema,
          response: { 200: campaignResourceResponseSchema, ...errors },
        },
      },
      async (request) => {
        const r = await service.found(request.params.campaignID);
        if (r.clientId !== request.params.organizationID) throw notFound();
        return {
          result: 'success' as const,
          data: {
            leadspeek_api_id: r.publicId,
            leadspeekType: r.module as 'local',
            embed_code: isPixelModule(r.module)
              ? await deps.embedCode({ campaignId: r.publicId, clientCompanyId: r.clientId })
              : '',
            embed_status: siteCheckOutcomeOf(r.embedStatus),
            ad_platform_campaign_id: r.adPlatformCampaignId,
          },
        };
      },
    );
  };
