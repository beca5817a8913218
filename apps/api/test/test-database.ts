import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DatabaseHandle, openDatabase, openMemoryPglite } from '@app/db';
import pg from 'pg';

/** Where the API tests keep their template database and the seed's files. */
export const TEST_DIR = resolve(import.meta.dirname, '../../../.data-test');
export const TEST_FILES_DIR = join(TEST_DIR, 'files');
export const PGLITE_TEMPLATE = join(TEST_DIR, 'template.tar.gz');
export const PG_TEMPLATE_DB = 'app_test_template';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The server URL (maintenance database) for PostgreSQL test runs. */
export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  return url;
}

export function urlForDatabase(name: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated and seeded database for one test file: a PGlite loaded from the template
 * dump, or a PostgreSQL database created from the template database.
 */
export async function cloneTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const blob = new Blob([await readFile(PGLITE_TEMPLATE)]);
    const handle = await openDatabase({ pglite: await openMemoryPglite(blob) });
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${PG_TEMPLATE_DB}`);
  const handle = await openDatabase({ url: urlForDatabase(name) });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
