import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { companies } from './tenancy.js';

/*
 * Locator campaigns mirrored to the ad platform (issue 11, decision 0051). Our campaign row is the
 * truth; this is the mirror's bookkeeping. Every change the platform must see (a move, a targeting
 * edit) raises `revision` in the same transaction as the change (the intent); the mirror calls the
 * platform with no transaction open and then records `mirrored_revision` (the result). A row behind
 * is retried by the `campaigns.locator-mirror` job, so a failed call never leaves our state wrong.
 */
export const locatorMirrors = pgTable(
  'locator_mirrors',
  {
    campaignId: integer()
      .primaryKey()
      .references(() => campaigns.id),
    /** Raised by every change to mirror; the platform calls of a revision share its idempotency keys. */
    revision: integer().notNull().default(1),
    /** The last revision the platform is known to hold. */
    mirroredRevision: integer().notNull().default(0),
    /** Failed attempts since the last success. */
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When the retry job may try again; null = parked (the platform refused: only a new change retries). */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow(),
    /** One mirror at a time per campaign: held by a row update, never by an open transaction. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** The ad platform's visitors are taken up to here (exclusive cursor for the next poll). */
    conversionsUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('locator_mirrors_behind_idx').on(t.nextAttemptAt).where(sql`${t.mirroredRevision} < ${t.revision}`),
    check('locator_mirrors_revisions', sql`${t.mirroredRevision} <= ${t.revision} and ${t.revision} > 0`),
  ],
);

/** The ad platform's organisation of each company (an agency, and each client under it). */
export const adPlatformOrganizations = pgTable('ad_platform_organizations', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  organizationId: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
});
