import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { withWorkLog } from '../lib/process-log.js';
import type { AuditLog } from '../modules/audit/index.js';
import { BODY_METHODS, hookList, takesBody } from './route-hooks.js';

/**
 * Every successful write made in a view-mode session is logged as "A acting as B", whatever the
 * route, so no module has to remember to do it.
 */
export const viewModeAuditPlugin = fp<{ audit: AuditLog }>(async (app, { audit }) => {
  // Only routes with a write method get the hook (reads run no onResponse chain at all), and it is a
  // callback hook: a response that is not a view-mode write passes synchronously.
  // A route declared public has no caller (the access plugin signs no one in for it), so it never
  // has a view-mode write to log: it gets no hook either (the pixel's page views, decision 0056).
  app.addHook('onRoute', (route) => {
    if (takesBody(route) && route.config?.access?.kind !== 'public')
      route.onResponse = [...hookList(route.onResponse), audited];
  });
  const audited: onResponseHookHandler = (request, reply, done) => {
    const p = request.principal;
    if (!p?.actorUserId || !BODY_METHODS.has(request.method) || reply.statusCode >= 400) return done();
    // With the request's logger in hand, as its handler had (plugins/request-log.ts).
    withWorkLog(request.log, () =>
      audit.record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'view_mode_write',
        category: 'view_mode',
        description: `${request.method} ${request.routeOptions.url ?? request.url}`,
        ip: request.ip,
      }),
    ).then(() => done(), done);
  };
});
