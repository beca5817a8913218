import {
  apiErrorSchema,
  type CfCampaignTags,
  cfCampaignParamsSchema,
  cfCampaignTagsResponseSchema,
  cfCompanyParamsSchema,
  cfSaveTagsRequestSchema,
  cfTagsResponseSchema,
  integrationMessageSchema,
  NOT_CONNECTED,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import type { AccessRule, ScopedId } from '../../plugins/access.js';
import { CF_SLUG } from '../../providers/integrations/click-funnels/settings.js';
import { ProviderInputError } from '../../providers/integrations/provider.js';
import type { CampaignIntegrations } from './campaign-integrations.js';
import type { ManageConnections } from './manage-connections.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const rule = (action: 'integrations.read' | 'integrations.manage', ...scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});

/**
 * ClickFunnels' calls (spec 2 §7 "Integrations", "Funnel builder"; decision 0104). A campaign's
 * ClickFunnels tags are its integration settings for the ClickFunnels connection, the same row
 * `savecampaignintegrationdetails` writes (through the same `CampaignIntegrations.save`, so the
 * provider's checks and the choice of connection, the client's own else its agency's, are one).
 */
export const clickFunnelsRoutes =
  (deps: { manage: ManageConnections; campaigns: CampaignIntegrations }): FastifyPluginAsyncZod =>
  async (app) => {
    /** The campaign's ClickFunnels settings: for the connection `save` writes to (the client's, else the agency's). */
    async function campaignTags(campaignId: number): Promise<CfCampaignTags> {
      const { data } = await deps.campaigns.list(campaignId);
      const mine = data.filter((d) => d.slug === CF_SLUG);
      const chosen = mine.find((d) => !d.from_agency) ?? mine[0];
      if (!chosen) return { connected: false, from_agency: false, enabled: false, tags: [] };
      const saved = chosen.settings.tags;
      return {
        connected: true,
        from_agency: chosen.from_agency,
        enabled: chosen.enabled,
        tags: Array.isArray(saved) ? saved.map(String) : [],
      };
    }

    app.get(
      '/click-funnels/tags/:company_id',
      {
        config: {
          access: rule('integrations.read', { in: 'params', field: 'company_id', resource: 'company' }),
        },
        schema: {
          tags,
          summary: "The connected ClickFunnels workspace's tags",
          params: cfCompanyParamsSchema,
          response: { 200: cfTagsResponseSchema, ...errors },
        },
      },
      async (request) => {
        try {
          return await deps.manage.targets(request.params.company_id, CF_SLUG, 'tags');
        } catch (err) {
          // ClickFunnels refused (a revoked key): said as a 400, the web app's toast.
          if (err instanceof ProviderInputError) throw badRequest(err.message);
          throw err;
        }
      },
    );

    app.get(
      '/click-funnels/campaign/tags/:campaign_id',
      {
        config: {
          access: rule('integrations.read', { in: 'params', field: 'campaign_id', resource: 'campaign' }),
        },
        schema: {
          tags,
          summary: "The ClickFunnels tags a campaign's leads get",
          params: cfCampaignParamsSchema,
          response: { 200: cfCampaignTagsResponseSchema, ...errors },
        },
      },
      async (request) => campaignTags(request.params.campaign_id),
    );

    app.post(
      '/click-funnels/tags',
      {
        config: {
          access: rule('integrations.manage', { in: 'body', field: 'campaign_id', resource: 'campaign' }),
        },
        schema: {
          tags,
          summary:
            "Saves the ClickFunnels tags a campaign's leads get (its ClickFunnels integration settings)",
          body: cfSaveTagsRequestSchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) => {
        const { campaign_id, tags: chosen, enabled } = request.body;
        const current = await campaignTags(campaign_id);
        if (!current.connected) throw badRequest(NOT_CONNECTED);
        return deps.campaigns.save({
          campaign_id,
          slug: CF_SLUG,
          // Saving tags does not turn ClickFunnels back on for a campaign that turned it off.
          enabled: enabled ?? current.enabled,
          settings: { tags: chosen },
        });
      },
    );
  };
