import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Visitor i of a run: the pixel contract wants 16 to 64 letters, digits, - or _. */
export const visitorIdFor = (prefix: string, i: number) => `${prefix}-visitor-${String(i).padStart(8, '0')}`;

export interface PixelLoadResult {
  sent: number;
  acknowledged: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

/** Runs pixel-load.ts in its own process (bounded: AMOUNT requests, killed after 10 minutes). */
export async function runPixelLoad(options: {
  url: string;
  amount: number;
  connections: number;
  campaignPublicIds: readonly string[];
  prefix: string;
  /** View i from visitor `visitorIds[i]` (instead of `visitorIdFor(prefix, i)`). */
  visitorIds?: readonly string[];
  /** Where the load writes the numbers of the views answered 2xx. */
  ackedFile?: string;
}): Promise<PixelLoadResult> {
  const dir = options.visitorIds ? await mkdtemp(join(tmpdir(), 'pixel-load-')) : null;
  try {
    const visitorsFile = dir ? join(dir, 'visitors.txt') : '';
    if (dir) await writeFile(visitorsFile, `${options.visitorIds?.join('\n')}\n`);
    return await runLoadProcess(options, visitorsFile);
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

async function runLoadProcess(
  options: {
    url: string;
    amount: number;
    connections: number;
    campaignPublicIds: readonly string[];
    prefix: string;
    ackedFile?: string;
  },
  visitorsFile: string,
): Promise<PixelLoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'pixel-load.ts')], {
    env: {
      ...process.env,
      URL: options.url,
      AMOUNT: String(options.amount),
      CONNECTIONS: String(options.connections),
      CAMPAIGNS: options.campaignPublicIds.join(','),
      PREFIX: options.prefix,
      VISITORS_FILE: visitorsFile,
      ACKED_FILE: options.ackedFile ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`pixel-load.ts exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as PixelLoadResult;
}
