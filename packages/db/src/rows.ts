import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/** The first row of a result that must have one (an insert's RETURNING, a lookup by a known key). */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what}: no row`);
  return row;
}

/**
 * The rows of a raw SQL statement, typed as the caller's select list says. Both drivers answer
 * `{ rows }`; this is the one place that reads it, so no repository casts a driver's result.
 */
export async function queryRows<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Text for a LIKE pattern taken literally: `%`, `_` and `\` escaped (PostgreSQL's default escape
 * character), so a search for "50%" finds "50%" and a key prefix cannot widen itself.
 */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
