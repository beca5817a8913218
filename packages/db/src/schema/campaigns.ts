import { asCents, asMicros, type Cents, type Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { moduleEnum, paymentTermEnum } from './enums.js';
import { companyGroups } from './settings.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Campaigns (spec 2 §3 "Campaign (leadspeek)") and what the lead engine keeps about them (issue 11,
 * decision 0037). A campaign belongs to one client of one agency of one system; the three ids are
 * stored on the row (they never change) so a scope check or a report is one indexed lookup.
 * Statuses and pause reasons are `@app/lead-engine`'s campaign state machine's; the database only
 * refuses values that machine does not know.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();
const textList = () => text().array().notNull().default(sql`'{}'::text[]`);

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** `leadspeek_api_id`: the public 8-digit id the embed code and the pixel carry (random, unique). */
    publicId: text().notNull(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    companyGroupId: integer().references(() => companyGroups.id),
    module: moduleEnum().notNull(),
    name: text().notNull(),
    createdByUserId: integer().references(() => users.id),

    // The state machine's state (decision 0037): stopped until its first activation.
    status: text().notNull().default('stopped'),
    pauseReason: text(),
    archived: boolean().notNull().default(false),
    removedAt: timestamp({ withTimezone: true }),
    /** `statuscomplete`: the client finished the campaign's setup questions. */
    setupComplete: boolean().notNull().default(false),
    /** `answers`: the setup questions' answers, as the client gave them. */
    answers: jsonb().$type<Record<string, unknown>>().notNull().default({}),

    // Targeting. Local: the site (urlCode, urlCodeThankyou, gtminstalled) and a state include/exclude
    // list; locator, enhance and b2b: keywords and geography.
    urlCode: text().notNull().default(''),
    urlCodeThankyou: text().notNull().default(''),
    gtmInstalled: boolean().notNull().default(false),
    keywords: textList(),
    contextualKeywords: textList(),
    zips: textList(),
    states: textList(),
    cities: textList(),
    national: boolean().notNull().default(false),
    localStateMode: text().notNull().default('include'),
    locatorDescription: text().notNull().default(''),

    // What a lead must carry, and what the report shows.
    requireEmail: boolean().notNull().default(false),
    requirePhone: boolean().notNull().default(false),
    requireAddress: boolean().notNull().default(false),
    hidePhone: boolean().notNull().default(false),

    // Re-identification: 'never' | '7' | '30' | '90' | '180' | '365' days, per campaign or across the client's.
    reidentification: text().notNull().default('never'),
    reidentifyAcrossClient: boolean().notNull().default(false),

    // Lead limit (LimitLead, LimitLeadFreq, LimitLeadStart/End); null max = no limit.
    leadLimit: integer(),
    leadLimitFrequency: text().notNull().default('day'),
    limitStartDate: date({ mode: 'string' }),
    limitEndDate: date({ mode: 'string' }),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    /** IANA zone the campaign's days and months are counted in. */
    timeZone: text().notNull().default('America/Chicago'),

    // The client's prices (client cost module): what the client pays, never floats.
    paymentTerm: paymentTermEnum().notNull().default('Weekly'),
    setupFeeCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    periodFeeCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    costPerLeadMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
    costPerLeadAdvancedMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
    /** CostSetB2b: what a b2b lead costs the client. */
    costPerLeadB2bMicros: bigint('cost_per_lead_b2b_micros', { mode: 'number' })
      .$type<Micros>()
      .notNull()
      .default(asMicros(0)),
    /** CostMaxLead: the most a lead may cost (locator bids); 0 = no cap. */
    costMaxLeadMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
    /** contiDurationSelection: runs until stopped (true) or to its end date. */
    continuousDuration: boolean().notNull().default(true),
    /** Prepaid: leads bought per block (`leadsbuy`) and continual top-up (`topupoptions`). */
    prepaidLeadsPerBlock: integer().notNull().default(0),
    continualTopUp: boolean().notNull().default(false),

    // Reports and notifications.
    reportType: text().notNull().default('CSV'),
    reportSentTo: textList(),
    adminNotifyTo: textList(),
    leadsAmountNotification: integer().notNull().default(0),
    minimumLimitLeads: integer(),
    clientOrganizationId: text().notNull().default(''),
    clientCampaignId: text().notNull().default(''),
    /** Module-specific extras the forms carry (listAdvanceInformationId, listB2BInformationId, …). */
    moduleOptions: jsonb().$type<Record<string, unknown>>().notNull().default({}),

    // Local: the last site check of the embed code. Locator: the ad-platform campaign it mirrors.
    /** The last site check's outcome (`SITE_CHECK_OUTCOMES` of @app/contracts), 'unchecked' before the first. */
    embedStatus: text().notNull().default('unchecked'),
    embedCheckedAt: timestamp({ withTimezone: true }),
    /** What that check said, and the page it read (the campaign's url or the one asked for). */
    embedCheckMessage: text().notNull().default(''),
    embedCheckUrl: text().notNull().default(''),
    adPlatformCampaignId: text(),
    /** When a test lead was last sent (at most one a minute). */
    lastTestLeadAt: timestamp({ withTimezone: true }),

    activatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaigns_public_id_key').on(t.publicId),
    index('campaigns_client_idx').on(t.clientId, t.module),
    index('campaigns_agency_idx').on(t.agencyId, t.module),
    index('campaigns_running_idx').on(t.module).where(sql`${t.status} = 'running'`),
    // The agency and client lists' Campaign Status filter and the agencies report (decision 0094):
    // companies with a running campaign, one probe or one small scan each.
    index('campaigns_running_agency_idx')
      .on(t.agencyId)
      .where(sql`${t.status} = 'running' and ${t.removedAt} is null`),
    index('campaigns_running_client_idx')
      .on(t.clientId)
      .where(sql`${t.status} = 'running' and ${t.removedAt} is null`),
    // The lists' `{group}` segment: does this agency (client) have a campaign in the group, one probe.
    index('campaigns_group_agency_idx')
      .on(t.companyGroupId, t.agencyId)
      .where(sql`${t.companyGroupId} is not null and ${t.removedAt} is null`),
    index('campaigns_group_client_idx')
      .on(t.companyGroupId, t.clientId)
      .where(sql`${t.companyGroupId} is not null and ${t.removedAt} is null`),
    check('campaigns_public_id_format', sql`${t.publicId} ~ '^[1-9][0-9]{7}$'`),
    check('campaigns_status', sql`${t.status} in ('running', 'paused', 'paused_on_run', 'stopped')`),
    check(
      'campaigns_pause_reason',
      sql`(${t.status} = 'paused_on_run') = (${t.pauseReason} is not null)
        and (${t.pauseReason} is null
          or ${t.pauseReason} in ('limit', 'module_unavailable', 'balance', 'payment_failed'))`,
    ),
    check('campaigns_local_state_mode', sql`${t.localStateMode} in ('include', 'exclude')`),
    check(
      'campaigns_reidentification',
      sql`${t.reidentification} in ('never', '7', '30', '90', '180', '365')`,
    ),
    check('campaigns_limit', sql`${t.leadLimit} is null or ${t.leadLimit} > 0`),
    check('campaigns_limit_frequency', sql`${t.leadLimitFrequency} in ('day', 'month', 'lifetime')`),
    check(
      'campaigns_prices_non_negative',
      sql`${t.setupFeeCents} >= 0 and ${t.periodFeeCents} >= 0 and ${t.costPerLeadMicros} >= 0
        and ${t.costPerLeadAdvancedMicros} >= 0 and ${t.prepaidLeadsPerBlock} >= 0
        and ${t.costPerLeadB2bMicros} >= 0 and ${t.costMaxLeadMicros} >= 0`,
    ),
  ],
);

