import type { Cents, Micros } from '@app/contracts';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { companies, systems } from './tenancy.js';

/*
 * Simplifi (ad-platform) campaigns (issue 24, decision 0110), owned by the ad-campaigns module. The
 * campaign itself is a `campaigns` row (module simplifi: the same public id, state machine and moves
 * as the lead modules); these tables hold what only an ad campaign has: its budget and where it runs
 * at the ad platform, every budget charge once per campaign × period × reason, and the days' figures
 * pulled from the platform. The money is in the ledger (`ad_budget` accounts); these rows say what
 * was asked and whether it went through.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();
const cents = () => bigint({ mode: 'number' }).$type<Cents>();

export const AD_CAMPAIGN_GOAL_TYPES = ['cpm', 'cpc', 'ctr', 'cpa'] as const;

export const adCampaignBudgets = pgTable(
  'ad_campaign_budgets',
  {
    campaignId: integer()
      .primaryKey()
      .references(() => campaigns.id),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    /** The most paid per thousand impressions. */
    maxBidMicros: bigint({ mode: 'number' }).$type<Micros>().notNull(),
    monthlyBudgetCents: cents().notNull(),
    dailyBudgetCents: cents().notNull(),
    goalType: text({ enum: AD_CAMPAIGN_GOAL_TYPES }).notNull(),
    goalValue: text().notNull(),
    /** Whole percent of every budget the agency keeps (0–99). */
    agencyMarkup: integer().notNull(),
    clickUrl: text().notNull(),
    /** The local day of the first activation: budget periods run from its monthly anniversaries. */
    anchorDate: text(),
    /** The platform's campaign, once created there. */
    platformCampaignId: text(),
    /** Raised with every change the platform must see; the sync brings `synced` up to it. */
    wantedRevision: integer().notNull().default(1),
    syncedRevision: integer().notNull().default(0),
    syncAttempts: integer().notNull().default(0),
    syncError: text(),
    nextSyncAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    statsPulledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('ad_campaign_budgets_client_idx').on(t.clientId),
    index('ad_campaign_budgets_sync_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.syncedRevision} < ${t.wantedRevision}`),
    check('ad_campaign_budgets_markup_range', sql`${t.agencyMarkup} between 0 and 99`),
    check(
      'ad_campaign_budgets_amounts_positive',
      sql`${t.maxBidMicros} > 0 and ${t.dailyBudgetCents} > 0 and ${t.monthlyBudgetCents} >= ${t.dailyBudgetCents}`,
    ),
  ],
);

export const AD_BUDGET_CHARGE_REASONS = ['activation', 'renewal', 'raise'] as const;
export const AD_BUDGET_CHARGE_STATUSES = ['pending', 'paid', 'failed'] as const;

/**
 * One budget charge: an activation's period, a period's renewal, or a daily-budget raise. Unique by
 * business key — `adbudget:<campaign>:<period>:activation:<n>`, `…:renewal`, `…:raise:<daily cents>` —
 * so a renewal run twice or at the same moment as a raise charges each once; the payment operation's
 * obligation key is `business_key`.
 */
export const adBudgetCharges = pgTable(
  'ad_budget_charges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    /** The budget period's first local day. */
    periodStart: text().notNull(),
    reason: text({ enum: AD_BUDGET_CHARGE_REASONS }).notNull(),
    /** A raise's new daily budget (0 for the period's own charges): raising to it twice is one charge. */
    dailyBudgetCents: cents()
      .notNull()
      .default(0 as Cents),
    businessKey: text().notNull(),
    /** What the client's price is (the budget bought). */
    amountCents: cents().notNull(),
    /** The platform's part of it (the rest is the agency's markup). */
    platformCents: cents().notNull(),
    status: text({ enum: AD_BUDGET_CHARGE_STATUSES }).notNull().default('pending'),
    failure: text(),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_budget_charges_key').on(t.businessKey),
    index('ad_budget_charges_campaign_idx').on(t.campaignId, t.periodStart),
    check(
      'ad_budget_charges_amounts',
      sql`${t.amountCents} > 0 and ${t.platformCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

/**
 * A day's delivery as the platform last reported it, per campaign and ad ('' = the campaign's own
 * total). `posted_spend_cents`: the client-price spend of the day already posted to the ledger.
 */
export const adCampaignStats = pgTable(
  'ad_campaign_stats',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    day: text().notNull(),
    adId: text().notNull().default(''),
    adName: text().notNull().default(''),
    impressions: integer().notNull(),
    clicks: integer().notNull(),
    /** The platform's (media) spend. */
    spendCents: cents().notNull(),
    /** The same at the client's price (the markup added back). */
    clientSpendCents: cents().notNull(),
    postedSpendCents: cents()
      .notNull()
      .default(0 as Cents),
    pulledAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.adId] })],
);

export const AD_BUDGET_REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/** One gateway refund of a budget refund: which charge, how much, and the platform's part back. */
export interface AdBudgetRefundCall {
  chargeRowId: number;
  companyId: number;
  gateway: string;
  chargeId: string;
  connectedAccountId: string | null;
  /** What the payer's card gets back. */
  amount: number;
  /** Of a direct charge's application fee, what goes back (the platform's part of `amount`). */
  applicationFeeBack: number;
  /** The platform's part of the budget refunded (what the ledger's money lines carry). */
  platformCents: number;
  /** The budget refunded at the client's price. */
  clientCents: number;
  key: string;
  refundId?: string;
}

/**
 * The refund of a stopped Simplifi campaign's unspent budget (decision 0110): reserved with the budget
 * taken out of the ledger's account in one transaction, the gateway refunds made with no transaction
 * open, then recorded; a crash leaves it pending for the janitor.
 */
export const adBudgetRefunds = pgTable(
  'ad_budget_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    businessKey: text().notNull(),
    status: text({ enum: AD_BUDGET_REFUND_STATUSES }).notNull().default('pending'),
    /** The unspent budget refunded, at the client's price. */
    amountCents: cents().notNull(),
    calls: jsonb().$type<AdBudgetRefundCall[]>().notNull(),
    failure: text(),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_budget_refunds_key').on(t.businessKey),
    index('ad_budget_refunds_campaign_idx').on(t.campaignId),
    index('ad_budget_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
