import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agreementAcceptances } from './agreements.js';
import { emailStatusEnum, filePurposeEnum } from './enums.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/** Beta features with the fixed ids of spec 1 §3.7 (1 data_wallet, 2 b2b_module, 3 simplifi_module). */
export const betaFeatures = pgTable('beta_features', {
  id: smallint().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  isBeta: boolean().notNull().default(true),
  applyToAllAgency: boolean().notNull().default(false),
});

/** Agencies admitted to a beta feature. */
export const betaTesters = pgTable(
  'beta_testers',
  {
    featureId: smallint()
      .notNull()
      .references(() => betaFeatures.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.featureId, t.companyId] })],
);

/** A feature agreement accepted once per company (beta modules, Data Wallet). */
export const featureAgreements = pgTable(
  'feature_agreements',
  {
    featureId: smallint()
      .notNull()
      .references(() => betaFeatures.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    acceptedByUserId: integer()
      .notNull()
      .references(() => users.id),
    /** The acceptance record (who, when, from where, which version) behind this feature agreement. */
    acceptanceId: integer()
      .notNull()
      .references(() => agreementAcceptances.id),
    acceptedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.featureId, t.companyId] })],
);

/**
 * The audit trail (user logs). `userId` acted; `actorUserId` differs from it when a system user
 * or agency acted in view mode ("A acting as B"); the IP is the one the server saw.
 */
export const userLogs = pgTable(
  'user_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer().references(() => companies.id),
    userId: integer().references(() => users.id),
    actorUserId: integer().references(() => users.id),
    targetUserId: integer().references(() => users.id),
    action: text().notNull(),
    category: text().notNull(),
    description: text().notNull().default(''),
    ip: text().notNull().default(''),
    campaignId: integer(),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('user_logs_company_time_idx').on(t.companyId, t.createdAt),
    index('user_logs_system_time_idx').on(t.systemId, t.createdAt),
    // The logs modal's person filter, and its category list (read by skipping from one category to the next).
    index('user_logs_user_time_idx').on(t.userId, t.createdAt),
    index('user_logs_system_category_idx').on(t.systemId, t.category),
  ],
);

/** Every e-mail the product sends: the outbox operators read, and the record of SMTP delivery. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer().references(() => companies.id),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    fromName: text().notNull().default(''),
    replyTo: text().notNull().default(''),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Which provider handled it: the database outbox or an SMTP server. */
    transport: text().notNull().default('outbox'),
    status: emailStatusEnum().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    /**
     * The business operation the mail is for (`invoice:<id>`), when it must go once: a second mail
     * with the same key is not stored (decision 0084).
     */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_messages_system_time_idx').on(t.systemId, t.createdAt),
    uniqueIndex('email_messages_dedupe_key').on(t.dedupeKey),
  ],
);

/** Bytes as PostgreSQL `bytea` (both drivers answer a Uint8Array: pg a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A file sent with an e-mail (an invoice's PDF), kept with the message in the outbox. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => emailMessages.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [uniqueIndex('email_attachments_message_position').on(t.messageId, t.position)],
);

/** Stored files (logos, favicons, pictures, agreements, uploads); bytes live in the file provider. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer().references(() => companies.id),
    uploadedByUserId: integer().references(() => users.id),
    purpose: filePurposeEnum().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('files_company_idx').on(t.companyId)],
);

/**
 * Legal documents and agreements, versioned. A null system means the deployment default;
 * a system's own version of the same name wins.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    systemId: integer().references(() => systems.id),
    name: text().notNull(),
    title: text().notNull(),
    html: text().notNull(),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('documents_version_key').on(sql`coalesce(${t.systemId}, 0)`, t.name, t.version)],
);

/** Per-deployment secrets generated on first start (dt envelope key, token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
});
