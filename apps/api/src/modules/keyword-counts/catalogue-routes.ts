import {
  advancedInformationListResponseSchema,
  advancedInformationTypeQuerySchema,
  advancedInformationTypeResponseSchema,
  apiErrorSchema,
  enhanceLocationQuerySchema,
  enhanceLocationResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessRule } from '../../plugins/access.js';
import { advancedInformationOf, advancedInformationTypes } from './catalogue.js';
import type { KeywordCountService } from './keyword-count-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['keyword-counts'];
/** The catalogue and the places hold no tenant data; signed in, as the forms that read them are. */
const reference: AccessRule = { kind: 'user', action: 'dataVendor.reference' };

/**
 * The advanced information a campaign may request (spec 2 §7 `list-advance-information`, `-b2b`,
 * `-type`; one catalogue in `@app/contracts`) and the places keyword counts and targeting pick from
 * (`/general/enhance/location`).
 */
export const catalogueRoutes =
  (deps: { service: Pick<KeywordCountService, 'location'> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/list-advance-information',
      {
        config: { access: reference },
        schema: {
          tags,
          summary: 'The advanced information an Enhance campaign may request',
          response: { 200: advancedInformationListResponseSchema, ...errors },
        },
      },
      async () => advancedInformationOf('consumer'),
    );

    app.get(
      '/configuration/list-advance-information-b2b',
      {
        config: { access: reference },
        schema: {
          tags,
          summary: 'The business information a B2B campaign may request',
          response: { 200: advancedInformationListResponseSchema, ...errors },
        },
      },
      async () => advancedInformationOf('b2b'),
    );

    app.get(
      '/configuration/list-advance-information-type',
      {
        config: { access: reference },
        schema: {
          tags,
          summary: "An information type's fields, or the types of a list (consumer, b2b) with theirs",
          querystring: advancedInformationTypeQuerySchema,
          response: { 200: advancedInformationTypeResponseSchema, ...errors },
        },
      },
      async (request) => advancedInformationTypes(request.query.type),
    );

    app.get(
      '/general/enhance/location',
      {
        config: { access: reference },
        schema: {
          tags,
          summary: 'States, cities of a state, or zips of a state or city, matching a search',
          querystring: enhanceLocationQuerySchema,
          response: { 200: enhanceLocationResponseSchema, ...errors },
        },
      },
      async (request) => deps.service.location(request.query),
    );
  };
