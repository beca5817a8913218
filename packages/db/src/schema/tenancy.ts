import { asCents, type Cents } from '@app/contracts';
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyKindEnum, domainStatusEnum, paymentTermEnum } from './enums.js';

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** One white-label platform. Exactly one is the master system. */
export const systems = pgTable(
  'systems',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    isMaster: boolean().notNull().default(false),
    /** The host the system is served on, lowercased (agency subdomains hang below it). */
    domain: text().notNull(),
    rootCompanyId: integer().references((): AnyPgColumn => companies.id),
    recaptchaSiteKey: text().notNull().default(''),
    recaptchaSecretEncrypted: text(),
    /** The system's Stripe publishable key (public: the card form's Stripe Elements load with it). */
    paymentPublicKey: text().notNull().default(''),
    /**
     * The system's own Stripe secret key and webhook signing secret, sealed with the deployment's data
     * key (decision 0039); null = the deployment's default (env keys, else the sandbox).
     */
    stripeSecretKeySealed: text(),
    stripeWebhookSecretSealed: text(),
    /**
     * The package a new agency of this system starts with (decision 0061). Without a package an agency
     * never counts as connected, so it could not add clients; '' makes the system's staff choose one
     * for each new agency in the agency list.
     */
    defaultPackageId: text().notNull().default('standard'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('systems_domain_key').on(t.domain),
    uniqueIndex('systems_one_master').on(t.isMaster).where(sql`${t.isMaster}`),
    check('systems_domain_lower', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * The company tree: root company → agency → client. Every row knows its system, its parent and
 * its root (a root company's root_id is its own id), so scope checks are one indexed lookup.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    kind: companyKindEnum().notNull(),
    parentId: integer().references((): AnyPgColumn => companies.id),
    rootId: integer()
      .notNull()
      .references((): AnyPgColumn => companies.id),
    name: text().notNull(),
    legalName: text().notNull().default(''),
    shortName: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    phoneCountryCode: text().notNull().default('US'),
    phoneCountryCallingCode: text().notNull().default('+1'),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    zip: text().notNull().default(''),
    stateCode: text().notNull().default(''),
    stateName: text().notNull().default(''),
    countryCode: text().notNull().default('US'),
    /** Agency subdomain below the system domain; unique within a system. */
    subdomain: text(),
    /** An agency's own white-label domain; unique across the deployment. */
    customDomain: text(),
    domainStatus: domainStatusEnum().notNull().default('none'),
    /** Last certificate attempt for the custom domain and, when it failed, why. */
    domainCheckedAt: timestamp({ withTimezone: true }),
    domainError: text(),
    isWhitelabeling: boolean().notNull().default(false),
    apiMode: boolean().notNull().default(false),
    manualBill: boolean().notNull().default(false),
    excludeMinimumSpend: boolean().notNull().default(false),
    excludeOnboardCharge: boolean().notNull().default(false),
    isOnboardCharged: boolean().notNull().default(false),
    disableClientAddCampaign: boolean().notNull().default(false),
    isMarketingServicesAgreementDeveloper: boolean().notNull().default(false),
    externalOrganizationId: text(),
    industryName: text().notNull().default(''),
    /**
     * Profile step 2's people of the company (franchise director, office manager, team manager) and
     * its franchise and team switches (decision 0094); null until the company saves them.
     */
    contacts: jsonb().$type<Record<string, unknown>>(),
    packageId: text().notNull().default(''),
    /** The payment term new clients start with (general settings, paymenttermDefault). */
    defaultPaymentTerm: paymentTermEnum(),
    /** The agency's minimum-spend plan (master system agencies). */
    planMinSpendId: integer().references((): AnyPgColumn => minimumSpendPlans.id),
    /** When an Open API key was generated (the API Key Generated filter). */
    apiKeyGeneratedAt: timestamp({ withTimezone: true }),
    /** When the agency cancelled its subscription (cancel subscription in general settings). */
    subscriptionCancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('companies_parent_idx').on(t.parentId),
    index('companies_root_idx').on(t.rootId),
    index('companies_system_kind_idx').on(t.systemId, t.kind),
    uniqueIndex('companies_subdomain_key').on(t.systemId, t.subdomain),
    uniqueIndex('companies_custom_domain_key').on(t.customDomain),
    check('companies_tree_shape', sql`(${t.kind} = 'root') = (${t.parentId} is null)`),
    check('companies_subdomain_format', sql`${t.subdomain} ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'`),
    check('companies_custom_domain_lower', sql`${t.customDomain} = lower(${t.customDomain})`),
  ],
);

/** Minimum-spend plans a system offers its agencies (spec 2 §3 Pricing). Money in integer cents. */
export const minimumSpendPlans = pgTable(
  'minimum_spend_plans',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    name: text().notNull(),
    months: integer().notNull(),
    flatMonthCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('minimum_spend_plans_system_idx').on(t.systemId),
    uniqueIndex('minimum_spend_plans_one_default').on(t.systemId).where(sql`${t.isDefault}`),
    check('minimum_spend_plans_values', sql`${t.months} >= 0 and ${t.flatMonthCents} >= 0`),
  ],
);

/** A system's root minimum-spend setting (defaults: off, 0, 0, 0). */
export const minimumSpendSettings = pgTable(
  'minimum_spend_settings',
  {
    systemId: integer()
      .primaryKey()
      .references(() => systems.id),
    enabled: boolean().notNull().default(false),
    firstMonthCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    secondMonthCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
    monthlyCents: bigint({ mode: 'number' }).$type<Cents>().notNull().default(asCents(0)),
  },
  (t) => [
    check(
      'minimum_spend_settings_values',
      sql`${t.firstMonthCents} >= 0 and ${t.secondMonthCents} >= 0 and ${t.monthlyCents} >= 0`,
    ),
  ],
);
