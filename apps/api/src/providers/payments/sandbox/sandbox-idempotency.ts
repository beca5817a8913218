import { randomBytes } from 'node:crypto';
import { and, type Database, type Executor, eq, sandboxIdempotency } from '@app/db';
import { GatewayError } from '../gateway.js';

/** A new object id with Stripe's prefixes (`ch_`, `cus_`, `acct_`…), so logs read alike. */
export const newId = (prefix: string) => `${prefix}_sbx${randomBytes(12).toString('hex')}`;

/** The request as Stripe compares it: every field but the key, in a stable order. */
function fingerprintOf(operation: string, input: object): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key, v]) => key !== 'idempotencyKey' && v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, v]) => [key, sorted(v)]),
        )
      : value;
  return JSON.stringify([operation, sorted(input)]);
}

/** What an operation did: the object it made, and the events to deliver once committed. */
export interface Done {
  id: string;
  eventIds: string[];
}

/**
 * Runs one mutating operation under its idempotency key, in one transaction: the key is claimed first
 * (a concurrent call with the same key waits on that row, then reads the committed answer), the work
 * runs, and its result is stored with the key. Card errors are stored too and replayed, as Stripe
 * does once a request has started executing; invalid requests roll back and leave the key unused.
 */
export async function runIdempotent(
  db: Database,
  scope: string,
  operation: string,
  input: { idempotencyKey: string } & object,
  work: (tx: Executor) => Promise<Done>,
): Promise<Done> {
  const key = input.idempotencyKey;
  if (!key || key.length > 255)
    throw new GatewayError(
      'invalid_request',
      'An idempotency key of 1 to 255 characters is required.',
      null,
      'idempotencyKey',
    );
  const fingerprint = fingerprintOf(operation, input);
  const outcome = await db.transaction(async (tx): Promise<Done | GatewayError> => {
    const claimed = await tx
      .insert(sandboxIdempotency)
      .values({ scope, key, operation, fingerprint })
      .onConflictDoNothing()
      .returning({ key: sandboxIdempotency.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(sandboxIdempotency)
        .where(and(eq(sandboxIdempotency.scope, scope), eq(sandboxIdempotency.key, key)));
      if (!first || first.fingerprint !== fingerprint)
        throw new GatewayError(
          'idempotency_mismatch',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      if (first.error)
        return new GatewayError(
          first.error.code as GatewayError['code'],
          first.error.message,
          first.error.declineCode as GatewayError['declineCode'],
          first.error.param,
        );
      return { id: first.resultId ?? '', eventIds: [] };
    }
    try {
      const done = await work(tx);
      await tx
        .update(sandboxIdempotency)
        .set({ resultId: done.id })
        .where(and(eq(sandboxIdempotency.scope, scope), eq(sandboxIdempotency.key, key)));
      return done;
    } catch (err) {
      if (!(err instanceof GatewayError && isStoredOutcome(err))) throw err;
      await tx
        .update(sandboxIdempotency)
        .set({
          error: { code: err.code, message: err.message, declineCode: err.declineCode, param: err.param },
        })
        .where(and(eq(sandboxIdempotency.scope, scope), eq(sandboxIdempotency.key, key)));
      return err;
    }
  });
  if (outcome instanceof GatewayError) throw outcome;
  return outcome;
}

const isStoredOutcome = (err: GatewayError) =>
  err.code === 'card_declined' || err.code === 'authentication_required';
