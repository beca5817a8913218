import { setTimeout as sleep } from 'node:timers/promises';
import { and, type Database, type Executor, eq, idempotencyKeys, inArray, like, sql } from '@app/db';

/**
 * One idempotency store (decision 0101) for every operation that must happen once per key: the
 * sandbox gateway's and the sandbox ad platform's calls (whose work and key commit together, in one
 * transaction) and the Open API's `Idempotency-Key` (whose work is a whole request, so the key is
 * held outside a transaction while it runs). Both compare a repeat's request with the first one's
 * fingerprint and answer the stored outcome.
 */

/** Which key, in whose namespace, for what request. */
export interface IdempotencyClaim {
  /** The namespace of the keys (an account, a caller): the same key elsewhere is another key. */
  scope: string;
  key: string;
  operation: string;
  /** The request as it is compared: `fingerprintOf`. */
  fingerprint: string;
}

/** What a done key answers again: an object id, an error, or a whole HTTP answer. */
export interface StoredOutcome {
  resultId?: string | null;
  error?: { code: string; message: string; declineCode: string | null; param: string | null } | null;
  response?: { status: number; body: string; contentType: string } | null;
}

/** The key was used before with another request. */
export class IdempotencyMismatchError extends Error {
  constructor(readonly key: string) {
    super(`The idempotency key '${key}' was used before with another request.`);
  }
}

/** The key is held by a request that has not finished within the wait. */
export class IdempotencyInProgressError extends Error {
  constructor(readonly key: string) {
    super(`A request with the idempotency key '${key}' is still being processed.`);
  }
}

/** Stable text of a request: object keys sorted, `omit` and undefined values left out. */
export function fingerprintOf(operation: string, input: unknown, omit: readonly string[] = []): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key, v]) => !omit.includes(key) && v !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, v]) => [key, sorted(v)]),
          )
        : value;
  return JSON.stringify([operation, sorted(input)]);
}

const keyOf = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));

const outcomeOf = (row: typeof idempotencyKeys.$inferSelect): StoredOutcome => ({
  resultId: row.resultId,
  error: row.error,
  response: row.response,
});

export type InTransactionResult<T> =
  | { replayed: false; value: T; stored: StoredOutcome }
  | { replayed: true; stored: StoredOutcome };

/**
 * Runs `work` once per key in one transaction with the key's claim: a concurrent call with the same
 * key waits on the claimed row, then reads the committed outcome. `work` returns what to store
 * beside its value; when it throws, the transaction (and so the claim) rolls back and the key stays
 * unused.
 */
export async function runInTransaction<T>(
  db: Database,
  claim: IdempotencyClaim,
  work: (tx: Executor) => Promise<{ value: T; store: StoredOutcome }>,
): Promise<InTransactionResult<T>> {
  return db.transaction(async (tx): Promise<InTransactionResult<T>> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...claim, state: 'done' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(keyOf(claim));
      if (!first || first.fingerprint !== claim.fingerprint || first.operation !== claim.operation)
        throw new IdempotencyMismatchError(claim.key);
      return { replayed: true, stored: outcomeOf(first) };
    }
    const { value, store } = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({
        resultId: store.resultId ?? null,
        error: store.error ?? null,
        response: store.response ?? null,
      })
      .where(keyOf(claim));
    return { replayed: false, value, stored: store };
  });
}

export type HeldKey =
  /** This request holds the key: run, then `finish` (or `release` when nothing should be kept). */
  | { held: true; finish: (outcome: StoredOutcome) => Promise<void>; release: () => Promise<void> }
  /** A request before this one finished with the key: answer its outcome. */
  | { held: false; stored: StoredOutcome };

export interface HoldOptions {
  /** How long a holder may run before another request may take the key over (a crashed holder). */
  leaseMs?: number;
  /** How long a concurrent request waits for the holder's outcome before it is told to retry. */
  waitMs?: number;
  pollMs?: number;
}

/**
 * Holds a key for work that cannot run inside the claim's transaction (a whole HTTP request whose
 * services open their own): the claim is committed as `started` with a lease; concurrent requests
 * with the key wait for the outcome (polling) and answer it, or are told it is still in progress.
 * A holder that died leaves its lease to run out, after which the next request takes the key over.
 */
export async function holdKey(
  db: Database,
  claim: IdempotencyClaim,
  options: HoldOptions = {},
): Promise<HeldKey> {
  const leaseMs = options.leaseMs ?? 60_000;
  const waitMs = options.waitMs ?? 15_000;
  const pollMs = options.pollMs ?? 25;
  const deadline = Date.now() + waitMs;
  const lease = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  for (;;) {
    const taken = await db
      .insert(idempotencyKeys)
      .values({ ...claim, state: 'started', lockedUntil: lease })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { lockedUntil: lease },
        // Only a lapsed holder's key is taken over, and only by the same request.
        setWhere: sql`${idempotencyKeys.state} = 'started' and ${idempotencyKeys.lockedUntil} < now()
          and ${idempotencyKeys.fingerprint} = ${claim.fingerprint}`,
      })
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) {
      return {
        held: true,
        finish: async (outcome) => {
          await db
            .update(idempotencyKeys)
            .set({
              state: 'done',
              lockedUntil: null,
              resultId: outcome.resultId ?? null,
              error: outcome.error ?? null,
              response: outcome.response ?? null,
            })
            .where(keyOf(claim));
        },
        release: async () => {
          await db.delete(idempotencyKeys).where(and(keyOf(claim), eq(idempotencyKeys.state, 'started')));
        },
      };
    }
    const [first] = await db.select().from(idempotencyKeys).where(keyOf(claim));
    if (first) {
      if (first.fingerprint !== claim.fingerprint || first.operation !== claim.operation)
        throw new IdempotencyMismatchError(claim.key);
      if (first.state === 'done') return { held: false, stored: outcomeOf(first) };
    }
    if (Date.now() >= deadline) throw new IdempotencyInProgressError(claim.key);
    await sleep(pollMs);
  }
}

/** The keys that made these results, in scopes starting with `scopePrefix` (result id → key). */
export async function keysOfResults(
  db: Executor,
  scopePrefix: string,
  operation: string,
  resultIds: readonly string[],
): Promise<Map<string, string>> {
  if (resultIds.length === 0) return new Map();
  const rows = await db
    .select({ key: idempotencyKeys.key, resultId: idempotencyKeys.resultId })
    .from(idempotencyKeys)
    .where(
      and(
        inArray(idempotencyKeys.resultId, [...resultIds]),
        eq(idempotencyKeys.operation, operation),
        like(idempotencyKeys.scope, `${scopePrefix}%`),
      ),
    );
  return new Map(rows.map((r) => [r.resultId ?? '', r.key]));
}

/** Deletes done keys of scopes starting with `scopePrefix` older than `maxAgeSeconds`; answers how many. */
export async function sweepDoneKeys(
  db: Database,
  scopePrefix: string,
  maxAgeSeconds: number,
): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(
      and(
        like(idempotencyKeys.scope, `${scopePrefix}%`),
        eq(idempotencyKeys.state, 'done'),
        sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${maxAgeSeconds})`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
