import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareAllPublic } from './access.js';

/**
 * The OpenAPI document is generated from the route schemas and served at /api/docs/json, with the
 * docs page at /api/docs. Bodies are documented decrypted: on the wire they travel as { dt }.
 */
export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lead platform API',
        version: '1.0.0',
        description:
          'JSON bodies of POST/PUT/PATCH/DELETE are sent as `{ "dt": "<envelope>" }`; the schemas below show the decrypted body. See docs/dt-envelope.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declareAllPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
