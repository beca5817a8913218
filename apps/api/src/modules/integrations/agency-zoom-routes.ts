import {
  apiErrorSchema,
  campaignWebhooksResponseSchema,
  companyIntegrationListResponseSchema,
  legacyIdParamsSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule } from '../../plugins/access.js';
import { AGENCY_ZOOM_SLUG } from '../../providers/integrations/agency-zoom/index.js';
import type { CampaignIntegrations } from './campaign-integrations.js';
import type { ManageConnections } from './manage-connections.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const read = (resource: 'campaign' | 'company'): AccessRule => ({
  kind: 'user',
  action: 'integrations.read',
  scope: [{ in: 'params', field: 'id', resource }],
});

/**
 * AgencyZoom's calls (spec 2 §7 "Insurance CRM"; decision 0106): the AgencyZoom lead webhook URL a
 * campaign's leads go to, and a client's. URLs are answered masked (their last part is AgencyZoom's
 * credential, kept sealed). Same rule as the other integration reads: `integrations.read` on a
 * campaign or company in the caller's scope.
 */
export const agencyZoomRoutes =
  (deps: {
    manage: Pick<ManageConnections, 'companyList'>;
    campaigns: Pick<CampaignIntegrations, 'webhooksOf'>;
    /** The company's agency (null for an agency or a root company). */
    parentOf: (companyId: number) => Promise<number | null>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agency-zoom/getcampaignwebhook/:id',
      {
        config: { access: read('campaign') },
        schema: {
          tags,
          summary:
            "The AgencyZoom lead webhooks a campaign's leads go to (its client's and agency's; the campaign's own URL first)",
          params: legacyIdParamsSchema,
          response: { 200: campaignWebhooksResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await deps.campaigns.webhooksOf(request.params.id, AGENCY_ZOOM_SLUG) }),
    );

    app.get(
      '/agency-zoom/getclientwebhook/:id',
      {
        config: { access: read('company') },
        schema: {
          tags,
          summary: "A client's AgencyZoom lead webhook, and its agency's (`from_parent`)",
          params: legacyIdParamsSchema,
          response: { 200: companyIntegrationListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const list = await deps.manage.companyList(request.params.id, await deps.parentOf(request.params.id));
        return { data: list.data.filter((c) => c.slug === AGENCY_ZOOM_SLUG) };
      },
    );
  };
