import {
  apiErrorSchema,
  sendTestLeadRequestSchema,
  sendTestLeadResponseSchema,
  siteCheckQuerySchema,
  siteCheckRequestSchema,
  siteCheckResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule } from '../../plugins/access.js';
import type { SiteTestService } from './site-test-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const tags = ['campaigns'];

/** The campaign's scope check, as the campaigns module's routes do it: its client in the caller's scope, else 404. */
const rule = (action: 'campaigns.read' | 'campaigns.update', where: 'query' | 'body'): AccessRule => ({
  kind: 'user',
  action,
  scope: [{ in: where, field: 'leadspeekID', resource: 'campaign' }],
});

/**
 * Spec 2 §7 "Site tests" (decision 0050). Reading the last check is for whoever reads the
 * campaign; checking now (an outbound fetch, a stored result) and sending a test lead (a stored
 * lead, e-mails to the recipients) are for whoever may change it.
 */
export const siteTestRoutes =
  (deps: { service: SiteTestService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;

    app.get(
      '/check-run-embeded-code',
      {
        config: { access: rule('campaigns.read', 'query') },
        schema: {
          tags,
          summary: "A local campaign's last embed-code check",
          querystring: siteCheckQuerySchema,
          response: { 200: siteCheckResponseSchema, ...errors },
        },
      },
      async (request) => service.lastCheck(request.query.leadspeekID),
    );

    app.post(
      '/check-site-embeded-code',
      {
        config: { access: rule('campaigns.update', 'body') },
        schema: {
          tags,
          summary: "Checks a local campaign's site for its embed code now (504: the check ran out of time)",
          body: siteCheckRequestSchema,
          response: { 200: siteCheckResponseSchema, 429: apiErrorSchema, 504: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.checkNow(request.body.leadspeekID, request.body.url),
    );

    app.post(
      '/send-test-lead',
      {
        config: { access: rule('campaigns.update', 'body') },
        schema: {
          tags,
          summary: "A synthetic, unbilled lead through the campaign's pipeline (once a minute)",
          body: sendTestLeadRequestSchema,
          response: { 200: sendTestLeadResponseSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.sendTestLead(request.body.leadspeekID),
    );
  };
