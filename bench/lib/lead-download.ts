import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { signInOverHttp } from './api-bench.js';
import { sampleRss } from './process-memory.js';
import { freePort, startServer, stopServer } from './processes.js';

const API_MAIN = resolve(import.meta.dirname, '../../apps/api/src/main.ts');
/** Rounds of the download cases, alternating (BENCH_LEAD_EXPORT_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_LEAD_EXPORT_ROUNDS ?? 1);
/** A folder for the API process's CPU profile (node --cpu-prof), written when it stops. */
const CPU_PROFILE_DIR = process.env.BENCH_API_CPU_PROF;

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

/**
 * Lead downloads from the API in its own process (as in production: `apps/api/src/main.ts`, no
 * worker), read over HTTP on 127.0.0.1 by this process as fast as it can. The server's RSS is
 * sampled from /proc and printed apart from the reader's, so "flat memory" is the server's alone:
 * its peak over its RSS before the download, for each size.
 */
export async function benchLeadDownloads(databaseUrl: string, email: string, cases: DownloadCase[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-download-'));
  const port = await freePort();
  const api = await startServer(
    API_MAIN,
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
    CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [],
  );
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const token = await signInOverHttp(base, email);
    const pid = api.pid;
    if (pid === undefined) throw new Error('the API process has no pid');
    console.log(
      '  CSV download (API in its own process)     rows     MB      s    rows/s   server RSS MB before → peak   reader RSS MB before → peak   load',
    );
    for (let round = 0; round < ROUNDS; round++)
      for (const c of cases) {
        const figures = await download(`${base}${c.path}`, token, pid);
        console.log(
          `  ${c.name.padEnd(38)} ${figures.rows.toLocaleString('en-US').padStart(9)} ${mb(figures.bytes).padStart(6)} ${figures.seconds.toFixed(1).padStart(6)} ${Math.round(
            figures.rows / figures.seconds,
          )
            .toLocaleString('en-US')
            .padStart(
              9,
            )}   ${`${mb(figures.server.before)} → ${mb(figures.server.peak)}`.padStart(27)}   ${`${mb(figures.reader.before)} → ${mb(figures.reader.peak)}`.padStart(27)}   ${load()}`,
        );
      }
  } finally {
    await stopServer(api);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function download(url: string, token: string, serverPid: number) {
  const server = sampleRss(serverPid);
  const reader = sampleRss(undefined);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    // Count line ends with indexOf (native), not a JS loop per byte.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, bytes, seconds, server: server.stop(), reader: reader.stop() };
}
