import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Ad media (issue 24, decision 0113), owned by the ad-media module: the display ads a company keeps
 * for its Simplifi campaigns — images in one of the IAB sizes and HTML5 ads as ZIP archives, both
 * checked by their bytes on the way in — and the single-use links that download them. The bytes live
 * in the file-storage port under `storage_key`, so every process (API or worker) reads the same file.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** One display ad: its file's facts, whose it is, and where it runs. */
export const adMedia = pgTable(
  'ad_media',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The agency or client whose media it is (a campaign's media is its client's). */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The agency the media is under: the company itself, or the client's agency (its list reads one index). */
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    uploadedByUserId: integer().references(() => users.id),
    /** The Simplifi campaign it is attached to, if any (the campaign's client or agency owns the media). */
    campaignId: integer().references(() => campaigns.id),
    /** image | html5 */
    kind: text().notNull(),
    /** upload (a person's file) | builder (a PNG the banner builder rendered) */
    origin: text().notNull(),
    name: text().notNull(),
    /** What the bytes are (found by content, never taken from the request). */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** One of the IAB sizes: read from the image, or from an HTML5 ad's `ad.size` meta tag. */
    width: integer().notNull(),
    height: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    /** Where a click on the ad leads (the banner builder's design carries it; uploads may set it). */
    clickUrl: text(),
    /** The ad platform's id of the ad made from it, recorded by the ad-campaigns module. */
    platformAdId: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('ad_media_company_idx').on(t.companyId, t.createdAt),
    index('ad_media_agency_idx').on(t.agencyId, t.createdAt),
    index('ad_media_campaign_idx').on(t.campaignId, t.createdAt).where(sql`${t.campaignId} is not null`),
    check('ad_media_kind', sql`${t.kind} in ('image', 'html5')`),
    check('ad_media_origin', sql`${t.origin} in ('upload', 'builder')`),
    check('ad_media_size_positive', sql`${t.sizeBytes} > 0 and ${t.width} > 0 and ${t.height} > 0`),
  ],
);

/**
 * A download link for some media: only the SHA-256 of its token is kept. It is spent by one
 * conditional UPDATE (`used_at is null and expires_at > now()`), so of any number of concurrent
 * uses exactly one gets the files.
 */
export const adMediaDownloadTokens = pgTable(
  'ad_media_download_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** Who asked for the link (their scope was checked for every media id then). */
    userId: integer()
      .notNull()
      .references(() => users.id),
    mediaIds: integer().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ad_media_download_tokens_expiry_idx').on(t.expiresAt),
    check('ad_media_download_tokens_ids', sql`cardinality(${t.mediaIds}) between 1 and 20`),
  ],
);
