import { apiErrorSchema, sendgridCompanyParamsSchema, serviceListReadSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule } from '../../plugins/access.js';
import { createServiceListRead } from './service-list-read.js';

const SLUG = 'sendgrid';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const read: AccessRule = {
  kind: 'user',
  action: 'integrations.read',
  scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
};

/**
 * SendGrid's call (spec 2 §7 "E-mail service list: GET /sendgridlist/{companyID}"; decision 0103):
 * the lists of the company's connected SendGrid account, for a campaign to choose one. Connecting
 * and the campaign's choice go through the generic calls (`/saveintegration`,
 * `/savecampaignintegrationdetails`). Same rule as the other integration reads: `integrations.read`
 * on a company in the caller's scope.
 */
export const sendgridRoutes =
  (deps: Parameters<typeof createServiceListRead>[0]): FastifyPluginAsyncZod =>
  async (app) => {
    const listRead = createServiceListRead(deps);
    app.get(
      '/sendgridlist/:companyID',
      {
        config: { access: read },
        schema: {
          tags: ['integrations'],
          summary:
            "The lists of the company's connected SendGrid account (empty, with the reason, when it cannot be read)",
          params: sendgridCompanyParamsSchema,
          response: { 200: serviceListReadSchema, ...errors },
        },
      },
      async (request) => listRead(request.params.companyID, SLUG, 'lists'),
    );
  };
