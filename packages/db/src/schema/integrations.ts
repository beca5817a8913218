import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { campaigns, leads } from './campaigns.js';
import { companies } from './tenancy.js';
import { users } from './users.js';

/*
 * Integrations (issue 23, decision 0096): where a company's leads are delivered besides e-mail.
 * Owned by the integrations module. A connection is one company's link to one provider (a webhook
 * URL, a CRM account); each stored lead gets one delivery per active connection of its client and
 * of its agency, written in the lead's claim transaction; the delivery engine sends it, records
 * every attempt, retries with back-off and opens the connection's circuit when it keeps failing.
 */

const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The client (its own leads) or the agency (the leads of all its clients). */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The provider's slug in the registry (`webhook`, `crm`, …). */
    provider: text().notNull(),
    /** active; paused (by its owner, or by the engine after it kept failing); disconnected. */
    status: text().notNull().default('active'),
    /** What the provider needs that is not secret (a URL, an account's name, default tags). */
    settings: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** Tokens, keys and the signing secret, sealed with the deployment's data key; never answered. */
    sealedSecrets: text(),
    pausedReason: text(),
    /** Failures since the last delivered one: the circuit opens at a threshold, pauses at another. */
    consecutiveFailures: integer().notNull().default(0),
    /** When the failures counted in `consecutiveFailures` began (null while it delivers). */
    failingSince: timestamp({ withTimezone: true }),
    /** While in the future, nothing is sent to this connection (its circuit is open). */
    circuitOpenUntil: timestamp({ withTimezone: true }),
    createdByUserId: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    disconnectedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_connections_one_per_provider')
      .on(t.companyId, t.provider)
      .where(sql`${t.disconnectedAt} is null`),
    check('integration_connections_status', sql`${t.status} in ('active', 'paused', 'disconnected')`),
  ],
);

/** A campaign's choices for one connection: off, or on with its own tags, list or URL. */
export const integrationCampaignSettings = pgTable(
  'integration_campaign_settings',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    connectionId: integer()
      .notNull()
      .references(() => integrationConnections.id),
    enabled: boolean().notNull().default(true),
    settings: jsonb().notNull().default(sql`'{}'::jsonb`),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.connectionId] })],
);

export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    connectionId: integer()
      .notNull()
      .references(() => integrationConnections.id),
    /** The lead's agency, or the connection's company's for a test payload (decision 0121). */
    agencyId: integer().notNull(),
    /** null for a test payload sent from the console. */
    leadId: bigint({ mode: 'number' }),
    campaignId: integer().references(() => campaigns.id),
    /** queued (due at next_attempt_at), sending (leased), delivered, failed (gave up: dead letter). */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** Attempts made before the last replay: the retry budget counts from here. */
    replayedAfter: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastStatus: integer(),
    lastError: text(),
    lastLatencyMs: integer(),
    createdAt: createdAt(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'integration_deliveries_pkey', columns: [t.id, t.agencyId] }),
    foreignKey({
      name: 'integration_deliveries_lead_fk',
      columns: [t.leadId, t.agencyId],
      foreignColumns: [leads.id, leads.agencyId],
    }),
    uniqueIndex('integration_deliveries_once_per_lead')
      .on(t.leadId, t.connectionId, t.agencyId)
      .where(sql`${t.leadId} is not null`),
    index('integration_deliveries_due_idx')
      .on(t.connectionId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('integration_deliveries_sending_idx').on(t.connectionId).where(sql`${t.status} = 'sending'`),
    index('integration_deliveries_console_idx').on(t.connectionId, t.id),
    index('integration_deliveries_campaign_idx').on(t.campaignId, t.id),
    check('integration_deliveries_status', sql`${t.status} in ('queued', 'sending', 'delivered', 'failed')`),
  ],
);

/** Every attempt of a delivery: what was sent, what came back, how long it took. */
export const integrationDeliveryAttempts = pgTable(
  'integration_delivery_attempts',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: 'number' }).notNull(),
    agencyId: integer().notNull(),
    attempt: integer().notNull(),
    at: createdAt(),
    /** delivered, failed (may be retried), refused (the guard sent nothing). */
    outcome: text().notNull(),
    httpStatus: integer(),
    latencyMs: integer().notNull(),
    error: text(),
    /** e.g. "POST https://hooks.example.com/leads (1.2 kB)"; never a secret. */
    request: text().notNull(),
  },
  (t) => [
    primaryKey({ name: 'integration_delivery_attempts_pkey', columns: [t.id, t.agencyId] }),
    foreignKey({
      name: 'integration_delivery_attempts_delivery_fk',
      columns: [t.deliveryId, t.agencyId],
      foreignColumns: [integrationDeliveries.id, integrationDeliveries.agencyId],
    }),
    index('integration_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt),
    check('integration_delivery_attempts_outcome', sql`${t.outcome} in ('delivered', 'failed', 'refused')`),
  ],
);

/**
 * OAuth consents under way: the state sent to the provider names one row, which holds who asked,
 * for which company and provider, and the PKCE verifier; a row is used once, within ten minutes.
 */
export const integrationOauthStates = pgTable('integration_oauth_states', {
  state: text().primaryKey(),
  companyId: integer()
    .notNull()
    .references(() => companies.id),
  provider: text().notNull(),
  /** Who asked (the audit entry of the connection names them): the system, the person, a stand-in. */
  systemId: integer().notNull(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  actorUserId: integer(),
  codeVerifier: text().notNull(),
  /** Where the browser goes back to (the web origin it came from). */
  returnOrigin: text().notNull(),
  redirectUri: text().notNull(),
  createdAt: createdAt(),
  usedAt: timestamp({ withTimezone: true }),
});
