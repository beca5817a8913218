import type { Cents } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The sandbox ad platform's own side (decision 0044): what a Simpli.fi-like platform keeps for us —
 * organisations (one per agency or client), campaigns with their targeting, budget and schedule, every
 * status move with its time, and the idempotency keys of the calls that changed them. Product code
 * never reads these tables; only the sandbox adapter does, through the `AdPlatform` port.
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
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_ad_organizations_parent_idx').on(t.parentId)],
);

/** The statuses a campaign can have at the platform. `ended` is final. */
export const AD_CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;

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
    keywords: text().array().notNull(),
    contextualKeywords: text().array().notNull(),
    national: boolean().notNull(),
    /** Two-letter codes. */
    states: text().array().notNull(),
    cities: jsonb().$type<{ city: string; state: string }[]>().notNull(),
    zips: text().array().notNull(),
    dailyBudgetCents: bigint({ mode: 'number' }).$type<Cents>(),
    totalBudgetCents: bigint({ mode: 'number' }).$type<Cents>(),
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
    check('sandbox_ad_campaigns_keywords_present', sql`cardinality(${t.keywords}) > 0`),
    check(
      'sandbox_ad_campaigns_budgets_positive',
      sql`coalesce(${t.dailyBudgetCents}, 1) > 0 and coalesce(${t.totalBudgetCents}, 1) > 0`,
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
