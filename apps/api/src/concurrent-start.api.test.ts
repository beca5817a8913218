import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEMO, MIGRATIONS_FOLDER, openDatabase, queryRows, sql } from '@app/db';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build-api.js';
import { lineFrom } from '../test/crashable-database.js';
import { currentRun } from '../test/test-database.js';
import { adminQuery, testDbKind, urlForDatabase } from '../test/test-run.js';

/*
 * Four API processes started at once on an empty PostgreSQL database, from the built JavaScript that
 * `npm start` runs (decision 0116): before the advisory locks, each migrated and seeded on its own and
 * they raced on the DDL. They must come up as one product: every migration recorded once, the demo
 * seeded by exactly one of them, all four answering /readyz. The worker stays out of the APIs
 * (IN_PROCESS_WORKER=false), so none spends the machine's two cores on the first start's jobs.
 */
const PROCESSES = 4;
const children: ChildProcess[] = [];
const databaseName = `app_test_start_${randomBytes(5).toString('hex')}`;
// Inside apps/api, so the built files resolve packages from apps/api/node_modules as dist/ does.
const outdir = resolve(import.meta.dirname, `../.build-test-${randomBytes(4).toString('hex')}`);
let databaseCreated = false;

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(testDbKind() !== 'postgres')(
  'four processes started at once on an empty database (PostgreSQL only: PGlite is one process’s own database, no second process can open it)',
  () => {
    beforeAll(async () => {
      await buildApi(outdir);
      await adminQuery(`create database ${databaseName}`);
      databaseCreated = true;
    });
    afterAll(async () => {
      await Promise.all(children.map(stop));
      if (databaseCreated) await adminQuery(`drop database if exists ${databaseName} with (force)`);
      await rm(outdir, { recursive: true, force: true });
    });

    it('migrate once, seed the demo once and all answer as healthy', { timeout: 240_000 }, async () => {
      const url = urlForDatabase(databaseName);
      const dataDir = join(currentRun().dir, databaseName);
      for (let i = 0; i < PROCESSES; i++)
        children.push(
          spawn(process.execPath, [join(outdir, 'main.js')], {
            env: {
              ...process.env,
              DATABASE_URL: url,
              DATA_DIR: dataDir,
              WEB_DIST: join(currentRun().dir, 'no-web'),
              PORT: '0',
              HOST: '127.0.0.1',
              IN_PROCESS_WORKER: 'false',
              DEMO_VISITORS: 'off',
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        );
      const output = children.map((child) => {
        const lines: string[] = [];
        child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
        return lines;
      });
      const ready = await Promise.all(children.map((child) => lineFrom(child, /^Ready on /, 200_000)));

      // All four healthy: each process answers its health check on its own port.
      for (const line of ready) {
        const port = /localhost:(\d+)/.exec(line)?.[1];
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(response.status, line).toBe(200);
      }
      expect(children.map((child) => child.exitCode)).toEqual(children.map(() => null));

      // One seed: exactly one process says it seeded; the others waited and found it done.
      expect(ready.filter((line) => line.includes('seeded the demo'))).toHaveLength(1);

      const database = await openDatabase({ url });
      try {
        // One migration run: each migration recorded once, none missing.
        const recorded = await queryRows<{ hash: string }>(
          database.db,
          sql`select hash from drizzle.__drizzle_migrations order by id`,
        );
        const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
        expect(recorded.map((row) => row.hash)).toEqual(files.map((file) => file.hash));

        // The demo's rows once: its two systems, no company twice, no person twice.
        const systems = await queryRows<{ name: string }>(
          database.db,
          sql`select name from systems order by name`,
        );
        expect(systems.map((row) => row.name)).toEqual(
          [DEMO.brightreach.systemName, DEMO.master.systemName].sort(),
        );
        const companiesTwice = await queryRows<{ name: string }>(
          database.db,
          sql`select name from companies group by name having count(*) > 1`,
        );
        expect(companiesTwice).toEqual([]);
        const twice = await queryRows<{ email: string }>(
          database.db,
          sql`select email from users group by email having count(*) > 1`,
        );
        expect(twice).toEqual([]);
      } finally {
        await database.close();
      }
      expect(output.flat().join('')).not.toMatch(/"level":(50|60)/);
    });
  },
);