/** Every move of a campaign's state, by whom (null: the system) and why: the state machine's log. */
export const campaignMoves = pgTable(
  'campaign_moves',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    event: text().notNull(),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    reason: text(),
    userId: integer().references(() => users.id),
    at: createdAt(),
  },
  (t) => [index('campaign_moves_campaign_idx').on(t.campaignId, t.at)],
);

/*
 * The at-most-once claims of decision 0037: one row per (campaign, identity) and, for campaigns
 * that re-identify across the client's campaigns, per (client, identity). The claim statement's
 * row lock serialises concurrent deliveries of one person.
 *
 * The lead engine's tables carry the campaign's agency (`agency_id`, decision 0121): the column a
 * Citus cluster shards them by. It ends each key: a campaign or a client belongs to one agency, so
 * the key rejects exactly what it did without it, and the lookups by campaign or client still read
 * the key's first columns.
 */
export const leadClaims = pgTable(
  'lead_claims',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    identityMd5: text().notNull(),
    lastDeliveredAt: timestamp({ withTimezone: true }).notNull(),
    agencyId: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'lead_claims_pkey', columns: [t.campaignId, t.identityMd5, t.agencyId] })],
);

export const clientLeadClaims = pgTable(
  'client_lead_claims',
  {
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    identityMd5: text().notNull(),
    lastDeliveredAt: timestamp({ withTimezone: true }).notNull(),
    agencyId: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'client_lead_claims_pkey', columns: [t.clientId, t.identityMd5, t.agencyId] })],
);

/** Leads counted in a limit period ('day:2026-03-08', 'month:2026-03', 'lifetime'), never above the limit. */
export const campaignLimitCounters = pgTable(
  'campaign_limit_counters',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    periodKey: text().notNull(),
    count: integer().notNull(),
    agencyId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'campaign_limit_counters_pkey', columns: [t.campaignId, t.periodKey, t.agencyId] }),
    check('campaign_limit_counters_count', sql`${t.count} >= 0`),
  ],
);

