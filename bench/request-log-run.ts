import Fastify from 'fastify';
import { createProcessLog } from '../apps/api/src/lib/process-log.js';
import { requestLogPlugin } from '../apps/api/src/plugins/request-log.js';
import { lazyChildLogger } from '../apps/api/src/plugins/request-logger.js';

/**
 * One side of `npm run bench -- request-log` in a process of its own (the storage's promise hook, once
 * on, stays on for the process): `with` registers the request-log plugin, `without` does not. Prints
 * the main-thread CPU per request, in µs, of `REQUESTS` injected POSTs after as many to warm up.
 */
const [mode = 'with', requestsArg = '20000'] = process.argv.slice(2);
const REQUESTS = Number.parseInt(requestsArg, 10);
const log = createProcessLog();
const app = Fastify({ logger: { level: 'warn' }, childLoggerFactory: lazyChildLogger });
if (mode === 'with') await app.register(requestLogPlugin);
log.useRoot(app.log);
app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
// Shaped like a pixel or a small read: a few awaited steps and a turn of the event loop, as a
// database driver's query takes; nothing is logged (the common case).
app.post('/api/px/v', async (request, reply) => {
  const body = await Promise.resolve(request.body as string);
  const parsed = await new Promise<unknown>((resolve) => setImmediate(() => resolve(JSON.parse(body))));
  await Promise.all([Promise.resolve(parsed), Promise.resolve(1)]);
  if (!parsed) log.warn('never');
  return reply.status(204).send();
});
await app.ready();
const inject = () =>
  app.inject({
    method: 'POST',
    url: '/api/px/v',
    headers: { 'content-type': 'text/plain' },
    payload: '{"campaignId":"12345678","url":"https://bench-site.example/page"}',
  });
for (let i = 0; i < REQUESTS; i++) await inject();
const start = process.cpuUsage();
for (let i = 0; i < REQUESTS; i++) await inject();
const used = process.cpuUsage(start);
console.log(((used.user + used.system) / REQUESTS).toFixed(2));
await app.close();
