import { join, resolve } from 'node:path';
import pg from 'pg';

/**
 * One test run's own folder and template database, named by the global setup and handed to the
 * test files (vitest provide/inject), so two runs on one machine never share or drop each other's.
 */
export interface TestRunPaths {
  dir: string;
  filesDir: string;
  pgliteTemplate: string;
  pgTemplateDb: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRun: TestRunPaths;
  }
}

export function testRunPaths(runId: string): TestRunPaths {
  const dir = resolve(import.meta.dirname, '../../../.data-test', runId);
  return {
    dir,
    filesDir: join(dir, 'files'),
    pgliteTemplate: join(dir, 'template.tar.gz'),
    pgTemplateDb: `app_test_tpl_${runId}`,
  };
}

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
