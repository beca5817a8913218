import {
  apiErrorSchema,
  integrationMessageSchema,
  sendjimAuthUrlResponseSchema,
  sendjimCampaignParamsSchema,
  sendjimCampaignTagsResponseSchema,
  sendjimCompanyBodySchema,
  sendjimQuickSendsQuerySchema,
  sendjimQuickSendsResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule, ScopedId } from '../../plugins/access.js';
import type { WebOrigins } from '../domains/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AuthorizeIntegration } from './authorize-integration.js';
import type { CampaignIntegrations } from './campaign-integrations.js';
import type { ManageConnections } from './manage-connections.js';

const SLUG = 'sendjim';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const company = (where: ScopedId['in']): ScopedId => ({
  in: where,
  field: 'company_id',
  resource: 'company',
});
const read = (scope: ScopedId): AccessRule => ({ kind: 'user', action: 'integrations.read', scope: [scope] });
const manage = (scope: ScopedId): AccessRule => ({
  kind: 'user',
  action: 'integrations.manage',
  scope: [scope],
});
const principalOf = (request: { principal: Principal | null }) => request.principal as Principal;

/**
 * SendJim's calls (spec 2 §7 "Integrations", "Direct-mail service"; decision 0105), under
 * `/sendjim/` (the webhook automation owns the bare `/getcampaigntags/{id}`). Same rules as the
 * other integration routes: reading needs `integrations.read`, connecting and disconnecting
 * `integrations.manage`, on a company (or campaign) in the caller's scope. Not connected: 400
 * "This integration is not connected."; SendJim's refusal while listing: 400 with its reason.
 */
export const sendjimRoutes =
  (deps: {
    manage: ManageConnections;
    authorize: AuthorizeIntegration;
    campaigns: Pick<CampaignIntegrations, 'list'>;
    origins: Pick<WebOrigins, 'ofCompany'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sendjim/generateauthurl',
      {
        config: { access: manage(company('body')) },
        schema: {
          tags,
          summary: "SendJim's sign-in page, to connect it (the one-time state brings the person back)",
          body: sendjimCompanyBodySchema,
          response: { 200: sendjimAuthUrlResponseSchema, ...errors },
        },
      },
      async (request) => {
        const origin = await deps.origins.ofCompany(principalOf(request).companyId, request.hostname);
        return deps.authorize.start(principalOf(request), request.body.company_id, SLUG, origin);
      },
    );

    app.post(
      '/sendjim/disconnect',
      {
        config: { access: manage(company('body')) },
        schema: {
          tags,
          summary: 'Disconnects SendJim (its grant ended; leads not yet mailed are given up)',
          body: sendjimCompanyBodySchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.disconnect(principalOf(request), request.body.company_id, SLUG, request.ip),
    );

    app.get(
      '/sendjim/quicksends',
      {
        config: { access: read(company('query')) },
        schema: {
          tags,
          summary: "The connected SendJim account's QuickSends (an unnamed one as 'Quick Send')",
          querystring: sendjimQuickSendsQuerySchema,
          response: { 200: sendjimQuickSendsResponseSchema, ...errors },
        },
      },
      // The provider lists them (names and the 'Quick Send' label), as the generic targets call does.
      async (request) => deps.manage.targets(request.query.company_id, SLUG, 'quicksends'),
    );

    app.get(
      '/sendjim/getcampaigntags/:id',
      {
        config: { access: read({ in: 'params', field: 'id', resource: 'campaign' }) },
        schema: {
          tags,
          summary: "The tags a campaign's SendJim contacts get",
          params: sendjimCampaignParamsSchema,
          response: { 200: sendjimCampaignTagsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { data } = await deps.campaigns.list(request.params.id);
        const chosen = data
          .filter((d) => d.slug === SLUG)
          .flatMap((d) => (Array.isArray(d.settings.tags) ? d.settings.tags.map(String) : []));
        return { data: [...new Set(chosen)] };
      },
    );
  };
