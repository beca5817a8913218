import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';

/*
 * The lead engine's intake (decision 0046): what arrives (a pixel's page view, an identity a vendor
 * pushed, a daily-list identity) is stored here first, in multi-row inserts, and acknowledged; the
 * ingest job drains it in batches through the pipeline. A row is leased while a worker processes
 * it and deleted once its outcome (a lead or a rejection) is stored, so a crash leaves it to be
 * taken again after the lease, and the claims make a second run harmless.
 */
export const leadIntake = pgTable(
  'lead_intake',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    /** pixel | vendor_callback | vendor_list | test (a site test's synthetic identity, priced at 0) */
    source: text().notNull(),
    /** A page view ({ vid, url, ref, ip, ua }) or an identity (the resolver port's `Identity`). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    /** Not taken before this time: the daily list spreads its identities through the day. */
    availableAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    /** Taken by a worker until then; null = free. */
    leaseUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
  },
  (t) => [
    index('lead_intake_available_idx').on(t.availableAt, t.id),
    check('lead_intake_source', sql`${t.source} in ('pixel', 'vendor_callback', 'vendor_list', 'test')`),
  ],
);
