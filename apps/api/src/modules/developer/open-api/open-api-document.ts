import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type Document = {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  components?: Record<string, unknown>;
};

/**
 * The Open API's own OpenAPI document: the operations tagged `open-api` of the product's document
 * (generated from the same Zod schemas), with its own title, server and security scheme, and none of
 * the web app's `dt` envelope notes.
 */
export const openApiDocumentRoute: FastifyPluginAsyncZod = async (app) => {
  let cached: object | null = null;
  app.get(
    '/openapi.json',
    { config: { access: { kind: 'public' }, envelope: false }, schema: { hide: true } },
    async () => {
      cached ??= build((app as unknown as { swagger: () => Document }).swagger());
      return cached;
    },
  );
};

function build(full: Document): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(full.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.tags?.includes('open-api')) continue;
      paths[path.replace(/^\/api\/v1/, '')] ??= {};
      (paths[path.replace(/^\/api\/v1/, '')] as Record<string, unknown>)[method] = operation;
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'LeadOrbit Open API',
      version: '1.0.0',
      description:
        'Exchange your client id and secret for a short-lived bearer token at POST /oauth/token ' +
        '(client_credentials grant, HTTP Basic or form fields), then call the endpoints with ' +
        '`Authorization: Bearer <token>`. Every answer carries RateLimit-Limit, RateLimit-Remaining and ' +
        'RateLimit-Reset; a 429 carries Retry-After. Send an Idempotency-Key header with a POST to make ' +
        'a retry safe. Errors are `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
