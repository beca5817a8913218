import type { Database } from '@app/db';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { type SandboxIdentityResolver, sandboxRegularVisitors } from '../providers/identities/index.js';
import {
  DEMO_REGULAR_VISITORS,
  type DemoVisitorSettings,
  type DemoVisitors,
  startDemoVisitors,
} from './visitor-simulator.js';

/**
 * The demo's simulated visitors, sending page views to the pixel through the app itself: only on the
 * sandbox (never beside a real payment gateway or identity resolver) and unless DEMO_VISITORS is off
 * or the start says `false`. They find the demo's campaigns by their seeded ids and names, so without
 * the demo seed they send nothing. null when they do not run.
 */
export function startDemoVisitorsAtStart(deps: {
  config: Pick<Config, 'demoVisitors' | 'stripe'>;
  settings: DemoVisitorSettings | false | undefined;
  db: Database;
  identityResolver: SandboxIdentityResolver;
  app: Pick<FastifyInstance, 'inject'>;
}): DemoVisitors | null {
  const { config, settings, identityResolver, app } = deps;
  if (!config.demoVisitors || settings === false || config.stripe) return null;
  if (identityResolver.name !== 'sandbox') return null;
  return startDemoVisitors({
    db: deps.db,
    settings,
    warmUp: identityResolver.ensureSeeded,
    regularVisitors: sandboxRegularVisitors(identityResolver, DEMO_REGULAR_VISITORS).map((v) => v.visitorKey),
    log: (message) => console.log(message),
    async send(view, ip) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/px/v',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': 'LeadOrbit demo visitor simulator',
        },
        payload: JSON.stringify(view),
        remoteAddress: ip,
      });
      return response.statusCode;
    },
  });
}
