import type { DatabaseHandle } from '@app/db';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Metrics } from './metrics/metrics.js';
import { metricsRoute } from './metrics/metrics-route.js';
import { requestLatencyPlugin } from './metrics/request-latency-plugin.js';
import type { AuditLog } from './modules/audit/index.js';
import { healthRoutes } from './modules/health/index.js';
import { type AccessOptions, accessPlugin } from './plugins/access.js';
import { answerClientError } from './plugins/client-errors.js';
import { corsPlugin } from './plugins/cors.js';
import { envelopePlugin } from './plugins/envelope.js';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { validatorCompiler } from './plugins/input-checks.js';
import { openapiPlugin } from './plugins/openapi.js';
import { requestContextPlugin } from './plugins/request-context.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { lazyChildLogger } from './plugins/request-logger.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { viewModeAuditPlugin } from './plugins/view-mode-audit.js';
import { webAppPlugin } from './plugins/web-app.js';

export interface AppDependencies {
  config: Pick<Config, 'trustedProxies' | 'corsOrigins' | 'webDist' | 'logLevel' | 'metrics'>;
  database: DatabaseHandle;
  dtKey: CryptoKey;
  authenticate: AccessOptions['authenticate'];
  /** The Open API's key authenticator (decision 0100). */
  authenticateKey?: AccessOptions['authenticateKey'];
  inScope: AccessOptions['inScope'];
  audit: AuditLog;
  /** The modules' route plugins, mounted under /api (the runtime builds them with their dependencies). */
  routes: readonly FastifyPluginAsyncZod[];
  /** Pages the server renders itself outside /api (the sandbox's onboarding page), before the web app. */
  pages?: readonly FastifyPluginAsyncZod[];
  /** Test hook: sees every registered route with its access rule. */
  onRouteRegistered?: AccessOptions['onRegistered'];
  logger?: FastifyServerOptions['logger'];
  /** The process's metrics: every route's latency is observed, and `/metrics` answers them (decision 0119). */
  metrics?: Metrics;
}

const QUIETER_THAN_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * Fastify's per-request lines 'incoming request' and 'request completed' are info lines: at a
 * quieter level they are never written, so they are not prepared (objects, timings) for every
 * request either. 'request errored' and every other line Fastify logs stay as they are.
 */
class RequestLogController extends LogController {
  constructor(private readonly infoOff: boolean) {
    super();
  }
  override incomingRequest(...args: Parameters<LogController['incomingRequest']>) {
    if (!this.infoOff) super.incomingRequest(...args);
  }
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>) {
    if (args[0] || !this.infoOff) super.requestCompleted(...args);
  }
}

/** Builds the HTTP application: cross-cutting plugins first, then the modules' routes under /api. */
export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLogController(!deps.logger && QUIETER_THAN_INFO.has(deps.config.logLevel)),
    // The client IP comes from the connection; X-Forwarded-For only from listed proxies.
    trustProxy: deps.config.trustedProxies.length > 0 ? deps.config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // Room for a full DNS host name (253 characters) in a path segment such as the domain lookup's.
    routerOptions: { maxParamLength: 300 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // A module's log line during a request carries the request's id (decision 0119).
  await app.register(requestLogPlugin);
  if (deps.metrics) await app.register(requestLatencyPlugin, { latency: deps.metrics.requestLatency });
  await app.register(accessPlugin, {
    authenticate: deps.authenticate,
    authenticateKey: deps.authenticateKey,
    inScope: deps.inScope,
    onRegistered: deps.onRouteRegistered,
  });
  await app.register(viewModeAuditPlugin, { audit: deps.audit });
  await app.register(requestContextPlugin);
  await app.register(corsPlugin, { origins: deps.config.corsOrigins });
  await app.register(envelopePlugin, { key: deps.dtKey });
  // After the plugins that put hooks on routes: each puts its own first, so the headers' hook runs
  // before theirs and every answer carries them, a refusal by access too.
  await app.register(securityHeadersPlugin);
  await app.register(openapiPlugin);
  // Multipart parsing is registered by the routes that take forms (plugins/input-checks.ts).

  await app.register(healthRoutes(deps.database));
  if (deps.metrics)
    await app.register(metricsRoute({ token: deps.config.metrics.token, metrics: deps.metrics }));
  await app.register(
    async (api) => {
      for (const routes of deps.routes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  for (const pages of deps.pages ?? []) await app.register(pages);
  await app.register(webAppPlugin, { distDir: deps.config.webDist });
  return app;
}
