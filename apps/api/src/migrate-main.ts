import { join } from 'node:path';
import { openDatabase, queryRows, sql } from '@app/db';
import { loadConfig } from './config.js';

/**
 * `npm run migrate`: the release command (`npm start` runs it before the server). It brings the
 * database's schema up to date under the migration lock and ends; every process started afterwards
 * takes the same lock, finds nothing to do and goes on (decision 0116). The demo seed stays with the
 * first start: it is made through the running product's services.
 */
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') },
);
/** Migrations recorded in drizzle's table (none before the first migration made it). */
async function recorded(): Promise<number> {
  const [table] = await queryRows<{ found: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return 0;
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}

try {
  const startedAt = performance.now();
  const before = await recorded();
  await database.migrate();
  const after = await recorded();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(
    `database migrated (${where}): ${after - before} applied now, ${after} in all, ${Math.round(performance.now() - startedAt)} ms`,
  );
} finally {
  await database.close();
}
