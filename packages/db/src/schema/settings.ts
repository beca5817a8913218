import { asCents, asMicros, type Cents, type Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moduleEnum, paymentTermEnum } from './enums.js';
import { companies, systems } from './tenancy.js';

/**
 * Company settings are typed tables, one per setting family, instead of a name/value dump:
 * the spec's setting names (costagency, customsmtpmenu, ...) map onto these in the settings module.
 */

const colour = (name: string) => text(name).notNull();
const colourCheck = (column: unknown, name: string) =>
  check(`branding_${name}_hex`, sql`${column} ~ '^#[0-9a-f]{6}$'`);

/** White-label branding of a root company or an agency (clients show their agency's). */
export const companyBranding = pgTable(
  'company_branding',
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id),
    displayName: text(),
    logoFileId: uuid(),
    faviconFileId: uuid(),
    sidebarBgcolor: colour('sidebar_bgcolor'),
    templateBgcolor: colour('template_bgcolor'),
    boxBgcolor: colour('box_bgcolor'),
    textColor: colour('text_color'),
    linkColor: colour('link_color'),
    fontTheme: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    colourCheck(t.sidebarBgcolor, 'sidebar'),
    colourCheck(t.templateBgcolor, 'template'),
    colourCheck(t.boxBgcolor, 'box'),
    colourCheck(t.textColor, 'text'),
    colourCheck(t.linkColor, 'link'),
  ],
);

/**
 * Per company and module: whether the module is offered (agency: rootmodules; client:
 * selectedmodules) and, for an agency, how it names the module and its URL slug.
 */
export const companyModules = pgTable(
  'company_modules',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    module: moduleEnum().notNull(),
    enabled: boolean().notNull().default(true),
    displayName: text(),
    slug: text(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.module] }),
    check('company_modules_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
  ],
);

/** Payment terms an agency offers (rootpaymentterm / selectedterms). */
export const companyPaymentTerms = pgTable(
  'company_payment_terms',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    term: paymentTermEnum().notNull(),
    enabled: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.term] })],
);

/** Custom SMTP of a root company (the system's mail) or an agency. */
export const companySmtp = pgTable('company_smtp', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  host: text().notNull(),
  port: integer().notNull(),
  secure: boolean().notNull().default(false),
  username: text().notNull().default(''),
  passwordEncrypted: text(),
  fromAddress: text().notNull(),
  fromName: text().notNull().default(''),
  replyTo: text().notNull().default(''),
  enabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
});

/**
 * Agency cost settings (costagency) per module × payment term. Fees in integer cents, per-lead
 * prices in integer micro-dollars (sub-cent precision); never floats.
 */
export const agencyPrices = pgTable(
  'agency_prices',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    module: moduleEnum().notNull(),
    term: paymentTermEnum().notNull(),
    setupFeeCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    platformFeeCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    costPerLeadMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
    costPerLeadAdvancedMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.module, t.term] }),
    check(
      'agency_prices_non_negative',
      sql`${t.setupFeeCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.costPerLeadMicros} >= 0 and ${t.costPerLeadAdvancedMicros} >= 0`,
    ),
  ],
);

/**
 * The minimums a system puts on its clients' campaigns (set on its root company, read by every
 * campaign form): Simplifi max bid per thousand impressions (micro-dollars) and daily budget (cents),
 * and the fewest leads per day an enhance campaign may ask for. 0 means no minimum.
 */
export const campaignMinimums = pgTable(
  'campaign_minimums',
  {
    systemId: integer()
      .primaryKey()
      .references(() => systems.id),
    simplifiMaxBidMicros: bigint({ mode: 'number' }).$type<Micros>().notNull().default(asMicros(0)),
    simplifiDailyBudgetCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    enhanceMinLeadsPerDay: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check(
      'campaign_minimums_non_negative',
      sql`${t.simplifiMaxBidMicros} >= 0 and ${t.simplifiDailyBudgetCents} >= 0 and ${t.enhanceMinLeadsPerDay} >= 0`,
    ),
  ],
);

/** Onboarding charge set by a system (on its root company) or per agency. */
export const onboardingSettings = pgTable(
  'onboarding_settings',
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id),
    amountCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    enableCoupon: boolean().notNull().default(false),
  },
  (t) => [check('onboarding_amount_rule', sql`${t.amountCents} = 0 or ${t.amountCents} > 50`)],
);

/** Company groups that clients' campaigns are organised into (spec 2 §3). */
export const companyGroups = pgTable(
  'company_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    module: moduleEnum().notNull().default('local'),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  // One group of a name per company and module, however many saves race (case and spaces aside).
  (t) => [uniqueIndex('company_groups_name_key').on(t.companyId, t.module, sql`lower(btrim(${t.name}))`)],
);
