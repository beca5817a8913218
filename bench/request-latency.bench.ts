import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { requestLatencyPlugin } from '../apps/api/src/metrics/request-latency-plugin.js';

const REQUESTS = Number.parseInt(process.env.BENCH_LATENCY_REQUESTS ?? '50000', 10);
const ROUNDS = Number.parseInt(process.env.BENCH_LATENCY_ROUNDS ?? '7', 10);

/**
 * What the latency histogram costs a request (decision 0119), apart from the database and the
 * network: the same small POST route (a pixel-sized text body, answered 204) with and without the
 * per-route observer, requests injected in process, main-thread CPU per request, rounds alternated.
 * CPU time rather than wall time, so other work on the machine moves the figure less.
 */
export async function benchRequestLatency() {
  const apps = { without: await app('none'), hook: await app('hook'), with: await app('histogram') };
  const cpu: Record<keyof typeof apps, number[]> = { without: [], hook: [], with: [] };
  for (let round = 0; round < ROUNDS + 1; round++)
    for (const name of ['without', 'hook', 'with'] as const) {
      const start = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++)
        await apps[name].inject({
          method: 'POST',
          url: '/api/px/v',
          headers: { 'content-type': 'text/plain' },
          payload: '{"campaignId":"12345678","url":"https://bench-site.example/page"}',
        });
      const used = process.cpuUsage(start);
      // The first round warms the JIT up and is not counted.
      if (round > 0) cpu[name].push(((used.user + used.system) / REQUESTS) * 1);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const [without, hookOnly, withHistogram] = [median(cpu.without), median(cpu.hook), median(cpu.with)];
  console.log(
    `request latency histogram (${REQUESTS} injected POSTs a round, ${ROUNDS} rounds, medians): ` +
      `main-thread CPU per request ${withHistogram.toFixed(2)} µs with, ${without.toFixed(2)} µs without: ` +
      `+${(withHistogram - without).toFixed(2)} µs, of which an empty onResponse hook +${(hookOnly - without).toFixed(2)} µs (rounds with ${cpu.with.map((c) => c.toFixed(2)).join('/')}, ` +
      `hook only ${cpu.hook.map((c) => c.toFixed(2)).join('/')}, without ${cpu.without.map((c) => c.toFixed(2)).join('/')}); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  await Promise.all(Object.values(apps).map((a) => a.close()));
}

async function app(observer: 'none' | 'hook' | 'histogram') {
  const app = Fastify({ logger: false });
  if (observer === 'hook')
    app.addHook('onRoute', (route) => {
      route.onResponse = [(_request, _reply, done) => done()];
    });
  if (observer === 'histogram') {
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'bench',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [new Registry()],
    });
    await app.register(requestLatencyPlugin, { latency });
  }
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/api/px/v', async (_request, reply) => reply.status(204).send());
  await app.ready();
  return app;
}
