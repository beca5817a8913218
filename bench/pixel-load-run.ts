import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

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
}): Promise<PixelLoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'pixel-load.ts')], {
    env: {
      ...process.env,
      URL: options.url,
      AMOUNT: String(options.amount),
      CONNECTIONS: String(options.connections),
      CAMPAIGNS: options.campaignPublicIds.join(','),
      PREFIX: options.prefix,
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
