import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The integration providers' sandboxes (issue 23, decision 0096): the local state that stands in for
 * a CRM, a spreadsheet service or a mailing list when the real service cannot be reached. Owned by
 * providers/integrations; one set of tables for every provider's sandbox, keyed by the provider's
 * slug. Everything here is sandbox data and is labelled so wherever a person can see it.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** Accounts inside a sandboxed service: a CRM's agency account and its sub-accounts, a spreadsheet. */
export const sandboxIntegrationAccounts = pgTable(
  'sandbox_integration_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    /** The service's own id for it (a location id, a spreadsheet id). */
    externalId: text().notNull(),
    /** The account it belongs to (a sub-account's agency account), if any. */
    parentId: integer(),
    name: text().notNull(),
    data: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_integration_accounts_external').on(t.provider, t.externalId)],
);

/** OAuth codes and tokens the sandbox issued (hashes only), each for one account. */
export const sandboxIntegrationTokens = pgTable(
  'sandbox_integration_tokens',
  {
    /** SHA-256 of the code or token. */
    tokenHash: text().primaryKey(),
    provider: text().notNull(),
    kind: text().notNull(),
    accountId: integer()
      .notNull()
      .references(() => sandboxIntegrationAccounts.id),
    data: jsonb().notNull().default(sql`'{}'::jsonb`),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_integration_tokens_account').on(t.accountId)],
);

/** What the sandboxed service holds: contacts, spreadsheet rows, tags, lists, sends. */
export const sandboxIntegrationRecords = pgTable(
  'sandbox_integration_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    accountId: integer()
      .notNull()
      .references(() => sandboxIntegrationAccounts.id),
    kind: text().notNull(),
    /** The sender's idempotency key: a repeated request finds the record it made. */
    idempotencyKey: text(),
    data: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_integration_records_account').on(t.accountId, t.kind, t.id),
    uniqueIndex('sandbox_integration_records_once')
      .on(t.provider, t.accountId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
