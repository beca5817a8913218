import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { twoFactorTypeEnum } from './enums.js';
import { systems } from './tenancy.js';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true });

/**
 * A sign-in session: every refresh token descends from one family. Revoking the family (logout,
 * password change, disabled user, refresh-token reuse) ends the session and its access tokens.
 * In view mode `userId` is the user acted as and `actorUserId` the real person.
 */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: uuid().primaryKey().defaultRandom(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    actorUserId: integer().references(() => users.id),
    /** The family this view-mode session returns to when reverted. */
    parentFamilyId: uuid(),
    ip: text().notNull().default(''),
    createdAt: at().defaultNow().notNull(),
    revokedAt: at(),
    revokeReason: text(),
  },
  (t) => [
    index('token_families_user_idx').on(t.userId),
    // Revoking a session finds its view-mode sessions by their parent.
    index('token_families_parent_idx').on(t.parentFamilyId),
  ],
);

/** Rotating refresh tokens; only a SHA-256 of each is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid()
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: at().defaultNow().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** A pending two-factor step of one login attempt (the otp_token) and, for e-mail, its code. */
export const loginChallenges = pgTable('login_challenges', {
  id: uuid().primaryKey().defaultRandom(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  otpTokenHash: text().notNull().unique(),
  type: twoFactorTypeEnum().notNull(),
  codeHash: text(),
  codeSentAt: at(),
  attempts: integer().notNull().default(0),
  ip: text().notNull().default(''),
  expiresAt: at().notNull(),
  consumedAt: at(),
  createdAt: at().defaultNow().notNull(),
});

/**
 * Single-use tokens: password resets, invitations (a first password), single sign-on, e-mail
 * changes. Only a SHA-256 of each is stored.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text().$type<'password_reset' | 'invitation' | 'sso' | 'email_change'>().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    /** For SSO: the host the token may be redeemed on. */
    host: text(),
    /** For an e-mail change: the new address, which the account takes once the link is opened. */
    newEmail: text(),
    /** For SSO: who issued the token; the session it starts names them as the actor. */
    issuedByUserId: integer().references(() => users.id),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits, shared by every process. */
/** Bot-check answers already accepted (each answer is single use until it expires). */
export const botCheckUses = pgTable('bot_check_uses', {
  signature: text().primaryKey(),
  expiresAt: at().notNull(),
});
