import {
  apiErrorSchema,
  authorizeResponseSchema,
  companyProviderParamsSchema,
  customFieldsResponseSchema,
  deliveryAttemptParamsSchema,
  deliveryAttemptsResponseSchema,
  deliveryListQuerySchema,
  deliveryListResponseSchema,
  integrationCompanyParamsSchema,
  integrationMessageSchema,
  integrationsOverviewSchema,
  LEAD_FIELDS,
  oauthCallbackQuerySchema,
  pauseIntegrationRequestSchema,
  providerViewSchema,
  replayRequestSchema,
  replayResponseSchema,
  saveIntegrationRequestSchema,
  saveIntegrationResponseSchema,
  signingSecretResponseSchema,
  targetParamsSchema,
  targetsResponseSchema,
  testPayloadResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, PUBLIC, type ScopedId } from '../../plugins/access.js';
import type { WebOrigins } from '../domains/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AuthorizeIntegration } from './authorize-integration.js';
import type { DeliveryConsole } from './delivery-console.js';
import type { ManageConnections } from './manage-connections.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const company = (where: ScopedId['in']): ScopedId[] => [
  { in: where, field: 'company_id', resource: 'company' },
];
const read = (where: ScopedId['in']): AccessRule => ({
  kind: 'user',
  action: 'integrations.read',
  scope: company(where),
});
const manage = (where: ScopedId['in']): AccessRule => ({
  kind: 'user',
  action: 'integrations.manage',
  scope: company(where),
});
const principalOf = (request: { principal: Principal | null }) => request.principal as Principal;

/**
 * The integration calls (spec 2 §7 "Integrations": the generic list, detail and save) and the
 * delivery console. `{integration_id}` is the provider's slug.
 */
export const integrationRoutes =
  (deps: {
    manage: ManageConnections;
    console: DeliveryConsole;
    authorize: AuthorizeIntegration;
    origins: Pick<WebOrigins, 'ofCompany'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/integrations/:company_id',
      {
        config: { access: read('params') },
        schema: {
          tags,
          summary: "Every integration this deployment offers, with the company's connection to each",
          params: integrationCompanyParamsSchema,
          response: { 200: integrationsOverviewSchema, ...errors },
        },
      },
      async (request) => deps.manage.overview(request.params.company_id),
    );

    app.get(
      '/integrations/:company_id/:integration_id',
      {
        config: { access: read('params') },
        schema: {
          tags,
          summary: "One integration with the company's connection to it",
          params: companyProviderParamsSchema,
          response: { 200: providerViewSchema, ...errors },
        },
      },
      async (request) => deps.manage.detail(request.params.company_id, request.params.integration_id),
    );

    app.post(
      '/saveintegration',
      {
        config: { access: manage('body') },
        schema: {
          tags,
          summary: 'Connects an integration, or saves its settings',
          body: saveIntegrationRequestSchema,
          response: { 200: saveIntegrationResponseSchema, ...errors },
        },
      },
      async (request) => deps.manage.save(principalOf(request), request.body, request.ip),
    );

    app.delete(
      '/integrations/:company_id/:integration_id',
      {
        config: { access: manage('params') },
        schema: {
          tags,
          summary: 'Disconnects an integration (leads not yet delivered to it are given up)',
          params: companyProviderParamsSchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.disconnect(
          principalOf(request),
          request.params.company_id,
          request.params.integration_id,
          request.ip,
        ),
    );

    app.put(
      '/integrations/:company_id/:integration_id/pause',
      {
        config: { access: manage('params') },
        schema: {
          tags,
          summary: 'Pauses or resumes deliveries to an integration',
          params: companyProviderParamsSchema,
          body: pauseIntegrationRequestSchema,
          response: { 200: integrationMessageSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.setPaused(
          principalOf(request),
          request.params.company_id,
          request.params.integration_id,
          request.body.paused,
          request.ip,
        ),
    );

    app.post(
      '/integrations/:company_id/:integration_id/test',
      {
        config: { access: manage('params') },
        schema: {
          tags,
          summary: 'Queues a test payload to the integration',
          params: companyProviderParamsSchema,
          response: { 200: testPayloadResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.console.sendTest(
          principalOf(request),
          request.params.company_id,
          request.params.integration_id,
          request.ip,
        ),
    );

    app.get(
      '/integrations/:company_id/:integration_id/signing-secret',
      {
        config: { access: manage('params') },
        schema: {
          tags,
          summary: "The webhook's signing secret, for the receiver to verify signatures (logged)",
          params: companyProviderParamsSchema,
          response: { 200: signingSecretResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.signingSecret(
          principalOf(request),
          request.params.company_id,
          request.params.integration_id,
          request.ip,
        ),
    );

    app.get(
      '/integrations/deliveries/:company_id',
      {
        config: { access: read('params') },
        schema: {
          tags,
          summary: "The company's lead deliveries, newest first",
          params: integrationCompanyParamsSchema,
          querystring: deliveryListQuerySchema,
          response: { 200: deliveryListResponseSchema, ...errors },
        },
      },
      async (request) => deps.console.list(request.params.company_id, request.query),
    );

    app.get(
      '/integrations/deliveries/:company_id/:delivery_id/attempts',
      {
        config: { access: read('params') },
        schema: {
          tags,
          summary: "A delivery's attempts",
          params: deliveryAttemptParamsSchema,
          response: { 200: deliveryAttemptsResponseSchema, ...errors },
        },
      },
      async (request) => deps.console.attempts(request.params.company_id, request.params.delivery_id),
    );

    app.post(
      '/integrations/deliveries/replay',
      {
        config: { access: manage('body') },
        schema: {
          tags,
          summary: 'Queues failed deliveries again (chosen ones, or all matching)',
          body: replayRequestSchema,
          response: { 200: replayResponseSchema, ...errors },
        },
      },
      async (request) => deps.console.replay(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/integrations/:company_id/:integration_id/targets/:kind',
      {
        config: { access: read('params') },
        schema: {
          tags,
          summary: 'Tags, lists, groups or sub-accounts inside the connected service',
          params: targetParamsSchema,
          response: { 200: targetsResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.manage.targets(request.params.company_id, request.params.integration_id, request.params.kind),
    );

    app.post(
      '/integrations/:company_id/:integration_id/authorize',
      {
        config: { access: manage('params') },
        schema: {
          tags,
          summary: "The provider's consent page to connect it by signing in (OAuth)",
          params: companyProviderParamsSchema,
          response: { 200: authorizeResponseSchema, ...errors },
        },
      },
      async (request) => {
        // Back to the page the person is on: one of the company's known hosts, else its first.
        const origin = await deps.origins.ofCompany(principalOf(request).companyId, request.hostname);
        return deps.authorize.start(
          principalOf(request),
          request.params.company_id,
          request.params.integration_id,
          origin,
        );
      },
    );

    app.get(
      '/integrations/oauth/callback',
      {
        // The provider sends the browser here: no session travels with it; the one-time state does.
        config: { access: PUBLIC, envelope: false },
        schema: { hide: true, querystring: oauthCallbackQuerySchema },
      },
      async (request, reply) => reply.redirect(await deps.authorize.complete(request.query, request.ip)),
    );

    for (const url of ['/get-custom-fields', '/get-custom-fields/:slug'])
      app.get(
        url,
        {
          config: { access: { kind: 'user', action: 'integrations.read' } },
          schema: {
            tags,
            summary: 'The fields a delivered lead carries, for mapping in the receiving service',
            response: { 200: customFieldsResponseSchema, ...errors },
          },
        },
        async () => ({ data: LEAD_FIELDS.map((f) => ({ ...f })) }),
      );
  };
