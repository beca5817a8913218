import {
  apiErrorSchema,
  connectionViewSchema,
  integrationDetailsRequestSchema,
  type KartraListsAndTags,
  kartraCompanyParamsSchema,
  kartraListsAndTagsSchema,
  serviceListReadSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule, ScopedId } from '../../plugins/access.js';
import type { ManageConnections } from './manage-connections.js';
import { createServiceListRead } from './service-list-read.js';

const SLUG = 'kartra';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const read = (scope: ScopedId): AccessRule => ({ kind: 'user', action: 'integrations.read', scope: [scope] });
const companyParam: ScopedId = { in: 'params', field: 'companyID', resource: 'company' };

/**
 * Kartra's calls (spec 2 §7 "Marketing-automation service"; decision 0103): its lists, its lists and
 * tags at once (answered empty with the reason when they cannot be read), and `/integration/details`:
 * the company's saved details for an integration (Kartra's unless another slug is named), the same
 * view `GET /getcompanyintegrationdetail/{companyID}/{slug}` answers (secrets never included).
 * Saving them is `/saveintegration`, the one way to connect any provider. Reads need
 * `integrations.read` on a company in the caller's scope.
 */
export const kartraRoutes =
  (deps: {
    manage: Pick<ManageConnections, 'targets' | 'companyDetail'>;
    connections: Parameters<typeof createServiceListRead>[0]['connections'];
    providers: Parameters<typeof createServiceListRead>[0]['providers'];
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const listRead = createServiceListRead(deps);
    app.get(
      '/kartra/list/:companyID',
      {
        config: { access: read(companyParam) },
        schema: {
          tags,
          summary:
            "The lists of the company's connected Kartra account (empty, with the reason, when it cannot be read)",
          params: kartraCompanyParamsSchema,
          response: { 200: serviceListReadSchema, ...errors },
        },
      },
      async (request) => listRead(request.params.companyID, SLUG, 'lists'),
    );

    app.get(
      '/GetKartraListAndTag/:companyID',
      {
        config: { access: read(companyParam) },
        schema: {
          tags,
          summary: "The lists and tags of the company's connected Kartra account",
          params: kartraCompanyParamsSchema,
          response: { 200: kartraListsAndTagsSchema, ...errors },
        },
      },
      async (request): Promise<KartraListsAndTags> => {
        const lists = await listRead(request.params.companyID, SLUG, 'lists');
        // Not connected, or Kartra refused the lists: the tags would fail the same way.
        if (lists.error)
          return {
            lists: [],
            tags: [],
            connected: lists.connected,
            error: lists.error,
            sandbox: lists.sandbox,
          };
        const found = await listRead(request.params.companyID, SLUG, 'tags');
        return {
          lists: found.error ? [] : lists.data,
          tags: found.data,
          connected: found.connected,
          error: found.error,
          sandbox: found.sandbox,
        };
      },
    );

    app.post(
      '/integration/details',
      {
        config: { access: read({ in: 'body', field: 'company_id', resource: 'company' }) },
        schema: {
          tags,
          summary:
            "The company's saved details for an integration (Kartra's unless another is named); never its secrets",
          body: integrationDetailsRequestSchema,
          response: { 200: connectionViewSchema, ...errors },
        },
      },
      async (request) => deps.manage.companyDetail(request.body.company_id, request.body.slug),
    );
  };
