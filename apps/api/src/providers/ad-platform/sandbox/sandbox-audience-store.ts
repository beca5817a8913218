import {
  and,
  count,
  type Executor,
  eq,
  inArray,
  isNull,
  sandboxAdAudienceKeys,
  sandboxAdAudiences,
} from '@app/db';
import type { AdAudience } from '../ad-platform.js';

/*
 * The sandbox's audiences and their keys (decision 0112). Matching takes a minute after the last
 * keys came, as a real platform's processing takes a while: the status is read against the clock.
 */

/** How long the sandbox "matches" keys before an audience is ready. */
export const AUDIENCE_PROCESSING_MS = 60_000;
/** Keys inserted per statement (well under the 65,535 bind parameters of a statement). */
const KEYS_PER_INSERT = 5_000;

type AudienceRow = typeof sandboxAdAudiences.$inferSelect;

export const audienceOf = (row: AudienceRow, now: Date): AdAudience => ({
  id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  size: row.size,
  status: now.getTime() - row.keysAddedAt.getTime() >= AUDIENCE_PROCESSING_MS ? 'ready' : 'processing',
});

/** The audience unless deleted; with `lock` its row is held until the transaction ends. */
export async function readAudienceRow(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AudienceRow | null> {
  const query = db
    .select()
    .from(sandboxAdAudiences)
    .where(and(eq(sandboxAdAudiences.id, id), isNull(sandboxAdAudiences.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Adds keys (repeats of keys already there are ignored) and returns the audience's distinct count. */
export async function insertKeys(db: Executor, audienceId: string, keys: readonly string[]): Promise<number> {
  for (let at = 0; at < keys.length; at += KEYS_PER_INSERT)
    await db
      .insert(sandboxAdAudienceKeys)
      .values(keys.slice(at, at + KEYS_PER_INSERT).map((key) => ({ audienceId, key })))
      .onConflictDoNothing();
  const [row] = await db
    .select({ n: count() })
    .from(sandboxAdAudienceKeys)
    .where(eq(sandboxAdAudienceKeys.audienceId, audienceId));
  return row?.n ?? 0;
}

/** Live audiences among `ids`, with their organisation. */
export async function readAudiences(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sandboxAdAudiences.id, organizationId: sandboxAdAudiences.organizationId })
    .from(sandboxAdAudiences)
    .where(and(inArray(sandboxAdAudiences.id, [...ids]), isNull(sandboxAdAudiences.deletedAt)));
}
