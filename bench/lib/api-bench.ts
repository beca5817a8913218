import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import { type DatabaseHandle, DEMO, DEMO_PASSWORD, eq, openDatabase, users } from '@app/db';
import { loadConfig } from '../../apps/api/src/config.js';
import { startRuntime } from '../../apps/api/src/runtime.js';
import { solveAltcha } from '../../apps/api/test/altcha-solver.js';
import { median } from './load.js';

/**
 * The product on a fresh database (PGlite in a temp folder, or the given PostgreSQL); no worker
 * unless `inProcessWorker` (a benchmark that times queued jobs, such as the exclusion merge).
 */
export async function startBenchApi(
  databaseUrl?: string,
  {
    inProcessWorker = false,
    ...options
  }: Pick<Parameters<typeof startRuntime>[1] & object, 'clock' | 'pollingIntervalSeconds'> & {
    inProcessWorker?: boolean;
  } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
    IN_PROCESS_WORKER: String(inProcessWorker),
  });
  const handle: DatabaseHandle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') },
  );
  const rt = await startRuntime(config, {
    database: handle,
    altcha: { maxNumber: 5, cost: 1 },
    logger: false,
    // No demo visitors: the figures are the benchmark's own load.
    demoVisitors: false,
    ...options,
  });
  return {
    handle,
    /** The runtime's services (the billing module's jobs, run by the benchmark itself). */
    services: rt.services,
    /** The job queue (to wake a job the benchmark waits on). */
    queue: rt.queue,
    /** Starts listening on 127.0.0.1 (after seeding, so the seed does not compete) and answers the API base. */
    async listen() {
      await rt.app.listen({ host: '127.0.0.1', port: 0 });
      const address = rt.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}/api`;
    },
    async close() {
      await rt.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The master system and its root company, where the benchmarks seed their data. */
export async function masterRoot(handle: DatabaseHandle) {
  const [root] = await handle.db
    .select({ companyId: users.companyId, systemId: users.systemId })
    .from(users)
    .where(eq(users.email, DEMO.master.rootUser.email));
  if (!root) throw new Error('demo seed missing');
  return root;
}

/** Signs in over HTTP as the web app does (bot check solved first) and answers the access token. */
export async function signInOverHttp(base: string, email: string): Promise<string> {
  const challenge = await (await fetch(`${base}/altcha/challenge?host=localhost`)).json();
  const res = await postSealed(base, '/login', {
    username: email,
    password: DEMO_PASSWORD,
    gtoken: solveAltcha(challenge).payload,
    domainName: 'localhost',
  });
  return (res as { access_token: string }).access_token;
}

const envelopeKeys = new Map<string, Promise<CryptoKey>>();

/** POSTs a body in the dt envelope; throws with the answer when it is not 2xx. */
export async function postSealed(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  let key = envelopeKeys.get(base);
  if (!key) {
    key = fetch(`${base}/app-config`).then(async (r) => importEnvelopeKey((await r.json()).dtKey));
    envelopeKeys.set(base, key);
  }
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ dt: await sealEnvelope(await key, body) }),
  });
  return answer(res, path);
}

/** GETs JSON with a bearer token; throws with the answer when it is not 2xx. */
/** One kept-alive connection for the timed GETs, as a browser keeps one to its API. */
const timedAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A signed-in GET of JSON, through node:http. The client runs in the same process and on the same
 * cores as the API it times; fetch's web streams cost it about 0.8 ms a call on this machine (measured
 * side by side on the lead report), which a browser on another machine never adds to the API's time.
 */
export function getJson(url: string, token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    get(url, { agent: timedAgent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299)
            reject(new Error(`${url} answered ${status}: ${JSON.stringify(json)}`));
          else resolve(json);
        } catch (error) {
          reject(error);
        }
      });
    }).on('error', reject);
  });
}

async function answer(res: Response, what: string) {
  const json = await res.json();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

/** One measured case: the API call and the same SQL run directly; both answer the total they found. */
export interface SideBySideCase {
  name: string;
  api: () => Promise<{ total: number }>;
  sql: () => Promise<{ total: number }>;
}

/**
 * Runs each case's API call and its own SQL alternately, one at a time, so the two columns are
 * measured side by side under the same conditions; prints p50/p99 of both and their ratios. The
 * first answers must agree on the total, or the two columns would not measure the same work.
 */
export async function apiBesideSql(cases: SideBySideCase[], rounds: number) {
  console.log(
    `  ${'case'.padEnd(34)} ${'API p50'.padStart(9)} ${'API p99'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p99'.padStart(9)}  p50 ratio  p99 ratio`,
  );
  let worstApiP99 = 0;
  let worstRatio = 0;
  for (const c of cases) {
    const apiMs: number[] = [];
    const sqlMs: number[] = [];
    // Warm both paths (plans, caches, JIT) before measuring.
    for (let i = 0; i < 5; i++) {
      await c.api();
      await c.sql();
    }
    for (let i = 0; i < rounds; i++) {
      let started = performance.now();
      const api = await c.api();
      apiMs.push(performance.now() - started);
      started = performance.now();
      const direct = await c.sql();
      sqlMs.push(performance.now() - started);
      if (i === 0 && api.total !== direct.total)
        throw new Error(`${c.name}: API total ${api.total} ≠ SQL total ${direct.total}`);
    }
    const ratio = p99(apiMs) / p99(sqlMs);
    worstApiP99 = Math.max(worstApiP99, p99(apiMs));
    worstRatio = Math.max(worstRatio, ratio);
    const times = (v: number) => `${v.toFixed(2)}×`.padStart(9);
    console.log(
      `  ${c.name.padEnd(34)} ${ms(median(apiMs))} ${ms(p99(apiMs))} ${ms(median(sqlMs))} ${ms(p99(sqlMs))}  ${times(median(apiMs) / median(sqlMs))}  ${times(ratio)}`,
    );
  }
  return { worstApiP99, worstRatio };
}

/** p50/p99 of one call repeated. */
export async function latencyOf(call: () => Promise<unknown>, rounds: number) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return `p50 ${ms(median(times)).trim()}, p99 ${ms(p99(times)).trim()}`;
}
