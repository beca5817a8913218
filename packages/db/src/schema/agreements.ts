import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { betaFeatures, documents } from './platform.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/**
 * One accepted agreement: who accepted it (for whom, and the person who clicked when someone acts as
 * another), for which company, when, from which address, and the exact version — the document row
 * plus the SHA-256 of the text as it was shown, with the party name filled in, so the PDF made later
 * is that text and can prove it (decision 0034). Append-only: the database refuses UPDATE and DELETE.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The user the agreement is for (the `user_id` of the call). */
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The person who clicked: the same user, or the real person behind a view-mode session. */
    acceptedByUserId: integer()
      .notNull()
      .references(() => users.id),
    documentId: integer()
      .notNull()
      .references(() => documents.id),
    documentName: text().notNull(),
    documentVersion: integer().notNull(),
    /** The name put in place of `{{company}}` when the text was shown (the system's legal name). */
    partyName: text().notNull(),
    /** SHA-256 (hex) of the HTML as shown: the filled-in text of that version. */
    contentSha256: text().notNull(),
    /** The company name as it was at acceptance (the spec's `company_name`). */
    companyName: text().notNull(),
    /** For a feature agreement (beta module, Data Wallet billing agreement): which feature. */
    featureId: smallint().references(() => betaFeatures.id),
    /** Where in the app it was accepted (the spec's `location_menu`), for the record. */
    locationMenu: text(),
    ip: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('agreement_acceptances_user_idx').on(t.userId, t.acceptedAt),
    index('agreement_acceptances_company_idx').on(t.companyId, t.documentName),
  ],
);

/**
 * A beta feature's settings in one system (spec 2 §3): whether it is still beta there and whether the
 * beta applies to every agency. No row: the deployment default of `beta_features`.
 */
export const systemBetaFeatures = pgTable(
  'system_beta_features',
  {
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    featureId: smallint()
      .notNull()
      .references(() => betaFeatures.id),
    isBeta: boolean().notNull(),
    applyToAllAgency: boolean().notNull(),
    updatedByUserId: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.featureId] })],
);

/**
 * A short-lived, single-use link to one acceptance's PDF (`/download-auth/{token}`). Only the token's
 * SHA-256 is stored; the person who asked for it opens it with their password (decision 0034).
 */
export const agreementDownloadLinks = pgTable(
  'agreement_download_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenSha256: text().notNull(),
    acceptanceId: integer()
      .notNull()
      .references(() => agreementAcceptances.id),
    /** The user whose session asked for the link; only they may open it. */
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('agreement_download_links_token_key').on(t.tokenSha256)],
);
