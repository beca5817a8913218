import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import { DEMO, DEMO_PASSWORD } from '@app/db/demo';
import { hash } from '@node-rs/argon2';
import { solveAltcha } from '../apps/api/test/altcha-solver.js';
import { median } from './lib/load.js';
import { freePort, startServer, stopServer } from './lib/processes.js';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 120);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 2000);
const CONCURRENCY = 8;
const apiMain = resolve(import.meta.dirname, '../apps/api/src/main.ts');

/**
 * Sign-ins per second (bounded by Argon2id; hashes/s measured beside it) and refreshes per second
 * with p50/p99, against the real server on 127.0.0.1. The bench acts as a trusted proxy and gives
 * each request its own client address, so the per-IP limits measure nothing here; proof-of-work is
 * solved before the clock starts (it is the browser's cost, not the server's).
 */
export async function benchSignIn(database: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-signin-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = await startServer(
    apiMain,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
      TRUSTED_PROXIES: '127.0.0.1',
      ALTCHA_MAX_NUMBER: '5',
      ALTCHA_COST: '1',
    },
    `${base}/readyz`,
  );
  try {
    const key = await importEnvelopeKey((await (await fetch(`${base}/api/app-config`)).json()).dtKey);
    let ipCounter = 0;
    const post = async (path: string, body: unknown) => {
      const n = ++ipCounter;
      const started = performance.now();
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ dt: await sealEnvelope(key, body) }),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return { json, ms: performance.now() - started };
    };
    const gtoken = async () => {
      const challenge = await (await fetch(`${base}/api/altcha/challenge?host=localhost`)).json();
      return solveAltcha(challenge).payload;
    };
    const users = [
      DEMO.master.rootUser.email,
      DEMO.northwind.owner.email,
      DEMO.northwind.administrator.email,
      DEMO.master.sales.email,
    ];

    // Sign-ins: answers solved first, then the timed run.
    const tokens = await Promise.all(Array.from({ length: SIGN_INS }, () => gtoken()));
    const signInMs: number[] = [];
    let refreshTokens: string[] = [];
    const signInStart = performance.now();
    await runPool(SIGN_INS, CONCURRENCY, async (i) => {
      const { json, ms } = await post('/login', {
        username: users[i % users.length],
        password: DEMO_PASSWORD,
        gtoken: tokens[i],
        domainName: 'localhost',
      });
      signInMs.push(ms);
      if (i < CONCURRENCY) refreshTokens[i] = json.refresh_token;
    });
    const signInSeconds = (performance.now() - signInStart) / 1000;

    // Refreshes: CONCURRENCY chains, each always presenting its newest refresh token.
    const refreshMs: number[] = [];
    const refreshStart = performance.now();
    refreshTokens = refreshTokens.filter(Boolean);
    await Promise.all(
      refreshTokens.map(async (first, chain) => {
        let current = first;
        for (let i = chain; i < REFRESHES; i += refreshTokens.length) {
          const { json, ms } = await post('/auth/refresh-token', { refresh_token: current });
          current = json.refresh_token;
          refreshMs.push(ms);
        }
      }),
    );
    const refreshSeconds = (performance.now() - refreshStart) / 1000;

    console.log(`\nsign-in and refresh on ${database} (concurrency ${CONCURRENCY})`);
    console.log(
      `  sign-ins   ${(SIGN_INS / signInSeconds).toFixed(1).padStart(7)}/s  p50 ${median(signInMs).toFixed(1)} ms  p99 ${p99(signInMs).toFixed(1)} ms  (${SIGN_INS} sign-ins)`,
    );
    console.log(
      `  refreshes  ${(refreshMs.length / refreshSeconds).toFixed(1).padStart(7)}/s  p50 ${median(refreshMs).toFixed(1)} ms  p99 ${p99(refreshMs).toFixed(1)} ms  (${refreshMs.length} refreshes)`,
    );
  } finally {
    await stopServer(api);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Argon2id hashes per second with the product's parameters, in this process, sequential and 2 at a time. */
export async function benchArgon2() {
  const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  const n = 40;
  let started = performance.now();
  for (let i = 0; i < n; i++) await hash(`password-${i}`, options);
  const sequential = n / ((performance.now() - started) / 1000);
  started = performance.now();
  await runPool(n, 2, (i) => hash(`password-${i}`, options).then(() => undefined));
  const parallel = n / ((performance.now() - started) / 1000);
  console.log(
    `\nArgon2id (m=19 MiB, t=2, p=1): ${sequential.toFixed(1)} hashes/s one at a time, ${parallel.toFixed(1)} hashes/s two at a time`,
  );
}

async function runPool(count: number, width: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}
