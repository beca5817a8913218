import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { moduleEnum } from './enums.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Keyword counts and data enhancement counts (issue 22, decision 0093): what a company asked the
 * data vendor to count and what it answered. Owned by the keyword-counts module. A row is created
 * pending when queued (or done at once when the 7-day history answers it), asked by a job, and
 * finished once: done with its counts, or error (a retry puts it back to pending).
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();
const textList = () => text().array().notNull().default(sql`'{}'::text[]`);

/** Spec 2 §3 keyword count row: one keyword in one place for one module, counted for one company. */
export const keywordCounts = pgTable(
  'keyword_counts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The agency or client whose table it is in. */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    requestedByUserId: integer().references(() => users.id),
    /** The queued request it came in (one e-mail per request once it finishes, when it waited). */
    batchId: text().notNull(),
    module: moduleEnum().notNull(),
    /** national | state | zip */
    targetLocation: text().notNull(),
    states: textList(),
    cities: textList(),
    zips: textList(),
    keyword: text().notNull(),
    /** What the 7-day history compares: the keyword trimmed, single-spaced, lowercased. */
    keywordKey: text().notNull(),
    /** pending | error | done (spec 2 §3: error, pending, other). */
    status: text().notNull().default('pending'),
    count: integer(),
    countWithoutGeo: integer(),
    apiVersion: text().notNull().default(''),
    /** The vendor's ticket while it is counting slowly (heavy load). */
    vendorTicket: text(),
    /** When the vendor first made this count wait (heavy load): its request is e-mailed once done. */
    waitedAt: timestamp({ withTimezone: true }),
    /** The count of the last 7 days this one was answered from, if any. */
    historyOfId: integer(),
    /** Times the vendor was asked (a retry asks again). */
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    countedAt: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
  },
  (t) => [
    index('keyword_counts_company_idx').on(t.companyId, t.module, t.createdAt),
    // The history: done counts of a keyword in a module, newest first.
    index('keyword_counts_history_idx')
      .on(t.systemId, t.module, t.keywordKey, t.countedAt)
      .where(sql`${t.status} = 'done'`),
    index('keyword_counts_batch_idx').on(t.batchId),
    check('keyword_counts_status', sql`${t.status} in ('pending', 'error', 'done')`),
    check('keyword_counts_target_location', sql`${t.targetLocation} in ('national', 'state', 'zip')`),
    check(
      'keyword_counts_done_has_counts',
      sql`(${t.status} = 'done') = (${t.count} is not null and ${t.countWithoutGeo} is not null)`,
    ),
    check('keyword_counts_non_negative', sql`${t.count} >= 0 and ${t.countWithoutGeo} >= 0`),
  ],
);

/** A data enhancement count (spec 2 §4): a campaign's audience and its fields of one information type. */
export const enhancementCounts = pgTable(
  'enhancement_counts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    /** The campaign's client (what the scope of a history read checks). */
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    requestedByUserId: integer().references(() => users.id),
    /** An information type of the catalogue (`@app/contracts` INFORMATION_TYPES). */
    informationType: text().notNull(),
    status: text().notNull().default('pending'),
    /** People the vendor holds for the campaign's keywords and geography. */
    audience: integer(),
    /** Per field id of the type: how many of them carry it. */
    fieldCounts: jsonb().$type<Record<string, number>>(),
    apiVersion: text().notNull().default(''),
    vendorTicket: text(),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    countedAt: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
  },
  (t) => [
    index('enhancement_counts_campaign_idx').on(t.campaignId, t.informationType, t.createdAt),
    check('enhancement_counts_status', sql`${t.status} in ('pending', 'error', 'done')`),
    check(
      'enhancement_counts_done_has_counts',
      sql`(${t.status} = 'done') = (${t.audience} is not null and ${t.fieldCounts} is not null)`,
    ),
  ],
);
