import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Runs `work`, and when `dir` is given writes this thread's CPU profile of it to
 * `dir/name-<time>.cpuprofile` (open it in Chrome's DevTools, or sum its self times). Without a
 * folder the work runs as it is: no profiler, no cost.
 */
export async function cpuProfiled<T>(
  dir: string | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${name}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`    CPU profile: ${file}`);
  }
}
