import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareAllPublic } from './access.js';

const DOCS_PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

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
    // Swagger UI's page loads its own script and style files; nothing else, and nobody frames it.
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_PAGE_POLICY });
  });
});
