import {
  apiErrorSchema,
  type GhlConnected,
  ghlAuthUrlResponseSchema,
  ghlCompanyBodySchema,
  ghlCompanyIdParamsSchema,
  ghlCompanyParamsSchema,
  ghlConnectedResponseSchema,
  ghlCreateClientBodySchema,
  ghlCreateClientResponseSchema,
  ghlMenuLinkBodySchema,
  ghlMenuLinkDeletedSchema,
  ghlMenuLinkQuerySchema,
  ghlMenuLinkResponseSchema,
  ghlSubaccountsPageSchema,
  ghlSubaccountsQuerySchema,
  ghlSubaccountsResponseSchema,
  ghlTagsResponseSchema,
  ghlUserTagsParamsSchema,
  ghlUserTagsResponseSchema,
  integrationMessageSchema,
  NOT_CONNECTED,
  pageOf,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import { type AccessRule, requireAction, type ScopedId } from '../../plugins/access.js';
import { ProviderInputError, type TargetKind } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import type { WebOrigins } from '../domains/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AuthorizeIntegration } from './authorize-integration.js';
import type { ConnectionRepository } from './connection-repository.js';
import type { GoHighLevelClients } from './gohighlevel-clients.js';
import type { ManageConnections } from './manage-connections.js';

const SLUG = 'gohighlevel';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const company = (where: ScopedId['in'], field = 'company_id'): ScopedId => ({
  in: where,
  field,
  resource: 'company',
});
const read = (...scope: ScopedId[]): AccessRule => ({ kind: 'user', action: 'integrations.read', scope });
const manage = (...scope: ScopedId[]): AccessRule => ({ kind: 'user', action: 'integrations.manage', scope });
const principalOf = (request: { principal: Principal | null }) => request.principal as Principal;

/**
 * GoHighLevel's calls (spec 2 §7 "Integrations", "CRM provider (v2)"; decision 0097), answered from
 * the company's connection and the provider (the real API or its sandbox). The v2 calls sit under
 * `/gohighlevel/v2/` (the product's paths carry the provider's name: the direct-mail service has its
 * own `generateauthurl` and `disconnect`). Same rules as the generic integration routes: reading
 * needs `integrations.read`, connecting and disconnecting `integrations.manage`, on a company in
 * the caller's scope (and a campaign in it for `usertags`).
 */
export const gohighlevelRoutes =
  (deps: {
    manage: ManageConnections;
    authorize: AuthorizeIntegration;
    connections: Pick<ConnectionRepository, 'find' | 'campaignSettings'>;
    providers: ProviderRegistry;
    origins: Pick<WebOrigins, 'ofCompany'>;
    /** Sub-accounts turned into clients, and their menu links (decision 0109). */
    clients: GoHighLevelClients;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** The service's tags or sub-accounts; its refusals (sign in again) answered as 400 with the reason. */
    async function targets(companyId: number, kind: TargetKind) {
      try {
        return (await deps.manage.targets(companyId, SLUG, kind)).data;
      } catch (err) {
        if (err instanceof ProviderInputError) throw badRequest(err.message);
        throw err;
      }
    }

    app.get(
      '/gohighlevel/v2/list-subaccounts-all/:company_id',
      {
        config: { access: read(company('params')) },
        schema: {
          tags,
          summary: 'Every GoHighLevel sub-account (location) the connection reaches',
          params: ghlCompanyParamsSchema,
          response: { 200: ghlSubaccountsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await deps.clients.subaccounts(request.params.company_id) }),
    );

    app.get(
      '/gohighlevel/v2/list-subaccounts/:company_id',
      {
        config: { access: read(company('params')) },
        schema: {
          tags,
          summary: 'The GoHighLevel sub-accounts, a page at a time',
          params: ghlCompanyParamsSchema,
          querystring: ghlSubaccountsQuerySchema,
          response: { 200: ghlSubaccountsPageSchema, ...errors },
        },
      },
      async (request) => {
        const all = await deps.clients.subaccounts(request.params.company_id);
        const { page, per_page } = request.query;
        return pageOf(page, per_page, all.length, all.slice((page - 1) * per_page, page * per_page));
      },
    );

    app.post(
      '/gohighlevel/v2/generateauthurl',
      {
        config: { access: manage(company('body')) },
        schema: {
          tags,
          summary: "GoHighLevel's consent page, to connect it by signing in (OAuth with PKCE)",
          body: ghlCompanyBodySchema,
          response: { 200: ghlAuthUrlResponseSchema, ...errors },
        },
      },
      async (request) => {
        const origin = await deps.origins.ofCompany(principalOf(request).companyId, request.hostname);
        return deps.authorize.start(principalOf(request), request.body.company_id, SLUG, origin);
      },
    );

    app.post(
      '/gohighlevel/v2/disconnect',
      {
        config: { access: manage(company('body')) },
        schema: {
          tags,
          summary: 'Disconnects GoHighLevel (its tokens revoked; leads not yet delivered are given up)',
          body: ghlCompanyBodySchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.disconnect(principalOf(request), request.body.company_id, SLUG, request.ip),
    );

    app.post(
      '/gohighlevel/v2/create-client-from-subaccount',
      {
        config: { access: manage(company('body')) },
        schema: {
          tags,
          summary:
            "Turns one of the agency's GoHighLevel sub-accounts into a client (invited by e-mail); its leads go to that sub-account",
          body: ghlCreateClientBodySchema,
          response: { 200: ghlCreateClientResponseSchema, ...errors },
        },
      },
      async (request) => {
        // It makes a client: the users module's rule too (its own checks follow in its service).
        requireAction(principalOf(request), 'users.create');
        return deps.clients.createClient(
          { principal: principalOf(request), ip: request.ip, host: request.hostname },
          request.body,
        );
      },
    );

    app.post(
      '/gohighlevel/v2/create-iframe/client',
      {
        config: { access: manage(company('body'), company('body', 'client_company_id')) },
        schema: {
          tags,
          summary:
            "A menu link in the client's GoHighLevel sub-account that opens its dashboard in GoHighLevel's frame (idempotent)",
          body: ghlMenuLinkBodySchema,
          response: { 200: ghlMenuLinkResponseSchema, ...errors },
        },
      },
      async (request) => deps.clients.createMenuLink(principalOf(request), request.body, request.ip),
    );

    app.delete(
      '/gohighlevel/v2/delete-iframe/client',
      {
        config: { access: manage(company('query'), company('query', 'client_company_id')) },
        schema: {
          tags,
          summary: "Removes the menu link this product added to the client's GoHighLevel sub-account",
          querystring: ghlMenuLinkQuerySchema,
          response: { 200: ghlMenuLinkDeletedSchema, ...errors },
        },
      },
      async (request) => deps.clients.deleteMenuLink(principalOf(request), request.query, request.ip),
    );

    app.get(
      '/general/check-connected-gohighlevel/:companyID',
      {
        config: { access: read(company('params', 'companyID')) },
        schema: {
          tags,
          summary: 'Whether the company is connected to GoHighLevel, and to which sub-account',
          params: ghlCompanyIdParamsSchema,
          response: { 200: ghlConnectedResponseSchema, ...errors },
        },
      },
      async (request): Promise<GhlConnected> => {
        const sandbox = deps.providers.get(SLUG)?.meta.sandbox ?? false;
        const row = await deps.connections.find(request.params.companyID, SLUG);
        if (!row || row.status === 'disconnected')
          return { connected: false, status: null, account_name: null, location: null, sandbox };
        const id = typeof row.settings.location_id === 'string' ? row.settings.location_id : null;
        const name = typeof row.settings.location_name === 'string' ? row.settings.location_name : id;
        return {
          connected: true,
          status: row.status,
          account_name: name,
          location: id ? { id, name: name ?? id } : null,
          sandbox,
        };
      },
    );

    app.get(
      '/gohighlevel/tags/:companyID',
      {
        config: { access: read(company('params', 'companyID')) },
        schema: {
          tags,
          summary: "The connected sub-account's tags",
          params: ghlCompanyIdParamsSchema,
          response: { 200: ghlTagsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await targets(request.params.companyID, 'tags') }),
    );

    app.get(
      '/gohighlevel/usertags/:campaignID/:companyID',
      {
        config: {
          access: read(company('params', 'companyID'), {
            in: 'params',
            field: 'campaignID',
            resource: 'campaign',
          }),
        },
        schema: {
          tags,
          summary: "A campaign's chosen GoHighLevel tags (and sub-account) for the company's connection",
          params: ghlUserTagsParamsSchema,
          response: { 200: ghlUserTagsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const row = await deps.connections.find(request.params.companyID, SLUG);
        if (!row) throw badRequest(NOT_CONNECTED);
        const chosen = (await deps.connections.campaignSettings(request.params.campaignID)).find(
          (s) => s.connection_id === row.id,
        );
        const settings = chosen?.settings ?? {};
        return {
          // No row: the campaign sends to every connection (as the delivery queue reads it).
          enabled: chosen?.enabled ?? true,
          tags: Array.isArray(settings.tags) ? settings.tags.map(String) : [],
          location_id: typeof settings.location_id === 'string' ? settings.location_id : null,
        };
      },
    );
  };
