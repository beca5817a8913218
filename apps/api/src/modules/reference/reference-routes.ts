import {
  apiErrorSchema,
  autocompleteParamsSchema,
  autocompleteResponseSchema,
  cityListParamsSchema,
  cityListResponseSchema,
  stateListResponseSchema,
  US_STATES,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import { suggest } from './reference-lookup.js';
import { citiesOf } from './us-cities.js';
import { findState } from './us-states.js';

/** Reference data never changes between deployments: browsers and proxies may keep it a day. */
const CACHE_A_DAY = 'public, max-age=86400';

/**
 * States, cities and autocomplete (spec 1 §7.4, spec 2 §7). Public: the answers come from tables
 * in code and the country-state-city package, never from tenant data, so visitors' forms may use them too.
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/general/state',
    {
      config: { access: PUBLIC },
      schema: { tags: ['reference'], response: { 200: stateListResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_A_DAY);
      return { data: [...US_STATES] };
    },
  );

  app.get(
    '/general/state/:citystate/cities',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['reference'],
        params: cityListParamsSchema,
        response: { 200: cityListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const state = findState(request.params.citystate);
      if (!state) throw notFound('Unknown state.');
      reply.header('cache-control', CACHE_A_DAY);
      return { state, data: [...citiesOf(state.code)].sort((a, b) => a.localeCompare(b)) };
    },
  );

  app.get(
    '/:category/autocomplete/:searchtext',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['reference'],
        params: autocompleteParamsSchema,
        response: { 200: autocompleteResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => suggest(request.params.category, request.params.searchtext),
  );
};
