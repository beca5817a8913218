import fp from 'fastify-plugin';
import type { AuditLog } from '../modules/audit/index.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful write made in a view-mode session is logged as "A acting as B", whatever the
 * route, so no module has to remember to do it.
 */
export const viewModeAuditPlugin = fp<{ audit: AuditLog }>(async (app, { audit }) => {
  // A callback hook: every response that is not a view-mode write (all public routes, all reads)
  // passes synchronously, with no promise or microtask hop.
  app.addHook('onResponse', (request, reply, done) => {
    const p = request.principal;
    if (!p?.actorUserId || !WRITES.has(request.method) || reply.statusCode >= 400) return done();
    audit
      .record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'view_mode_write',
        category: 'view_mode',
        description: `${request.method} ${request.routeOptions.url ?? request.url}`,
        ip: request.ip,
      })
      .then(() => done(), done);
  });
});
