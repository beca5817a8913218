import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApi } from '../apps/api/scripts/build-api.js';
import { median } from './lib/load.js';
import { cpuMsOf, rssOf } from './lib/process-memory.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const API_DIR = resolve(import.meta.dirname, '../apps/api');

/** How a variant starts the server: the TypeScript sources through tsx, or the built JavaScript. */
interface Variant {
  label: string;
  args: (builtDir: string) => string[];
}

const TSX: Variant = {
  label: 'tsx (sources)',
  args: () => ['--import', 'tsx', join(API_DIR, 'src/main.ts')],
};
const VARIANTS: readonly Variant[] = [
  TSX,
  // As `npm start` runs it.
  { label: 'built JS', args: (builtDir) => [join(builtDir, 'main.js')] },
  // What source maps in stack traces would cost (NODE_OPTIONS=--enable-source-maps).
  {
    label: 'built JS, source maps on',
    args: (builtDir) => ['--enable-source-maps', join(builtDir, 'main.js')],
  },
];

interface Started {
  child: ChildProcess;
  /** From spawning the process to /readyz answering 200. */
  ms: number;
  /** Its resident set when /readyz first answered. */
  rss: number;
  /** The CPU time (user + system) it had used by then: on a shared machine, steadier than the wall time. */
  cpuMs: number;
}

/**
 * Starts an API process and waits for its "Ready on" line, then for /readyz: event-driven, so the time is not rounded to a polling interval.
 */
async function startOnce(args: string[], env: Record<string, string>): Promise<Started> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let seen = '';
  const port = await new Promise<string>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Ready on" within 180 s: ${seen}`)), 180_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /Ready on http:\/\/localhost:(\d+)/.exec(seen)?.[1];
      if (found) {
        clearTimeout(timer);
        resolvePort(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready: ${seen}`));
    });
  });
  const response = await fetch(`http://127.0.0.1:${port}/readyz`);
  const ms = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`/readyz answered ${response.status}`);
  if (child.pid === undefined) throw new Error('the server has no process id');
  return { child, ms, rss: rssOf(child.pid), cpuMs: cpuMsOf(child.pid) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/**
 * `npm run bench -- start-up` (PostgreSQL): the product's start, process start → /readyz answering,
 * and its RSS then, from the TypeScript sources through tsx (before decision 0116) and from the
 * built JavaScript `npm start` runs now, in alternating rounds of one run on one seeded database
 * (the first, unmeasured start migrates and seeds it, and warms tsx's transform cache).
 */
export async function benchStartUp(database: 'pglite' | 'postgres', databaseUrl?: string) {
  if (database !== 'postgres' || !databaseUrl) throw new Error('the start-up bench runs on PostgreSQL');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-start-up-'));
  // Inside apps/api, as dist/ is, so the build resolves packages from apps/api/node_modules.
  const builtDir = join(API_DIR, `.build-bench-${randomBytes(4).toString('hex')}`);
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_VISITORS: 'off',
    // The API on its own: the first start's queued jobs (the demo's vendor lists, its billing) would
    // otherwise run beside every measured start.
    IN_PROCESS_WORKER: 'false',
  };
  try {
    const buildStartedAt = performance.now();
    const { bytes } = await buildApi(builtDir);
    const buildMs = performance.now() - buildStartedAt;
    const first = await startOnce(TSX.args(builtDir), env);
    await stop(first.child);
    // One unmeasured start of each, so every variant starts with the same warm disk cache.
    for (const variant of VARIANTS) await stop((await startOnce(variant.args(builtDir), env)).child);

    const results = new Map(VARIANTS.map((variant) => [variant.label, [] as Started[]]));
    for (let round = 0; round < ROUNDS; round++)
      for (const variant of VARIANTS) {
        const started = await startOnce(variant.args(builtDir), env);
        await stop(started.child);
        results.get(variant.label)?.push(started);
      }

    console.log(
      `\nstart-up (PostgreSQL, seeded database, API process; ${ROUNDS} alternating rounds, medians; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    console.log(
      `  build: ${(bytes / 1024 / 1024).toFixed(1)} MiB of JavaScript in ${(buildMs / 1000).toFixed(1)} s; first start (migrate + seed) ${(first.ms / 1000).toFixed(1)} s`,
    );
    console.log(
      `  ${'how it runs'.padEnd(26)} ${'start → /readyz'.padStart(16)} ${'CPU by then'.padStart(12)} ${'RSS then'.padStart(10)}`,
    );
    const tsx = results.get(TSX.label) ?? [];
    const tsxMs = median(tsx.map((r) => r.ms));
    const tsxCpuMs = median(tsx.map((r) => r.cpuMs));
    for (const variant of VARIANTS) {
      const runs = results.get(variant.label) ?? [];
      const ms = median(runs.map((r) => r.ms));
      const rss = median(runs.map((r) => r.rss));
      const cpuMs = median(runs.map((r) => r.cpuMs));
      const ratio =
        variant === TSX
          ? ''
          : `  (${(ms / tsxMs).toFixed(2)}× tsx's time, ${(cpuMs / tsxCpuMs).toFixed(2)}× its CPU)`;
      console.log(
        `  ${variant.label.padEnd(26)} ${`${(ms / 1000).toFixed(2)} s`.padStart(16)} ${`${(cpuMs / 1000).toFixed(2)} s`.padStart(12)} ${`${mib(rss)} MiB`.padStart(10)}${ratio}`,
      );
    }
  } finally {
    await rm(builtDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
