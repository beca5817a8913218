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
 * GET /api/domainsubdomain/... of the product next to a bare Fastify route answering the same bytes
 * (bare-server.ts; checked before measuring), measured in alternating rounds in one run; prints
 * requests/s, latency and their ratio (target >= 0.7), and the ratio to the small `{hello}` route
 * that earlier rounds compared against.
 */
export async function benchDomainInfo(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-domain-'));
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const host = `${DEMO.northwind.subdomain}.localhost`;
  const productUrl = `http://127.0.0.1:${apiPort}/api/domainsubdomain/${host}/${DEMO.northwind.subdomain}`;
  const sameUrl = `http://127.0.0.1:${barePort}/same`;
  const smallUrl = `http://127.0.0.1:${barePort}/bare`;
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
    // Started after the product answers, so it can copy the product's bytes.
    { PORT: String(barePort), SAME_AS: productUrl },
    sameUrl,
  );
  try {
    // Warm both (JIT, the domain cache) before measuring.
    const [productBytes, sameBytes] = await Promise.all(
      [productUrl, sameUrl].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    if (!productBytes?.equals(sameBytes ?? Buffer.alloc(0)))
      throw new Error('the bare route does not answer the bytes the product answers');
    await load(productUrl, { seconds: 2, connections: CONNECTIONS });
    await load(sameUrl, { seconds: 2, connections: CONNECTIONS });
    await load(smallUrl, { seconds: 2, connections: CONNECTIONS });
    const product: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    const small: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      product.push(await load(productUrl, { seconds: SECONDS, connections: CONNECTIONS }));
      baseline.push(await load(sameUrl, { seconds: SECONDS, connections: CONNECTIONS }));
      small.push(await load(smallUrl, { seconds: SECONDS, connections: CONNECTIONS }));
    }
    const p = summarise(product);
    const b = summarise(baseline);
    const s = summarise(small);
    const ratio = p.rps / b.rps;
    console.log(
      `\ndomain info vs bare Fastify on ${database} (${ROUNDS} alternating rounds x ${SECONDS}s, ${CONNECTIONS} connections, medians)`,
    );
    console.log(
      `  GET /api/domainsubdomain  ${p.rps.toFixed(0).padStart(7)} req/s  p50 ${p.p50} ms  p99 ${p.p99} ms  errors ${p.errors}`,
    );
    console.log(
      `  bare Fastify, same bytes  ${b.rps.toFixed(0).padStart(7)} req/s  p50 ${b.p50} ms  p99 ${b.p99} ms  errors ${b.errors}`,
    );
    console.log(
      `  bare Fastify, {hello}     ${s.rps.toFixed(0).padStart(7)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  errors ${s.errors}`,
    );
    console.log(
      `  per round (product / same bytes / {hello}): ${product.map((r, i) => `${r.requestsPerSecond.toFixed(0)}/${baseline[i]?.requestsPerSecond.toFixed(0)}/${small[i]?.requestsPerSecond.toFixed(0)}`).join('  ')}`,
    );
    console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.70): ${ratio >= 0.7 ? 'met' : 'NOT met'}`);
    console.log(`  ratio to the {hello} route of earlier rounds: ${(p.rps / s.rps).toFixed(2)}`);
    return { database, ratio, product: p, bare: b, small: s };
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
