import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO } from '@app/db/demo';
import { type LoadResult, load, median } from './lib/load.js';
import { freePort, startServer, stopServer } from './lib/processes.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const apiMain = resolve(import.meta.dirname, '../apps/api/src/main.ts');

/**
 * GET /api/domainsubdomain/... of the product next to a bare Fastify route, measured in
 * alternating rounds in one run; prints requests/s, latency and their ratio (target >= 0.7).
 */
export async function benchDomainInfo(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-domain-'));
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const host = `${DEMO.northwind.subdomain}.localhost`;
  const productUrl = `http://127.0.0.1:${apiPort}/api/domainsubdomain/${host}/${DEMO.northwind.subdomain}`;
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  const api = await startServer(
    apiMain,
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    `http://127.0.0.1:${apiPort}/readyz`,
  );
  const bare = await startServer(
    resolve(import.meta.dirname, 'bare-server.ts'),
    { PORT: String(barePort) },
    bareUrl,
  );
  try {
    // Warm both (JIT, the domain cache) before measuring.
    await load(productUrl, { seconds: 2, connections: CONNECTIONS });
    await load(bareUrl, { seconds: 2, connections: CONNECTIONS });
    const product: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      product.push(await load(productUrl, { seconds: SECONDS, connections: CONNECTIONS }));
      baseline.push(await load(bareUrl, { seconds: SECONDS, connections: CONNECTIONS }));
    }
    const p = summarise(product);
    const b = summarise(baseline);
    const ratio = p.rps / b.rps;
    console.log(
      `\ndomain info vs bare Fastify on ${database} (${ROUNDS} alternating rounds x ${SECONDS}s, ${CONNECTIONS} connections, medians)`,
    );
    console.log(
      `  GET /api/domainsubdomain  ${p.rps.toFixed(0).padStart(7)} req/s  p50 ${p.p50} ms  p99 ${p.p99} ms  errors ${p.errors}`,
    );
    console.log(
      `  bare Fastify route        ${b.rps.toFixed(0).padStart(7)} req/s  p50 ${b.p50} ms  p99 ${b.p99} ms  errors ${b.errors}`,
    );
    console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.70): ${ratio >= 0.7 ? 'met' : 'NOT met'}`);
    return { database, ratio, product: p, bare: b };
  } finally {
    await stopServer(api);
    await stopServer(bare);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function summarise(runs: LoadResult[]) {
  return {
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50Ms)),
    p99: median(runs.map((r) => r.p99Ms)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}
