import {
  idParamSchema,
  publicCampaignWebhookSetSchema,
  publicCampaignWebhooksSchema,
  publicWebhookEndpointCreatedSchema,
  publicWebhookEndpointCreateSchema,
  publicWebhookEndpointDeletedSchema,
  publicWebhookEndpointListSchema,
  publicWebhookEndpointParamsSchema,
  publicWebhookEndpointQuerySchema,
  publicWebhookEndpointSchema,
  publicWebhookEndpointUpdateSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyPrincipalOf, type ScopedId } from '../../../plugins/access.js';
import type { WebhookEndpoints } from '../../integrations/index.js';
import { OPEN_API_ERRORS } from './campaign-endpoints.js';

const company = (where: ScopedId['in']): ScopedId => ({
  in: where,
  field: 'company_id',
  resource: 'company',
});
const campaign: ScopedId = { in: 'params', field: 'id', resource: 'campaign' };
const key = (action: 'integrations.read' | 'integrations.manage', ...scope: ScopedId[]) => ({
  access: { kind: 'key' as const, action, scope },
  envelope: false,
});
const doc = (summary: string) => ({ tags: ['open-api'], summary, security: [{ bearer: [] }] });

/**
 * Webhook endpoints (decision 0106), through the integrations module's own services: the
 * company's webhook connection (the key's company unless `company_id` names one of its clients)
 * and a campaign's own webhook URL. Reading needs `webhooks:read`, changing `webhooks:write`; every
 * company and campaign id is checked against the key's reach by the route's access rule.
 */
export const webhookEndpoints =
  (service: WebhookEndpoints): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/webhook-endpoints',
      {
        config: key('integrations.read', company('query')),
        schema: {
          ...doc("List the company's webhook endpoint, with its campaigns' own URLs"),
          querystring: publicWebhookEndpointQuerySchema,
          response: { 200: publicWebhookEndpointListSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => service.list(request.query.company_id ?? keyPrincipalOf(request).companyId),
    );

    app.post(
      '/webhook-endpoints',
      {
        config: key('integrations.manage', company('body')),
        schema: {
          ...doc('Create the webhook endpoint (its signing secret is in this answer only)'),
          body: publicWebhookEndpointCreateSchema,
          response: { 201: publicWebhookEndpointCreatedSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request, reply) => {
        const k = keyPrincipalOf(request);
        const created = await service.create(
          k.actingAs,
          request.body.company_id ?? k.companyId,
          request.body,
          request.ip,
        );
        // The secret must not sit in a cache on the way.
        return reply.code(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.patch(
      '/webhook-endpoints/:company_id',
      {
        config: key('integrations.manage', company('params')),
        schema: {
          ...doc("Change the webhook endpoint's URL or tags"),
          params: publicWebhookEndpointParamsSchema,
          body: publicWebhookEndpointUpdateSchema,
          response: { 200: publicWebhookEndpointSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) =>
        service.update(keyPrincipalOf(request).actingAs, request.params.company_id, request.body, request.ip),
    );

    app.delete(
      '/webhook-endpoints/:company_id',
      {
        config: key('integrations.manage', company('params')),
        schema: {
          ...doc('Delete the webhook endpoint (leads not yet delivered to it are given up)'),
          params: publicWebhookEndpointParamsSchema,
          response: { 200: publicWebhookEndpointDeletedSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) =>
        service.remove(keyPrincipalOf(request).actingAs, request.params.company_id, request.ip),
    );

    app.get(
      '/campaigns/:id/webhooks',
      {
        config: key('integrations.read', campaign),
        schema: {
          ...doc("Where a campaign's leads go by webhook (its client's endpoint and its agency's)"),
          params: z.object({ id: idParamSchema }),
          response: { 200: publicCampaignWebhooksSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => service.campaignWebhooks(request.params.id),
    );

    app.put(
      '/campaigns/:id/webhook',
      {
        config: key('integrations.manage', campaign),
        schema: {
          ...doc("Set a campaign's own webhook URL (and tags, on or off)"),
          params: z.object({ id: idParamSchema }),
          body: publicCampaignWebhookSetSchema,
          response: { 200: publicCampaignWebhooksSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => service.setCampaignUrl(request.params.id, request.body),
    );

    app.delete(
      '/campaigns/:id/webhook',
      {
        config: key('integrations.manage', campaign),
        schema: {
          ...doc("Clear a campaign's own webhook URL (its leads go to the endpoint's URL again)"),
          params: z.object({ id: idParamSchema }),
          response: { 200: publicCampaignWebhooksSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => service.clearCampaignUrl(request.params.id),
    );
  };
