import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { createProcessLog } from '../lib/process-log.js';
import { accessPlugin } from './access.js';
import { requestLogPlugin } from './request-log.js';
import { lazyChildLogger } from './request-logger.js';

const lines: Record<string, unknown>[] = [];
const log = createProcessLog();
const app = Fastify({
  logger: { level: 'warn', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
  childLoggerFactory: lazyChildLogger,
});

beforeAll(async () => {
  await app.register(requestLogPlugin);
  // The access checks run in hooks, before the handler: a module they call logs as one in a handler.
  await app.register(accessPlugin, {
    authenticate: async () => {
      await Promise.resolve();
      log.warn('no such session');
      throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
    },
    authenticateKey: async () => {
      log.warn('no such key');
      throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
    },
    inScope: async () => false,
  });
  log.useRoot(app.log);
  app.get('/signed-in', { config: { access: { kind: 'user', action: 'campaigns.read' } } }, () => 'never');
  app.get('/by-key', { config: { access: { kind: 'key', action: 'campaigns.read' } } }, () => 'never');
  // As a module logs: through the process log, knowing nothing of the request; after an await and
  // from a callback, as a database call or a timer would return.
  app.post('/work/:n', { config: { access: { kind: 'public' } } }, async (request) => {
    const { n } = request.params as { n: string };
    await Promise.resolve();
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        log.warn('working on it', { n });
        resolve();
      }),
    );
    return { n };
  });
  app.get('/sync', { config: { access: { kind: 'public' } } }, (_request, reply) => {
    log.warn('answered at once');
    reply.send('ok');
  });
  await app.ready();
});
afterAll(() => app.close());

describe("a module's log line during a request (decision 0119)", () => {
  it("carries the request's id, each request its own, however many run at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => app.inject({ method: 'POST', url: `/work/${n}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const work = lines.filter((l) => l.msg === 'working on it');
    expect(work).toHaveLength(20);
    const ids = new Set(work.map((l) => l.reqId));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^req-/);
  });

  it('carries it from a handler that answers through the reply, and the handler still answers', async () => {
    const answer = await app.inject({ method: 'GET', url: '/sync' });
    expect(answer.body).toBe('ok');
    expect(lines.find((l) => l.msg === 'answered at once')).toHaveProperty('reqId');
  });

  it("carries it from the access checks' hooks, for a signed-in route and a key's route", async () => {
    for (const url of ['/signed-in', '/by-key']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
    }
    for (const msg of ['no such session', 'no such key'])
      expect(lines.find((l) => l.msg === msg)?.reqId).toMatch(/^req-/);
  });

  it('is written without one outside a request', () => {
    log.warn('between requests');
    expect(lines.find((l) => l.msg === 'between requests')).not.toHaveProperty('reqId');
  });
});
