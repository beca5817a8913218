import { mkdir, rm, writeFile } from 'node:fs/promises';
import { openDatabase, openMemoryPglite, seedDemo } from '@app/db';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../src/modules/identity/password-hasher.js';
import { createLocalFileStorage } from '../src/providers/files/local-file-storage.js';
import { adminQuery, testDbKind, testRunPaths, urlForDatabase } from './test-run.js';

/** Builds the migrated, seeded template once per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const run = testRunPaths(`${process.pid}_${Date.now().toString(36)}`);
  project.provide('testRun', run);
  await mkdir(run.filesDir, { recursive: true });
  const storage = createLocalFileStorage(run.filesDir);
  const kind = testDbKind();
  if (kind === 'pglite') {
    const pglite = await openMemoryPglite();
    const handle = await openDatabase({ pglite });
    await handle.migrate();
    await seedDemo(handle.db, { hashPassword, putFile: storage.put });
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(run.pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    return () => rm(run.dir, { recursive: true, force: true });
  }
  await adminQuery(`create database ${run.pgTemplateDb}`);
  const handle = await openDatabase({ url: urlForDatabase(run.pgTemplateDb) });
  await handle.migrate();
  await seedDemo(handle.db, { hashPassword, putFile: storage.put });
  await handle.close();
  return async () => {
    await adminQuery(`drop database if exists ${run.pgTemplateDb} with (force)`);
    await rm(run.dir, { recursive: true, force: true });
  };
}
