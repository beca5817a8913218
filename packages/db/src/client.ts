import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type StartupLock, withAdvisoryLock } from './advisory-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is a Database too; repositories accept either. */
export type Executor = Database;

/** Plain SQL access for libraries that bring their own SQL (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * A hot statement whose text never changes, parsed and planned once per connection: a named
   * prepared statement on PostgreSQL (each later run sends only its values), an ordinary query on
   * PGlite. `name` must stand for this one text everywhere.
   */
  executePrepared(
    name: string,
    text: string,
    values: unknown[],
  ): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Bulk load with COPY (decision 0092): `COPY table (columns) FROM STDIN` in PostgreSQL's text format,
 * fed by `chunks` (each a whole number of lines). PostgreSQL streams every chunk through one COPY on
 * one pooled connection (pg-copy-streams, back-pressure included); PGlite, which copies from a blob,
 * runs one COPY per chunk, so a caller keeps its chunks to a few MiB. Autocommit: each COPY commits
 * on its own, so callers stage rows they can find and delete again (an upload id).
 */
export type CopyIn = (
  table: string,
  columns: readonly string[],
  chunks: AsyncIterable<string>,
) => Promise<void>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  sql: SqlExecutor;
  copyIn: CopyIn;
  /** Connection string for PostgreSQL (pg-boss opens its own pool); undefined on PGlite. */
  url?: string;
  /**
   * The connection pool's use now (PostgreSQL: node-postgres's counts; metrics read it at each
   * scrape). Absent on PGlite: one in-process connection, no pool to wait for.
   */
  poolUsage?(): PoolUsage;
  /**
   * Brings the schema up to date. On PostgreSQL under the migration advisory lock, on a connection of
   * its own: of processes started at once, one migrates and the others wait, then find nothing to do.
   */
  migrate(): Promise<void>;
  /**
   * Runs start-up work once across processes: under `lock`'s advisory lock on PostgreSQL; as it is on
   * PGlite, which one process owns.
   */
  exclusively<T>(lock: StartupLock, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Connections open (`total`, at most `max`), idle among them, and queries waiting for one. */
export interface PoolUsage {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

const INT8_OID = 20;
/**
 * int8 arrives as a string from pg and as a bigint from PGlite; the code wants numbers. Every
 * int8 we store (ids, cents, micro-dollars) stays far below 2^53, so normalise here, once.
 */
const parseInt8 = (value: string) => Number(value);

/** PGlite loads extensions only when asked: these index the lead report's search (migration 0024). */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export type DatabaseOptions =
  | { url: string }
  /** A PGlite data folder; `loadFrom` fills a new folder from a dump (tests copy their template so). */
  | { dataDir: string; loadFrom?: Blob }
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url);
  if ('pglite' in options) return wrapPglite(options.pglite);
  await mkdir(options.dataDir, { recursive: true });
  return wrapPglite(
    await PGlite.create(options.dataDir, {
      parsers: { [INT8_OID]: parseInt8 },
      extensions: PGLITE_EXTENSIONS,
      ...(options.loadFrom ? { loadDataDir: options.loadFrom } : {}),
    }),
  );
}

/** An in-memory PGlite, for tests that build and throw away a database. */
export async function openMemoryPglite(from?: Blob): Promise<PGlite> {
  return PGlite.create({
    parsers: { [INT8_OID]: parseInt8 },
    extensions: PGLITE_EXTENSIONS,
    ...(from ? { loadDataDir: from } : {}),
  });
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
function copyStatement(table: string, columns: readonly string[], from: string): string {
  // Names come from code, never from a request; checked anyway, as they are spliced into SQL.
  for (const name of [table, ...columns])
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return `COPY ${table} (${columns.join(', ')}) FROM ${from}`;
}

function openPostgres(url: string): DatabaseHandle {
  const max = Number(process.env.DB_POOL_SIZE ?? 10);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (restart, failover, a dropped test database) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    url,
    poolUsage: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    sql: {
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
      async executePrepared(name, text, values) {
        const result = await pool.query({ name, text, values });
        return { rows: result.rows };
      },
    },
    async copyIn(table, columns, chunks) {
      const client = await pool.connect();
      try {
        const target = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from(chunks), target);
        client.release();
      } catch (err) {
        // A COPY that broke off leaves the connection in an unknown state: it is not reused.
        client.release(err instanceof Error ? err : true);
        throw err;
      }
    },
    migrate: () =>
      withAdvisoryLock(url, 'leadorbit.migrate', (client) =>
        migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        }),
      ),
    exclusively: (lock, work) => withAdvisoryLock(url, lock, work),
    close: () => pool.end(),
  };
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    sql: {
      async executeSql(text, values) {
        // pg-boss sends multi-statement scripts without parameters; only `exec` runs those.
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          const withRows = results.filter((r) => r.fields.length > 0).at(-1);
          return { rows: (withRows?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      },
      async executePrepared(_name, text, values) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      },
    },
    async copyIn(table, columns, chunks) {
      const statement = copyStatement(table, columns, "'/dev/blob'");
      for await (const chunk of chunks)
        if (chunk.length > 0) await client.query(statement, [], { blob: new Blob([chunk]) });
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: (_lock, work) => work(),
    close: () => client.close(),
  };
}
