import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { signInOverHttp } from './api-bench.js';
import { cpuMsOf, sampleRss } from './process-memory.js';
import { freePort, startServer, stopServer } from './processes.js';

const API_MAIN = resolve(import.meta.dirname, '../../apps/api/src/main.ts');
/**
 * Another build's `apps/api/src/main.ts` (e.g. an export of the commit before a change, beside this
 * repository's node_modules): its API runs beside this one and the downloads alternate between
 * the two, on the same data and the same load.
 */
const API_MAIN_BEFORE = process.env.BENCH_API_MAIN_BEFORE;
/** Rounds of the download cases, alternating (BENCH_LEAD_EXPORT_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_LEAD_EXPORT_ROUNDS ?? 1);
/** BENCH_LEAD_EXPORT_HASH=1 prints each file's SHA-256 (before and after must match byte for byte). */
const HASH = process.env.BENCH_LEAD_EXPORT_HASH === '1';
/** A folder for the API processes' CPU profiles (node --cpu-prof), written when they stop. */
const CPU_PROFILE_DIR = process.env.BENCH_API_CPU_PROF;
/** More Node options for the API processes, space-separated (e.g. `--max-semi-space-size=32`). */
const NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

export interface DownloadCase {
  name: string;
  /** The download's path under /api, query included. */
  path: string;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Api {
  label: string;
  child: ChildProcess;
  pid: number;
  base: string;
  token: string;
}

async function startApi(label: string, main: string, databaseUrl: string, parentDir: string, email: string) {
  // Each process its own data folder (files, keys): two APIs side by side must not share one.
  const dataDir = join(parentDir, label || 'api');
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const child = await startServer(
    main,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: join(dataDir, 'no-web'),
      IN_PROCESS_WORKER: 'false',
    },
    `http://127.0.0.1:${port}/healthz`,
    [...NODE_ARGS, ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [])],
  );
  if (child.pid === undefined) throw new Error('the API process has no pid');
  const base = `http://127.0.0.1:${port}/api`;
  const api: Api = { label, child, pid: child.pid, base, token: '' };
  try {
    api.token = await signInOverHttp(base, email);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return api;
}

/**
 * Lead downloads from the API in its own process (as in production: `apps/api/src/main.ts`, no
 * worker), read over HTTP on 127.0.0.1 by this process as fast as it can. The server's RSS is
 * sampled from /proc and printed apart from the reader's, so "flat memory" is the server's alone:
 * its peak over its RSS before the download, for each size.
 */
export async function benchLeadDownloads(databaseUrl: string, email: string, cases: DownloadCase[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-download-'));
  const apis: Api[] = [];
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    if (API_MAIN_BEFORE) apis.push(await startApi('before', API_MAIN_BEFORE, databaseUrl, dataDir, email));
    apis.push(await startApi(API_MAIN_BEFORE ? 'after' : '', API_MAIN, databaseUrl, dataDir, email));
    console.log(
      `  CSV download (API in its own process)  ${'rows'.padStart(9)} ${'MB'.padStart(6)} ${'s'.padStart(6)} ${'rows/s'.padStart(9)}   CPU µs/row: server   db reader   ${'server RSS MB before → peak'.padStart(27)}   ${'reader RSS MB before → peak'.padStart(27)}   load`,
    );
    for (let round = 0; round < ROUNDS; round++)
      for (const c of cases)
        for (const api of apis) {
          const f = await download(`${api.base}${c.path}`, api.token, api.pid, database);
          const name = api.label ? `${api.label}: ${c.name}` : c.name;
          const rate = Math.round(f.rows / f.seconds).toLocaleString('en-US');
          const server = `${mb(f.server.before)} → ${mb(f.server.peak)}`;
          const reader = `${mb(f.reader.before)} → ${mb(f.reader.peak)}`;
          console.log(
            `  ${name.padEnd(38)} ${f.rows.toLocaleString('en-US').padStart(9)} ${mb(f.bytes).padStart(6)} ${f.seconds.toFixed(1).padStart(6)} ${rate.padStart(9)}   ${perRow(f.cpuMs.server, f.rows).padStart(18)} ${perRow(f.cpuMs.database, f.rows).padStart(4)} ${perRow(f.cpuMs.reader, f.rows).padStart(6)}   ${server.padStart(27)}   ${reader.padStart(27)}   ${load()}${f.sha256}`,
          );
        }
  } finally {
    await database.end();
    for (const api of apis) await stopServer(api.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The response of a GET as a Node stream. node:http, not fetch: the reader shares the two cores
 * with the server and the database, and fetch's web streams cost it several µs of CPU a row,
 * about as much as the server's own work; a browser downloading the file runs on another machine.
 */
function httpGet(url: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const request = get(url, { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`download answered ${res.statusCode}`));
      } else resolvePromise(res);
    });
    request.on('error', reject);
  });
}

const perRow = (ms: number, rows: number) => ((ms * 1000) / Math.max(rows, 1)).toFixed(1);

/**
 * The CPU time of the database's server processes for this database (other than `client`'s own),
 * by process id: a backend that starts during a download counts from zero.
 */
async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMsOf(pid));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return cpu;
}

async function download(url: string, token: string, serverPid: number, database: pg.Client) {
  const server = sampleRss(serverPid);
  const reader = sampleRss(undefined);
  const serverCpu = cpuMsOf(serverPid);
  const databaseBefore = await databaseCpu(database);
  const readerCpu = process.cpuUsage();
  const started = performance.now();
  const res = await httpGet(url, { authorization: `Bearer ${token}` });
  let bytes = 0;
  let lines = 0;
  const hash = HASH ? createHash('sha256') : undefined;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash?.update(chunk);
    // Count line ends with indexOf (native), not a JS loop per byte.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const readerUsage = process.cpuUsage(readerCpu);
  let databaseMs = 0;
  for (const [pid, ms] of await databaseCpu(database)) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
  const cpuMs = {
    server: cpuMsOf(serverPid) - serverCpu,
    database: databaseMs,
    reader: (readerUsage.user + readerUsage.system) / 1000,
  };
  const sha256 = hash ? ` sha256 ${hash.digest('hex').slice(0, 16)}` : '';
  return {
    rows: lines - 1,
    bytes,
    seconds,
    cpuMs,
    server: server.stop(),
    reader: reader.stop(),
    sha256,
  };
}
