import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { reconcileJob } from '../modules/billing/index.js';
import { errorsPlugin } from '../plugins/errors.js';
import { metricsRoute } from './metrics-route.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const logLines: string[] = [];
let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
    { METRICS_TOKEN: TOKEN },
  );
}, 300_000);
afterAll(() => rt?.close());

const scrape = (authorization?: string) =>
  rt.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers every metric family with the token', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = [
      'http_request_duration_seconds',
      'job_queue_depth',
      'job_queue_oldest_due_seconds',
      'lead_ingest_lag_seconds',
      'lead_delivery_lag_seconds',
      'integration_delivery_lag_seconds',
      'job_failures_total',
      'drain_loop_rows_total',
      'billing_reconciliation_differences',
      'metrics_database_read_failures_total',
      // Node's defaults.
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      // The pool is PostgreSQL's; PGlite has one in-process connection and no pool.
      ...(rt.database.kind === 'postgres'
        ? [
            'db_pool_connections',
            'db_pool_idle_connections',
            'db_pool_waiting_requests',
            'db_pool_max_connections',
          ]
        : []),
    ];
    for (const family of families) expect(res.body, family).toContain(`# TYPE ${family} `);
    // Every job's queue is there, waiting or not; the lags were read (a number, not left out).
    expect(res.body).toMatch(/^job_queue_depth\{queue="email\.deliver"\} \d+$/m);
    expect(res.body).toMatch(/^job_queue_oldest_due_seconds\{queue="leads\.vendor-list"\} [\d.e+-]+$/m);
    // The worker's drain loops report what they took (decision 0122), 0 or more.
    expect(res.body).toMatch(/^drain_loop_rows_total\{loop="ingest"\} \d+$/m);
    expect(res.body).toMatch(/^drain_loop_batches_total\{loop="delivery"\} \d+$/m);
    expect(res.body).toMatch(/^lead_ingest_lag_seconds [\d.e+-]+$/m);
    expect(res.body).toMatch(/^metrics_database_read_failures_total 0$/m);
  });

  it('counts a request under its route pattern, never its raw URL', async () => {
    const pattern = '/api/general/state/:citystate/cities';
    const count = async () => {
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      const line = body
        .split('\n')
        .find((l) =>
          l.startsWith(
            `http_request_duration_seconds_count{route="${pattern}",method="GET",status_class="2xx"}`,
          ),
        );
      return { body, value: line ? Number(line.split(' ').at(-1)) : 0 };
    };
    const before = (await count()).value;
    for (const state of ['TX', 'CA']) {
      const res = await rt.app.inject({ method: 'GET', url: `/api/general/state/${state}/cities` });
      expect(res.statusCode).toBe(200);
    }
    const unknown = await rt.app.inject({ method: 'GET', url: '/api/general/state/ZZ/cities' });
    expect(unknown.statusCode).toBe(404);
    const after = await count();
    expect(after.value).toBe(before + 2);
    expect(after.body).toContain(
      `http_request_duration_seconds_bucket{le="+Inf",route="${pattern}",method="GET",status_class="4xx"}`,
    );
    expect(after.body).not.toContain('/api/general/state/TX/cities');
  });

  it('shows the last reconciliation run, whose log line carries the job id', async () => {
    // The runtime runs the reconciliation at start; run it again in case that one already ended.
    await rt.queue.trigger(reconcileJob, {});
    const reconciled = () =>
      logLines.map((l) => JSON.parse(l)).find((l) => /^reconciliation: \d+ systems/.test(l.msg));
    await vi.waitFor(() => expect(reconciled()).toBeDefined(), { timeout: 60_000, interval: 200 });
    expect(reconciled()).toMatchObject({
      job: 'billing.reconcile',
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^billing_reconciliation_differences \d+$/m);
    expect(body).toMatch(/^billing_reconciliation_last_run_timestamp_seconds \d/m);
  });
});

describe('without METRICS_TOKEN', () => {
  it('answers 404, as if there were no such route', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(
      metricsRoute({
        token: null,
        metrics: { scrape: async () => ({ contentType: 'text/plain', body: 'x' }) },
      }),
    );
    for (const authorization of [undefined, 'Bearer ', 'Bearer null']) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
    }
    await app.close();
  });
});
