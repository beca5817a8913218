import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '@app/db';
import { cloneTestDatabase, currentRun } from './test-database.js';
import { testDbKind } from './test-run.js';

/*
 * What the killed-process tests share (onboarding-crash, ingest-takeover): a database a child
 * process can open and the test can open again after killing it, the child itself, and its output lines.
 */

export type Clone = DatabaseHandle & { dispose(): Promise<void> };

/** A database a second process can open: a PostgreSQL clone, or a PGlite data folder filled from the template. */
export async function crashableDatabase(): Promise<{ open(): Promise<Clone>; env: Record<string, string> }> {
  if (testDbKind() === 'postgres') {
    const clone = await cloneTestDatabase();
    const url = clone.url;
    if (!url) throw new Error('expected a PostgreSQL clone');
    let opened = false;
    return {
      env: { DATABASE_URL: url },
      // The first opening is the clone itself; later ones reconnect to the same database.
      async open() {
        if (!opened) {
          opened = true;
          return clone;
        }
        const again = await openDatabase({ url });
        return { ...again, dispose: () => again.close() };
      },
    };
  }
  const dataDir = join(currentRun().dir, `crash-${randomBytes(4).toString('hex')}`);
  let first = true;
  return {
    // DATABASE_URL emptied: CI sets it for the PostgreSQL run, and the child would open that instead.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async open() {
      const loadFrom = first ? new Blob([await readFile(currentRun().pgliteTemplate)]) : undefined;
      first = false;
      const handle = await openDatabase({ dataDir: join(dataDir, 'db'), loadFrom });
      return { ...handle, dispose: () => handle.close() };
    },
  };
}

/** Resolves with the child's first stdout line matching `pattern` (rejects if it exits first). */
export function lineFrom(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} from the child within ${timeoutMs} ms: ${seen}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => pattern.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the child exited (${code ?? signal}) before ${pattern}: ${seen}`));
    });
  });
}

/**
 * Starts one of the test children (`test/<script>`) on the crashable database, without the web build;
 * `children` collects it so the file's afterAll kills it whatever happened.
 */
export function spawnTestChild(
  script: string,
  env: Record<string, string>,
  children: ChildProcess[],
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script)], {
    env: { ...process.env, ...env, WEB_DIST: join(currentRun().dir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}
