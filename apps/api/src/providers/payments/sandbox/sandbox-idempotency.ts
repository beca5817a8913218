import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '@app/db';
import {
  fingerprintOf,
  IdempotencyMismatchError,
  runInTransaction,
  type StoredOutcome,
} from '../../../lib/idempotency.js';
import { GatewayError } from '../gateway.js';

/** A new object id with Stripe's prefixes (`ch_`, `cus_`, `acct_`…), so logs read alike. */
export const newId = (prefix: string) => `${prefix}_sbx${randomBytes(12).toString('hex')}`;

/** The namespace of an account's keys in the shared store (decision 0101). */
export const sandboxPaymentsScope = (scope: string) => `sandbox-payments:${scope}`;

/** What an operation did: the object it made, and the events to deliver once committed. */
export interface Done {
  id: string;
  eventIds: string[];
}

/**
 * Runs one mutating operation under its idempotency key, in one transaction (the shared store's
 * `runInTransaction`): the key is claimed first (a concurrent call with the same key waits on that
 * row, then reads the committed answer), the work runs, and its result is stored with the key. Card
 * errors are stored too and replayed, as Stripe does once a request has started executing; invalid
 * requests roll back and leave the key unused.
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
  let result: Awaited<ReturnType<typeof runInTransaction<Done | GatewayError>>>;
  try {
    result = await runInTransaction<Done | GatewayError>(
      db,
      {
        scope: sandboxPaymentsScope(scope),
        key,
        operation,
        fingerprint: fingerprintOf(operation, input, ['idempotencyKey']),
      },
      async (tx) => {
        try {
          const done = await work(tx);
          return { value: done, store: { resultId: done.id } };
        } catch (err) {
          if (!(err instanceof GatewayError && isStoredOutcome(err))) throw err;
          const error = {
            code: err.code,
            message: err.message,
            declineCode: err.declineCode,
            param: err.param,
          };
          return { value: err, store: { error } };
        }
      },
    );
  } catch (err) {
    if (err instanceof IdempotencyMismatchError)
      throw new GatewayError(
        'idempotency_mismatch',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    throw err;
  }
  const outcome = result.replayed ? replay(result.stored) : result.value;
  if (outcome instanceof GatewayError) throw outcome;
  return outcome;
}

function replay(stored: StoredOutcome): Done | GatewayError {
  if (stored.error)
    return new GatewayError(
      stored.error.code as GatewayError['code'],
      stored.error.message,
      stored.error.declineCode as GatewayError['declineCode'],
      stored.error.param,
    );
  return { id: stored.resultId ?? '', eventIds: [] };
}

const isStoredOutcome = (err: GatewayError) =>
  err.code === 'card_declined' || err.code === 'authentication_required';
