import {
  apiErrorSchema,
  type LogUserRequest,
  logCategoryRequestSchema,
  logCategoryResponseSchema,
  logDownloadParamsSchema,
  logUserRequestSchema,
  logUserResponseSchema,
  showCampaignsRequestSchema,
  showCampaignsResponseSchema,
  showUserRequestSchema,
  showUserResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/exports/index.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { UserLogService } from './user-log-service.js';

/**
 * Staff who may read logs; the service narrows further (no clients, no sales) and checks every
 * company and user id against the caller's scope, because 9999 (all) is not an id the generic
 * scope check could read.
 */
const READERS: AccessRule = { kind: 'user', action: 'logs.read' };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The Agency User's Logs modal: filters, pages and the CSV download (spec 2 §7). */
export const userLogRoutes =
  (service: UserLogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/configuration/user/show-user',
      {
        config: { access: READERS },
        schema: {
          tags: ['user-logs'],
          body: showUserRequestSchema,
          response: { 200: showUserResponseSchema, ...errors },
        },
      },
      async (request) => service.people(principalOf(request), request.body.companyID, request.body.user_type),
    );

    app.post(
      '/configuration/user/show-campaigns',
      {
        config: { access: READERS },
        schema: {
          tags: ['user-logs'],
          body: showCampaignsRequestSchema,
          response: { 200: showCampaignsResponseSchema, ...errors },
        },
      },
      async (request) => service.campaigns(principalOf(request), request.body.companyID),
    );

    app.post(
      '/configuration/user/log-user',
      {
        config: { access: READERS },
        schema: {
          tags: ['user-logs'],
          body: logUserRequestSchema,
          response: { 200: logUserResponseSchema, ...errors },
        },
      },
      async (request) => service.page(principalOf(request), request.body as LogUserRequest),
    );

    app.post(
      '/configuration/user/log-category',
      {
        config: { access: READERS },
        schema: {
          tags: ['user-logs'],
          body: logCategoryRequestSchema.optional(),
          response: { 200: logCategoryResponseSchema, ...errors },
        },
      },
      async (request) => service.categories(principalOf(request)),
    );

    app.get(
      '/configuration/user/log-download/:company/:userType/:user/:category/:dateRange/:campaign',
      {
        config: { access: READERS },
        schema: { tags: ['user-logs'], params: logDownloadParamsSchema, response: errors },
      },
      async (request, reply) => {
        const file = await service.download(principalOf(request), request.params, request.ip);
        return sendExport(reply, {
          format: 'csv',
          baseName: file.baseName,
          columns: file.columns,
          rows: file.rows,
          headers: {
            'x-total-rows': String(file.total),
            ...(file.truncated ? { 'x-rows-truncated': 'true' } : {}),
          },
        });
      },
    );
  };
