import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * The banner builder (issue 24, decision 0113), owned by the ad-builder module: a company's saved
 * display-ad designs. The design is JSON checked by the contracts' `bannerDesignSchema` on every
 * write; its picture (optional) is a file in the file-storage port, checked by content.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

export const adBanners = pgTable(
  'ad_banners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The agency (or root company) whose banner it is. */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer().references(() => users.id),
    name: text().notNull(),
    /** `BannerDesign` of `@app/contracts`: texts, colours, font. */
    design: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The picture drawn in the banner, if one was uploaded. */
    imageStorageKey: text(),
    imageContentType: text(),
    imageWidth: integer(),
    imageHeight: integer(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('ad_banners_company_idx').on(t.companyId, t.updatedAt),
    check(
      'ad_banners_image_whole',
      sql`(${t.imageStorageKey} is null) = (${t.imageContentType} is null)
        and (${t.imageStorageKey} is null) = (${t.imageWidth} is null)
        and (${t.imageStorageKey} is null) = (${t.imageHeight} is null)`,
    ),
  ],
);
