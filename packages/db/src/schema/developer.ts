import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true });

/**
 * Open API keys (decision 0100): a company's client credentials. `clientId` is public; of the secret
 * only its SHA-256 is kept (the secret is 256 random bits, shown once). A rotation makes a new row
 * naming the one it replaced and revokes that one; a revoked key answers nothing any more.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: text().notNull().unique(),
    secretSha256: text().notNull(),
    /** The secret's last four characters, so a person can tell keys apart. */
    secretHint: text().notNull(),
    /** What the key may do (`@app/policy` API scopes). */
    scopes: text().array().notNull(),
    /** The person who made the key: the key acts on the company's behalf, its calls are logged under it. */
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: at().defaultNow().notNull(),
    /** The key this one replaced (rotation). */
    rotatedFromId: integer(),
    revokedAt: at(),
    revokedByUserId: integer().references(() => users.id),
    revokeReason: text(),
    lastUsedAt: at(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId)],
);

/** Every call made with a key (token exchanges included): who, what, the answer, how long it took. */
export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer()
      .notNull()
      .references(() => apiKeys.id),
    companyId: integer().notNull(),
    method: text().notNull(),
    /** The route's pattern (`/api/v1/campaigns/:id`), so calls group by endpoint. */
    route: text().notNull(),
    url: text().notNull(),
    status: smallint().notNull(),
    durationMs: integer().notNull(),
    ip: text().notNull(),
    idempotencyKey: text(),
    at: at().defaultNow().notNull(),
  },
  (t) => [index('api_request_log_key_at_idx').on(t.keyId, t.at)],
);

/** A system's developer settings: the one-time fee charged when an agency first enables the API. */
export const developerSettings = pgTable(
  'developer_settings',
  {
    systemId: integer()
      .primaryKey()
      .references(() => systems.id),
    feeCents: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: at().defaultNow().notNull(),
    updatedByUserId: integer().references(() => users.id),
  },
  (t) => [check('developer_settings_fee', sql`${t.feeCents} >= 0 and ${t.feeCents} <= 10000000`)],
);

/**
 * Idempotency keys (decision 0101), one store for every idempotent operation: the sandbox gateway's
 * and ad platform's calls, and the Open API's `Idempotency-Key`. `scope` names the namespace (the
 * caller whose keys they are); `fingerprint` the request the key was first used with. `state` is
 * `started` while a request holds the key outside a transaction (until `lockedUntil`), `done` once
 * its outcome is stored: an object id, an error, or an HTTP answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    operation: text().notNull(),
    fingerprint: text().notNull(),
    state: text().notNull().default('done'),
    resultId: text(),
    error: jsonb().$type<{
      code: string;
      message: string;
      declineCode: string | null;
      param: string | null;
    }>(),
    response: jsonb().$type<{ status: number; body: string; contentType: string }>(),
    lockedUntil: at(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_result_idx').on(t.resultId),
    check('idempotency_keys_state', sql`${t.state} in ('started', 'done')`),
  ],
);

/**
 * Rate-limit counters of `rate-limiter-flexible`'s Drizzle store (decision 0102): shared by every
 * process; `expire` ends the key's window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: at(),
});
