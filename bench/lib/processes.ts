import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Starts a TypeScript server file in its own Node process (no npm/npx wrapper, so signals reach
 * it) and waits until `readyUrl` answers 200 (bounded wait). `nodeArgs` go to Node before the file
 * (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept).
 */
export async function startServer(
  file: string,
  env: Record<string, string>,
  readyUrl: string,
  nodeArgs: readonly string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], {
    // No demo visitors beside a benchmark's load (decision 0050); a caller may still set it.
    env: { ...process.env, DEMO_VISITORS: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const args = [file];
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer within 120 s`);
}

/** Stops a process we started (SIGTERM, then SIGKILL after 10 s). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await once(child, 'exit');
  clearTimeout(timer);
}
