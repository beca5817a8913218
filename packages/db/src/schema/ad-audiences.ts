import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Ad-platform audiences (issue 24, decision 0114), owned by the ad-audiences module: an uploaded
 * list of customers kept as MD5 keys only (a plain e-mail address is hashed as it is read and never
 * stored), the keys staged on their way in (COPYed by the request, moved by a job, as the exclusion
 * lists do: decision 0092), and which Simplifi campaigns use which audience.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/**
 * One audience: whose (an agency or a client), who uploaded it, what its file held and how far its
 * keys are stored. Statuses: `receiving` (the request is still streaming the file in), `processing`
 * (a worker moves the staged keys in; `leaseUntil` tells another worker when it may take over),
 * `ready`, `failed` (with `error`; nothing of its keys stays).
 */
export const adAudiences = pgTable(
  'ad_audiences',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The agency or client the audience belongs to. */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The agency: the company itself, or the client's agency (an agency's list holds its clients'). */
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** What the file's rows held: `email` (hashed here) or `md5`. */
    keyKind: text().notNull(),
    fileName: text().notNull(),
    status: text().notNull().default('receiving'),
    /** Data rows read (header and blank lines not counted). */
    rowsRead: integer().notNull().default(0),
    /** Rows that held a usable key. */
    keysAccepted: integer().notNull().default(0),
    /** Rows without one; the first of them are kept in `badLines`. */
    badLineCount: integer().notNull().default(0),
    badLines: jsonb().$type<{ line: number; reason: string; text: string }[]>().notNull().default([]),
    /** Accepted rows moved in so far (the progress), by the ranges they came in. */
    mergedRows: integer().notNull().default(0),
    mergedRanges: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Distinct keys stored (accepted rows less the repeats). */
    keysStored: integer().notNull().default(0),
    error: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** The ad platform's audience, once a campaign pushed it there (the ad-campaigns module). */
    platformAudienceId: text(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('ad_audiences_company_idx').on(t.companyId, t.createdAt),
    index('ad_audiences_agency_idx').on(t.agencyId, t.createdAt),
    check('ad_audiences_status', sql`${t.status} in ('receiving', 'processing', 'ready', 'failed')`),
    check('ad_audiences_key_kind', sql`${t.keyKind} in ('email', 'md5')`),
  ],
);

/** An audience's keys: the MD5 of a trimmed, lowercased e-mail address, lowercase hex, once each. */
export const adAudienceKeys = pgTable(
  'ad_audience_keys',
  {
    audienceId: bigint({ mode: 'number' })
      .notNull()
      .references(() => adAudiences.id, { onDelete: 'cascade' }),
    md5: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.audienceId, t.md5] }),
    check('ad_audience_keys_md5', sql`length(${t.md5}) = 32 and ${t.md5} ~ '^[0-9a-f]+$'`),
  ],
);

/**
 * An upload's accepted keys on their way in, numbered 1, 2, … in file order (`seq`: the job takes them
 * in ranges and reports its progress in them), deleted as they are moved. Unlogged, as the exclusion
 * lists' staging (rows that live seconds need no WAL; a crash fails the upload instead).
 */
export const adAudienceStaging = pgTable(
  'ad_audience_staging',
  {
    audienceId: bigint({ mode: 'number' }).notNull(),
    seq: integer().notNull(),
    md5: text().notNull(),
  },
  (t) => [index('ad_audience_staging_audience_seq_idx').on(t.audienceId, t.seq)],
);

/** Which Simplifi campaigns use which audiences (kept by the ad-campaigns module through the public face). */
export const adCampaignAudiences = pgTable(
  'ad_campaign_audiences',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    audienceId: bigint({ mode: 'number' })
      .notNull()
      .references(() => adAudiences.id),
    attachedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.audienceId] }),
    index('ad_campaign_audiences_audience_idx').on(t.audienceId),
  ],
);