/**
 * A stored lead: the person as the source disclosed them and the three prices frozen on it
 * (micro-dollars: the client's price, the agency's wholesale, the root's fee). `claimedAt` is the
 * claim's delivery time: with the campaign and identity it is unique, so even a faulty caller cannot
 * store one claim twice.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    clientId: integer().notNull(),
    agencyId: integer().notNull(),
    systemId: integer().notNull(),
    module: moduleEnum().notNull(),
    identityMd5: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
    /** pixel | vendor_list | ad_platform | vendor_callback | test */
    source: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    emails: textList(),
    phones: textList(),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    /** B2B: the person's company (name, title, industry, size). */
    company: jsonb().$type<Record<string, string>>(),
    /**
     * Enhance / b2b: the advanced information the campaign asked the vendor for (field id → value,
     * the catalogue's ids of `@app/contracts` advanced-information.ts); {} otherwise.
     */
    advanced: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Local: the page the visitor was seen on. */
    pageUrl: text().notNull().default(''),
    keyword: text().notNull().default(''),
    clientPriceMicros: bigint({ mode: 'number' }).$type<Micros>().notNull(),
    wholesaleMicros: bigint({ mode: 'number' }).$type<Micros>().notNull(),
    rootFeeMicros: bigint({ mode: 'number' }).$type<Micros>().notNull(),
    createdAt: createdAt(),
    /**
     * What the lead report's search reads (decision 0053), lower-cased once when the row is
     * written: the person's words ("first last city e-mails") and the phones apart (a campaign may
     * hide phones from its client). The functions are migration 0024's.
     */
    searchWords: text()
      .notNull()
      .generatedAlwaysAs(sql`lead_search_words(first_name, last_name, city, emails)`),
    searchPhones: text().notNull().generatedAlwaysAs(sql`lead_search_phones(phones)`),
  },
  (t) => [
    primaryKey({ name: 'leads_pkey', columns: [t.id, t.agencyId] }),
    uniqueIndex('leads_one_per_claim').on(t.campaignId, t.identityMd5, t.claimedAt, t.agencyId),
    // Ending on the id, each scope's range is in the report's own order (created_at, id): a page
    // deep in it is read from the index alone, without a sort (decision 0053). The campaign's,
    // leads_campaign_created_idx (campaign_id, created_at, id) INCLUDE (search_words, search_phones),
    // is in migration 0024 by hand: Drizzle does not model INCLUDE.
    index('leads_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('leads_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    // A system's month of leads: its root-fee statement (decision 0081).
    index('leads_system_created_idx').on(t.systemId, t.createdAt),
    // Trigrams of the searched text beside the scope columns (pg_trgm, btree_gin; decision 0053):
    // a search's index scan reads only its scope's entries of a common trigram, never the whole
    // table's, so it costs what the scope holds.
    index('leads_search_idx').using(
      'gin',
      t.campaignId,
      t.clientId,
      t.agencyId,
      t.searchWords.op('gin_trgm_ops'),
      t.searchPhones.op('gin_trgm_ops'),
    ),
    check(
      'leads_prices_non_negative',
      sql`${t.clientPriceMicros} >= 0 and ${t.wholesaleMicros} >= 0 and ${t.rootFeeMicros} >= 0`,
    ),
  ],
);

/**
 * How many leads each campaign has, per scope columns and module as they are on its leads: kept by
 * the database's own statement triggers on `leads` (migration 0024, decision 0053), so every way a
 * lead is stored counts. The lead report's unfiltered totals are a sum over these rows instead of a
 * count over a campaign's hundreds of thousands of leads.
 */
export const leadTotals = pgTable(
  'lead_totals',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    clientId: integer().notNull(),
    agencyId: integer().notNull(),
    systemId: integer().notNull(),
    module: moduleEnum().notNull(),
    leads: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.clientId, t.agencyId, t.systemId, t.module] }),
    index('lead_totals_client_idx').on(t.clientId),
    index('lead_totals_agency_idx').on(t.agencyId),
    check('lead_totals_leads_non_negative', sql`${t.leads} >= 0`),
  ],
);

/** A candidate the pipeline refused, with the step and the reason (`@app/lead-engine` RejectionReason). */
export const leadRejections = pgTable(
  'lead_rejections',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    agencyId: integer().notNull(),
    identityMd5: text(),
    source: text().notNull(),
    step: text().notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'lead_rejections_pkey', columns: [t.id, t.agencyId] }),
    index('lead_rejections_campaign_created_idx').on(t.campaignId, t.createdAt),
  ],
);

/**
 * One delivery of a stored lead: a report e-mail, a notification, or (with the integrations issue)
 * an integration. Queued after the lead is stored; delivery never blocks ingestion.
 */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    leadId: bigint({ mode: 'number' }).notNull(),
    /** The lead's agency: with the lead's id, the key of its row (decision 0121). */
    agencyId: integer().notNull(),
    kind: text().notNull(),
    target: text().notNull().default(''),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** A queued delivery is due at this time (a retry waits); the delivery job takes due rows. */
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ name: 'lead_deliveries_pkey', columns: [t.id, t.agencyId] }),
    foreignKey({
      name: 'lead_deliveries_lead_fk',
      columns: [t.leadId, t.agencyId],
      foreignColumns: [leads.id, leads.agencyId],
    }),
    uniqueIndex('lead_deliveries_one_per_kind').on(t.leadId, t.kind, t.target, t.agencyId),
    index('lead_deliveries_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    check('lead_deliveries_status', sql`${t.status} in ('queued', 'delivered', 'failed')`),
  ],
);
