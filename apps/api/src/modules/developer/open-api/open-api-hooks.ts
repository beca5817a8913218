import { DEVELOPER_TEXTS } from '@app/contracts';
import type { Database } from '@app/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../http-errors.js';
import {
  fingerprintOf,
  type HeldKey,
  type HoldOptions,
  holdKey,
  IdempotencyInProgressError,
  IdempotencyMismatchError,
} from '../../../lib/idempotency.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { DeveloperRepository } from '../developer-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it runs (Open API POSTs). */
    idempotencyHold: (HeldKey & { held: true }) | null;
    /** The key a token exchange named (the exchange is logged against it). */
    exchangedKeyId: { keyId: number; companyId: number } | null;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Marks a stored answer kept sealed (an older plain one is replayed as it is). */
const SEALED = 'sealed:v1:';

/**
 * The Open API's cross-cutting behaviour, for the routes of the plugin it is added to:
 * - `Idempotency-Key` on every POST (decision 0101): the first request with a key runs and its answer
 *   (status and body, unless a 5xx) is stored; a repeat — also one arriving while the first still
 *   runs, which waits for it — gets the same answer with `Idempotent-Replayed: true`; the key reused
 *   for another request is a 422. Keys are the company's: another key of the same company sees them.
 *   With `secrets`, the stored answer is sealed (it may hold a secret shown once, decision 0106).
 * - every call logged against its key (`api_request_log`), after the answer is sent.
 */
export function addOpenApiHooks(
  app: FastifyInstance,
  deps: {
    db: Database;
    repo: DeveloperRepository;
    idempotency?: HoldOptions;
    secrets?: Pick<SecretBox, 'seal' | 'open'>;
  },
) {
  app.decorateRequest('idempotencyHold', null);
  app.decorateRequest('exchangedKeyId', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    const key = principalKey(request);
    if (header === undefined || !key) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw new HttpError(
        400,
        'bad_request',
        'The Idempotency-Key header must be 1 to 255 visible characters.',
      );
    const operation = `${request.method} ${request.routeOptions.url}`;
    let held: HeldKey;
    try {
      held = await holdKey(
        deps.db,
        {
          scope: `open-api:${key.companyId}`,
          key: header,
          operation,
          fingerprint: fingerprintOf(operation, { url: request.url, body: request.body ?? null }),
        },
        deps.idempotency,
      );
    } catch (err) {
      if (err instanceof IdempotencyMismatchError)
        throw new HttpError(422, 'idempotency_key_reused', DEVELOPER_TEXTS.idempotencyMismatch);
      if (err instanceof IdempotencyInProgressError) {
        reply.header('retry-after', 1);
        throw new HttpError(409, 'idempotency_in_progress', DEVELOPER_TEXTS.idempotencyInProgress);
      }
      throw err;
    }
    if (held.held) {
      request.idempotencyHold = held;
      return;
    }
    const stored = held.stored.response;
    if (!stored) throw new HttpError(409, 'idempotency_in_progress', DEVELOPER_TEXTS.idempotencyInProgress);
    const body =
      deps.secrets && stored.body.startsWith(SEALED)
        ? await deps.secrets.open(stored.body.slice(SEALED.length))
        : stored.body;
    return reply
      .code(stored.status)
      .header('content-type', stored.contentType)
      .header('idempotent-replayed', 'true')
      .send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const hold = request.idempotencyHold;
    if (!hold) return payload;
    request.idempotencyHold = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await hold.release();
    else
      await hold.finish({
        response: {
          status: reply.statusCode,
          body: deps.secrets ? SEALED + (await deps.secrets.seal(payload)) : payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        },
      });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const key = principalKey(request);
    if (!key) return;
    const header = request.headers['idempotency-key'];
    await deps.repo
      .logCall({
        keyId: key.keyId,
        companyId: key.companyId,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        url: request.url.slice(0, 2000),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
        idempotencyKey: typeof header === 'string' ? header.slice(0, 255) : null,
      })
      .catch((err) => request.log.warn({ err }, 'open api call not logged'));
  });
}

const principalKey = (request: FastifyRequest) =>
  request.keyPrincipal
    ? { keyId: request.keyPrincipal.keyId, companyId: request.keyPrincipal.companyId }
    : request.exchangedKeyId;
