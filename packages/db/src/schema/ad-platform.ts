import type { Cents, Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The sandbox ad platform's own side (decision 0044): what a Simpli.fi-like platform keeps for us —
 * organisations (one per agency or client), campaigns with their targeting, budget and schedule, every
 * status move with its time, and the idempotency keys of the calls that changed them. Product code
 * never reads these tables; only the sandbox adapter does, through the `AdPlatform` port. Decision
 * 0112 adds display campaigns (bid, goal, audiences), audiences of MD5 keys and ads with their history.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** An organisation at the platform: our platform's account holds agencies, an agency holds its clients. */
export const sandboxAdOrganizations = pgTable(
  'sandbox_ad_organizations',
  {
    id: text().primaryKey(),
    /** The organisation it sits under; null for one directly under the platform's account. */
    parentId: text().references((): AnyPgColumn => sandboxAdOrganizations.id),
    name: text().notNull(),
    /** The caller's own reference (our company id), echoed back. */
    reference: text().notNull(),
    /** The platform's custom id (spec 2's CustomID), when given. */
    customId: text(),
    createdAt: createdAt(),
    /** Set when deleted: the organisation is gone for every call, its row kept for its campaigns. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sandbox_ad_organizations_parent_idx').on(t.parentId)],
);

/** The statuses a campaign can have at the platform. `ended` is final. */
export const AD_CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export const SANDBOX_AD_CAMPAIGN_KINDS = ['search', 'display'] as const;
export const SANDBOX_AD_GOAL_TYPES = ['cpc', 'cpa', 'ctr'] as const;

export const sandboxAdCampaigns = pgTable(
  'sandbox_ad_campaigns',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => sandboxAdOrganizations.id),
    /** Our campaign's public 8-digit id: what the platform's visitors report as the campaign. */
    reference: text().notNull(),
    name: text().notNull(),
    /** search (keywords required) or display (ads, geography, audiences). */
    kind: text({ enum: SANDBOX_AD_CAMPAIGN_KINDS }).notNull().default('search'),
    keywords: text().array().notNull(),
    contextualKeywords: text().array().notNull(),
    national: boolean().notNull(),
    /** Two-letter codes. */
    states: text().array().notNull(),
    cities: jsonb().$type<{ city: string; state: string }[]>().notNull(),
    zips: text().array().notNull(),
    dailyBudgetCents: bigint({ mode: 'number' }).$type<Cents>(),
    totalBudgetCents: bigint({ mode: 'number' }).$type<Cents>(),
    /** The CPM bid; null = the platform's automatic bid. */
    maxBidMicros: bigint({ mode: 'number' }).$type<Micros>(),
    /** cpc / cpa (value in micros) or ctr (value in basis points of a percent); both or neither. */
    goalType: text({ enum: SANDBOX_AD_GOAL_TYPES }),
    goalValue: bigint({ mode: 'number' }),
    /** The audiences targeted, in the order given (sandbox_ad_audiences ids). */
    audienceIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Local dates (YYYY-MM-DD) in `time_zone`; the end date is the last day served. */
    startDate: text().notNull(),
    endDate: text(),
    timeZone: text().notNull(),
    status: text({ enum: AD_CAMPAIGN_STATUSES }).notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('sandbox_ad_campaigns_organization_idx').on(t.organizationId),
    check('sandbox_ad_campaigns_status_known', sql`${t.status} in ('draft', 'active', 'paused', 'ended')`),
    check('sandbox_ad_campaigns_kind_known', sql`${t.kind} in ('search', 'display')`),
    check(
      'sandbox_ad_campaigns_keywords_present',
      sql`${t.kind} = 'display' or cardinality(${t.keywords}) > 0`,
    ),
    check(
      'sandbox_ad_campaigns_budgets_positive',
      sql`coalesce(${t.dailyBudgetCents}, 1) > 0 and coalesce(${t.totalBudgetCents}, 1) > 0`,
    ),
    check('sandbox_ad_campaigns_bid_positive', sql`coalesce(${t.maxBidMicros}, 1) > 0`),
    check(
      'sandbox_ad_campaigns_goal_whole',
      sql`(${t.goalType} is null) = (${t.goalValue} is null) and coalesce(${t.goalValue}, 1) > 0`,
    ),
  ],
);

/**
 * Every change of a campaign's status (and every targeting or budget change, with the status kept),
 * at the time the platform made it: what synthetic delivery reads to know when the ads ran.
 */
export const sandboxAdCampaignHistory = pgTable(
  'sandbox_ad_campaign_history',
  {
    sequence: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: text()
      .notNull()
      .references(() => sandboxAdCampaigns.id),
    /** created, activated, paused, resumed, stopped, updated. */
    change: text().notNull(),
    fromStatus: text({ enum: AD_CAMPAIGN_STATUSES }),
    toStatus: text({ enum: AD_CAMPAIGN_STATUSES }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_ad_campaign_history_campaign_idx').on(t.campaignId, t.sequence)],
);

/**
 * An audience: people the advertiser knows, as lower-case hex MD5s of their e-mail addresses (the
 * platform never sees an address). `size` counts the distinct keys; matching takes a minute after
 * the last keys came (`keys_added_at`), as the real platform's processing does.
 */
export const sandboxAdAudiences = pgTable(
  'sandbox_ad_audiences',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => sandboxAdOrganizations.id),
    name: text().notNull(),
    size: integer().notNull(),
    keysAddedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sandbox_ad_audiences_organization_idx').on(t.organizationId),
    check('sandbox_ad_audiences_size_positive', sql`${t.size} > 0`),
  ],
);

export const sandboxAdAudienceKeys = pgTable(
  'sandbox_ad_audience_keys',
  {
    audienceId: text()
      .notNull()
      .references(() => sandboxAdAudiences.id),
    /** 32 lower-case hex digits. */
    key: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.audienceId, t.key] }),
    check('sandbox_ad_audience_keys_md5', sql`${t.key} ~ '^[0-9a-f]{32}$'`),
  ],
);

export const SANDBOX_AD_CREATIVE_KINDS = ['image', 'html5'] as const;
export const SANDBOX_AD_CREATIVE_STATUSES = ['active', 'paused', 'deleted'] as const;

/**
 * A creative of a campaign. The sandbox keeps what it checked about the file (type, size, SHA-256),
 * not the file: nothing is served from it.
 */
export const sandboxAdAds = pgTable(
  'sandbox_ad_ads',
  {
    id: text().primaryKey(),
    campaignId: text()
      .notNull()
      .references(() => sandboxAdCampaigns.id),
    name: text().notNull(),
    kind: text({ enum: SANDBOX_AD_CREATIVE_KINDS }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    clickUrl: text().notNull(),
    status: text({ enum: SANDBOX_AD_CREATIVE_STATUSES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('sandbox_ad_ads_campaign_idx').on(t.campaignId),
    check('sandbox_ad_ads_kind_known', sql`${t.kind} in ('image', 'html5')`),
    check('sandbox_ad_ads_status_known', sql`${t.status} in ('active', 'paused', 'deleted')`),
  ],
);

/** Every status an ad took, with the time: what splits a day's delivery between the ads serving. */
export const sandboxAdAdHistory = pgTable(
  'sandbox_ad_ad_history',
  {
    sequence: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adId: text()
      .notNull()
      .references(() => sandboxAdAds.id),
    toStatus: text({ enum: SANDBOX_AD_CREATIVE_STATUSES }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_ad_ad_history_ad_idx').on(t.adId, t.sequence)],
);
