import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type DatabaseHandle, openDatabase, openMemoryPglite } from '@app/db';
import { inject } from 'vitest';
import { adminQuery, type TestRunPaths, testDbKind, urlForDatabase } from './test-run.js';

/** This run's paths, as the global setup provided them. */
export const currentRun = (): TestRunPaths => inject('testRun');

/**
 * A fresh, migrated and seeded database for one test file: a PGlite loaded from the template
 * dump, or a PostgreSQL database created from the template database.
 */
export async function cloneTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const blob = new Blob([await readFile(currentRun().pgliteTemplate)]);
    const handle = await openDatabase({ pglite: await openMemoryPglite(blob) });
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${currentRun().pgTemplateDb}`);
  const handle = await openDatabase({ url: urlForDatabase(name) });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
