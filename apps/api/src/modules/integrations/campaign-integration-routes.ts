import {
  apiErrorSchema,
  campaignIntegrationsResponseSchema,
  campaignParamsSchema,
  campaignWebhooksResponseSchema,
  companyIntegrationDetailParamsSchema,
  companyIntegrationListParamsSchema,
  companyIntegrationListResponseSchema,
  connectionViewSchema,
  integrationMessageSchema,
  legacyIdParamsSchema,
  saveCampaignIntegrationRequestSchema,
  tagListResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http-errors.js';
import type { AccessRule, ScopedId, TenantResource } from '../../plugins/access.js';
import type { CampaignIntegrations } from './campaign-integrations.js';
import type { ManageConnections } from './manage-connections.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const rule = (
  action: 'integrations.read' | 'integrations.manage',
  resource: TenantResource,
  where: ScopedId['in'],
  field: string,
): AccessRule => ({ kind: 'user', action, scope: [{ in: where, field, resource }] });

const tagsOf = (settings: Record<string, unknown> | undefined) =>
  Array.isArray(settings?.tags) ? settings.tags.map(String) : [];

/**
 * A campaign's integrations and the generic integration reads of spec 2 §7 ("save campaign
 * integration details", "company integration list / detail", the webhook automation's campaign
 * and agency webhooks and tags).
 */
export const campaignIntegrationRoutes =
  (deps: {
    campaigns: CampaignIntegrations;
    manage: ManageConnections;
    /** The company's agency (null for an agency or a root company). */
    parentOf: (companyId: number) => Promise<number | null>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/integrations/campaign/:campaign_id',
      {
        config: { access: rule('integrations.read', 'campaign', 'params', 'campaign_id') },
        schema: {
          tags,
          summary:
            "A campaign's integrations: each connection of its client and agency, on or off, with its settings",
          params: campaignParamsSchema,
          response: { 200: campaignIntegrationsResponseSchema, ...errors },
        },
      },
      async (request) => deps.campaigns.list(request.params.campaign_id),
    );

    app.post(
      '/savecampaignintegrationdetails',
      {
        config: { access: rule('integrations.manage', 'campaign', 'body', 'campaign_id') },
        schema: {
          tags,
          summary: "Turns an integration on or off for a campaign, with the campaign's settings for it",
          body: saveCampaignIntegrationRequestSchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) => deps.campaigns.save(request.body),
    );

    app.get(
      '/getcompanyintegrationlist/:companyID/:companyParent',
      {
        config: { access: rule('integrations.read', 'company', 'params', 'companyID') },
        schema: {
          tags,
          summary: "The company's connected integrations and its agency's",
          params: companyIntegrationListParamsSchema,
          response: { 200: companyIntegrationListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { companyID, companyParent } = request.params;
        const parent = await deps.parentOf(companyID);
        // The parent named must be the company's own (0: none asked).
        if (companyParent !== 0 && companyParent !== parent) throw notFound();
        return deps.manage.companyList(companyID, companyParent === 0 ? null : parent);
      },
    );

    app.get(
      '/getcompanyintegrationdetail/:companyID/:slug',
      {
        config: { access: rule('integrations.read', 'company', 'params', 'companyID') },
        schema: {
          tags,
          summary: "The company's connection to one integration",
          params: companyIntegrationDetailParamsSchema,
          response: { 200: connectionViewSchema, ...errors },
        },
      },
      async (request) => deps.manage.companyDetail(request.params.companyID, request.params.slug),
    );

    app.get(
      '/getcampaignwebhook/:id',
      {
        config: { access: rule('integrations.read', 'campaign', 'params', 'id') },
        schema: {
          tags,
          summary: "The webhooks a campaign's leads go to",
          params: legacyIdParamsSchema,
          response: { 200: campaignWebhooksResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await deps.campaigns.webhooksOf(request.params.id) }),
    );

    app.get(
      '/getcampaigntags/:id',
      {
        config: { access: rule('integrations.read', 'campaign', 'params', 'id') },
        schema: {
          tags,
          summary: "The tags a campaign's webhook deliveries carry",
          params: legacyIdParamsSchema,
          response: { 200: tagListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { data } = await deps.campaigns.list(request.params.id);
        return {
          data: [...new Set(data.filter((d) => d.slug === 'webhook').flatMap((d) => tagsOf(d.settings)))],
        };
      },
    );

    for (const [url, summary, pick] of [
      ['/getagencywebhook/:id', "The company's own webhook", 'url'],
      ['/getagencytags/:id', "The tags the company's webhook sends", 'tags'],
    ] as const)
      app.get(
        url,
        {
          config: { access: rule('integrations.read', 'company', 'params', 'id') },
          schema: {
            tags,
            summary,
            params: legacyIdParamsSchema,
            response: {
              200: pick === 'url' ? companyIntegrationListResponseSchema : tagListResponseSchema,
              ...errors,
            },
          },
        },
        async (request) => {
          const list = await deps.manage.companyList(request.params.id, null);
          const hooks = list.data.filter((c) => c.slug === 'webhook');
          return pick === 'url' ? { data: hooks } : { data: hooks.flatMap((h) => tagsOf(h.settings)) };
        },
      );
  };
