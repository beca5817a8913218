import { mkdir, rm, writeFile } from 'node:fs/promises';
import { openDatabase, openMemoryPglite, seedDemo } from '@app/db';
import { hashPassword } from '../src/modules/identity/password-hasher.js';
import { createLocalFileStorage } from '../src/providers/files/local-file-storage.js';
import {
  adminQuery,
  PG_TEMPLATE_DB,
  PGLITE_TEMPLATE,
  TEST_DIR,
  TEST_FILES_DIR,
  testDbKind,
  urlForDatabase,
} from './test-database.js';

/** Builds the migrated, seeded template once per run; each test file clones it. */
export default async function setup() {
  await rm(TEST_DIR, { recursive: true, force: true });
  await mkdir(TEST_FILES_DIR, { recursive: true });
  const storage = createLocalFileStorage(TEST_FILES_DIR);
  const kind = testDbKind();
  if (kind === 'pglite') {
    const pglite = await openMemoryPglite();
    const handle = await openDatabase({ pglite });
    await handle.migrate();
    await seedDemo(handle.db, { hashPassword, putFile: storage.put });
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    return;
  }
  await adminQuery(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
  await adminQuery(`create database ${PG_TEMPLATE_DB}`);
  const handle = await openDatabase({ url: urlForDatabase(PG_TEMPLATE_DB) });
  await handle.migrate();
  await seedDemo(handle.db, { hashPassword, putFile: storage.put });
  await handle.close();
  return async () => {
    await adminQuery(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
  };
}
