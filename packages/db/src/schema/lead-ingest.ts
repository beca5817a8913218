import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    /** The campaign's agency (decision 0121), filled by the insert from the campaign. */
    agencyId: integer().notNull(),
    /** pixel | vendor_callback | vendor_list | ad_platform | test (a site test's synthetic identity, priced at 0) */
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
    primaryKey({ name: 'lead_intake_pkey', columns: [t.id, t.agencyId] }),
    index('lead_intake_available_idx').on(t.availableAt, t.id),
    // The leased rows only (in-flight batches, a crashed worker's until its lease ends): the lease
    // reads the campaigns other batches hold from here, never from the whole backlog (decision 0122).
    index('lead_intake_leased_idx').on(t.leaseUntil, t.campaignId).where(sql`${t.leaseUntil} is not null`),
    check(
      'lead_intake_source',
      sql`${t.source} in ('pixel', 'vendor_callback', 'vendor_list', 'ad_platform', 'test')`,
    ),
  ],
);

/*
 * The enhance / b2b daily lists (decision 0051): one row per campaign and local day, the run's
 * idempotency key (`vendor-list:<campaignId>:<day>`) as a primary key. A run leases its row before
 * asking the vendor, and marks it completed in the same transaction as the intake rows it writes, so
 * a second run of the same day — a duplicate job, a retry after a crash — adds nothing.
 */
export const vendorListRuns = pgTable(
  'vendor_list_runs',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    /** The campaign's local date the list is for. */
    day: date({ mode: 'string' }).notNull(),
    /** A run asking the vendor holds the row until then; a crashed run's row is free again after it. */
    leaseUntil: timestamp({ withTimezone: true }).notNull(),
    /** Set with the intake rows: the day's list is written. */
    completedAt: timestamp({ withTimezone: true }),
    /** How many identities went to the intake, and how many the vendor sent beyond the quota. */
    identities: integer().notNull().default(0),
    notSent: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * The pixel's rate limit shared by every API process (decision 0118): hits per campaign (public id) and
 * client address in the current wall-clock minute, summed from each process's counts flushed about once
 * a second. A row from an earlier minute restarts at the next flush of its key; old rows are swept.
 */
export const pixelHits = pgTable(
  'pixel_hits',
  {
    campaign: text().notNull(),
    ip: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaign, t.ip] }),
    index('pixel_hits_window_start_idx').on(t.windowStart),
  ],
);
