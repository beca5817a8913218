import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The sandbox identity resolver's own side (decision 0038): a table of synthetic people generated
 * deterministically from a seed, and the one row saying which seed and generator made it. Like the
 * sandbox gateway's tables, product code never reads these; only the resolver does, through the
 * `IdentityResolver` port.
 */

/** One synthetic person. Everything is clearly fake: example.* e-mails, 555-01xx phones. */
export const sandboxIdentities = pgTable(
  'sandbox_identities',
  {
    /** The person's ordinal in the generated set (1..people): what visitor resolution picks. */
    id: integer().primaryKey(),
    /** Stable, opaque identity id (the same seed and generator always give the same one). */
    identityId: text().notNull(),
    /** MD5 of the lowercased primary e-mail: the identity's key everywhere. */
    emailMd5: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Plain e-mails as the "vendor" discloses them (empty for an MD5-only identity). */
    emails: text().array().notNull(),
    phones: text().array().notNull(),
    street: text(),
    city: text(),
    /** `normalizePlace(city)`: what list lookups compare, exactly. */
    cityKey: text(),
    state: text(),
    zip: text(),
    companyName: text(),
    jobTitle: text(),
    industry: text(),
    companySize: text(),
    /** Lowercased interests and (b2b) the industry: what list lookups' keywords match exactly. */
    keywords: text().array().notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_identities_identity_idx').on(t.identityId),
    uniqueIndex('sandbox_identities_email_md5_idx').on(t.emailMd5),
    index('sandbox_identities_state_idx').on(t.state, t.id),
    index('sandbox_identities_city_idx').on(t.state, t.cityKey, t.id),
    index('sandbox_identities_zip_idx').on(t.zip, t.id),
    index('sandbox_identities_keywords_idx').using('gin', t.keywords),
    index('sandbox_identities_b2b_idx').on(t.id).where(sql`${t.companyName} is not null`),
  ],
);

/** Which seed and generator version filled `sandbox_identities` (one row), and how long it took. */
export const sandboxIdentitySets = pgTable('sandbox_identity_sets', {
  id: integer().primaryKey(),
  seed: text().notNull(),
  generator: integer().notNull(),
  people: integer().notNull(),
  generatedMs: bigint({ mode: 'number' }).notNull(),
  generatedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
});

/**
 * Vendor callbacks already accepted (decision 0044): the SHA-256 of "<t>.<raw body>" of each signed
 * delivery, so the same signed body twice is a replay. A row is needed only while its timestamp is
 * inside the tolerance window (afterwards the timestamp alone refuses it), so rows past `expires_at`
 * are pruned.
 */
export const vendorCallbackNonces = pgTable(
  'vendor_callback_nonces',
  {
    digest: text().primaryKey(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('vendor_callback_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * The sandbox data vendor's requests (decision 0093): every count it was asked, in order, so its
 * slow answers and failures are a pure function of the seed and how many times the same question
 * was asked before (a retry is another attempt); a slow answer's ticket is answered once `ready_at`
 * has passed, with the counts it computed when asked.
 */
export const sandboxVendorRequests = pgTable(
  'sandbox_vendor_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What makes two questions the same (kind, module, keywords, place, fields). */
    fingerprint: text().notNull(),
    /** keyword | enhancement */
    kind: text().notNull(),
    /** The ticket a slow answer gives (null: answered or failed at once). */
    ticket: text(),
    failed: boolean().notNull().default(false),
    readyAt: timestamp({ withTimezone: true }).notNull(),
    answer: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('sandbox_vendor_requests_fingerprint_idx').on(t.fingerprint, t.id),
    uniqueIndex('sandbox_vendor_requests_ticket_idx').on(t.ticket),
  ],
);
