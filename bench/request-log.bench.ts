import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { median } from './lib/load.js';

const REQUESTS = process.env.BENCH_REQUEST_LOG_REQUESTS ?? '20000';
const ROUNDS = Number.parseInt(process.env.BENCH_REQUEST_LOG_ROUNDS ?? '7', 10);
const run = resolve(import.meta.dirname, 'request-log-run.ts');

/**
 * What binding the request's id to module log lines costs a request (decision 0119): the same small
 * route with and without the request-log plugin, each side in a process of its own (on Node 20 an
 * AsyncLocalStorage, once used, hooks every promise of its process for good), rounds alternated;
 * main-thread CPU per request, medians.
 */
export async function benchRequestLog() {
  const cpu = { with: [] as number[], without: [] as number[] };
  for (let round = 0; round < ROUNDS; round++)
    for (const side of ['without', 'with'] as const) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', run, side, REQUESTS],
        {
          cwd: import.meta.dirname,
        },
      );
      cpu[side].push(Number.parseFloat(stdout.trim()));
    }
  const [withLog, without] = [median(cpu.with), median(cpu.without)];
  console.log(
    `request log ids (${REQUESTS} injected POSTs a process after as many to warm up, ${ROUNDS} rounds, medians): ` +
      `main-thread CPU per request ${withLog.toFixed(2)} µs with, ${without.toFixed(2)} µs without: ` +
      `+${(withLog - without).toFixed(2)} µs (rounds with ${cpu.with.map((c) => c.toFixed(2)).join('/')}, ` +
      `without ${cpu.without.map((c) => c.toFixed(2)).join('/')}); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
}
