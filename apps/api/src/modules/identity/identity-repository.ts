import {
  and,
  companies,
  type Database,
  emailHolder,
  eq,
  firstRow,
  gt,
  inArray,
  isNull,
  loginChallenges,
  oneTimeTokens,
  refreshTokens,
  rolePermissions,
  sql,
  tokenFamilies,
  users,
} from '@app/db';

export type UserRow = typeof users.$inferSelect;
export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type ChallengeRow = typeof loginChallenges.$inferSelect;

/**
 * True when the row's session was started from a session that has ended (view mode). Spelled out:
 * drizzle leaves columns of a one-table select unqualified, which inside this subquery would name
 * the parent's own column.
 */
const parentRevoked = () =>
  sql<boolean>`exists (select 1 from token_families parent where parent.id = token_families.parent_family_id and parent.revoked_at is not null)`;

/** SQL of sign-in and sessions. Every statement that must happen once is one atomic UPDATE. */
export function createIdentityRepository(db: Database) {
  // Every signed-in request runs this first, so it is built once and prepared on each connection
  // (PostgreSQL parses and plans it once, not per request).
  const sessionStateQuery = db
    .select({
      family: tokenFamilies,
      // Only what a principal needs.
      user: {
        id: users.id,
        systemId: users.systemId,
        companyId: users.companyId,
        userType: users.userType,
        status: users.status,
        deletedAt: users.deletedAt,
        isSystemUser: users.isSystemUser,
        isAccExecutive: users.isAccExecutive,
        roleId: users.roleId,
        timeZone: users.timeZone,
      },
      companyKind: companies.kind,
      companyParentId: companies.parentId,
      rootCompanyId: companies.rootId,
      companyDeletedAt: companies.deletedAt,
      // A view-mode session whose parent ended is refused, even if ending it was missed.
      parentRevoked: parentRevoked(),
    })
    .from(tokenFamilies)
    .innerJoin(users, eq(users.id, tokenFamilies.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(tokenFamilies.id, sql.placeholder('familyId')))
    .prepare('identity_session_state');

  return {
    async findUserByEmail(systemId: number, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.email, email), isNull(users.deletedAt)));
      return row;
    },

    async findUser(userId: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    async recordLogin(userId: number, ip: string): Promise<void> {
      await db.update(users).set({ lastLoginIp: ip, lastLoginAt: new Date() }).where(eq(users.id, userId));
    },

    /**
     * Stores a new password. An invited person who sets one (the invitation link is a reset link)
     * has accepted the invitation and becomes active; a disabled account stays disabled.
     */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({
          passwordHash,
          status: sql`case when ${users.status} = 'invited' then 'active' else ${users.status} end`,
        })
        .where(eq(users.id, userId));
    },

    /** Accepts a TOTP time step at most once per user: true when this step is newer than the last. */
    async claimTotpStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async setTwoFactor(
      userId: number,
      values: Pick<UserRow, 'twoFactorEnabled' | 'twoFactorType' | 'totpSecretEncrypted'> & {
        totpLastStep?: number | null;
      },
    ) {
      await db.update(users).set(values).where(eq(users.id, userId));
    },

    // --- sessions -------------------------------------------------------------------------------

    async createFamily(values: typeof tokenFamilies.$inferInsert) {
      return firstRow(await db.insert(tokenFamilies).values(values).returning(), 'token family');
    },

    /** A rotation retried within the grace window inserts the same successor again: kept once. */
    async insertRefreshToken(familyId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(refreshTokens)
        .values({ familyId, tokenHash, expiresAt })
        .onConflictDoNothing({ target: refreshTokens.tokenHash });
    },

    /** Marks an unused, unexpired refresh token used; only one caller can win. */
    async useRefreshToken(tokenHash: string) {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, new Date()),
          ),
        )
        .returning({ familyId: refreshTokens.familyId });
      return row;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** A session, and whether the session it was started from (view mode) has ended. */
    async getFamily(familyId: string) {
      const [row] = await db
        .select({ family: tokenFamilies, parentRevoked: parentRevoked() })
        .from(tokenFamilies)
        .where(eq(tokenFamilies.id, familyId));
      return row ? { ...row.family, parentRevoked: row.parentRevoked } : undefined;
    },

    /*
     * Revocation, in one place: a view-mode session lives only as long as the session it was started
     * from, so every statement below also ends the view-mode sessions (children, by parent_family_id)
     * of each session it ends. View mode does not nest (switching is refused in view mode).
     */

    /** Ends a session and its view-mode sessions (refresh-token reuse, reverting view mode). */
    async revokeFamily(familyId: string, reason: string): Promise<void> {
      await db
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(
          and(
            sql`(${tokenFamilies.id} = ${familyId} or ${tokenFamilies.parentFamilyId} = ${familyId})`,
            isNull(tokenFamilies.revokedAt),
          ),
        );
    },

    /**
     * Logout: ends the session together with its relatives, from either side. For a view-mode
     * session that is the session it was started from and all of that one's view-mode sessions.
     */
    async revokeSessionTree(familyId: string, reason: string): Promise<void> {
      const root = sql`coalesce((select parent.parent_family_id from ${tokenFamilies} parent where parent.id = ${familyId}), ${familyId}::uuid)`;
      await db
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(
          and(
            sql`(${tokenFamilies.id} = ${root} or ${tokenFamilies.parentFamilyId} = ${root})`,
            isNull(tokenFamilies.revokedAt),
          ),
        );
    },

    /**
     * Ends every session of a user (but `keepFamilyId`), the view-mode sessions acting as them, and
     * the view-mode sessions started from any session that ends here.
     */
    async revokeUserSessions(userId: number, reason: string, keepFamilyId?: string): Promise<void> {
      const keep = keepFamilyId ? sql`${keepFamilyId}::uuid` : sql`null::uuid`;
      await db
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(
          and(
            sql`(${tokenFamilies.userId} = ${userId} or ${tokenFamilies.actorUserId} = ${userId}
              or ${tokenFamilies.parentFamilyId} in (
                select own.id from ${tokenFamilies} own
                where own.user_id = ${userId} and own.id is distinct from ${keep}))`,
            isNull(tokenFamilies.revokedAt),
            sql`${tokenFamilies.id} is distinct from ${keep}`,
          ),
        );
    },

    /** What an access token needs per request: its session is live and its user active. */
    async sessionState(familyId: string) {
      const [row] = await sessionStateQuery.execute({ familyId });
      return row;
    },

    /** A person and their company, as a principal is built (the Developer API's key maker). */
    async personState(userId: number) {
      const [row] = await db
        .select({
          user: {
            id: users.id,
            systemId: users.systemId,
            companyId: users.companyId,
            userType: users.userType,
            status: users.status,
            deletedAt: users.deletedAt,
            isSystemUser: users.isSystemUser,
            isAccExecutive: users.isAccExecutive,
            roleId: users.roleId,
            timeZone: users.timeZone,
          },
          companyKind: companies.kind,
          companyParentId: companies.parentId,
          rootCompanyId: companies.rootId,
          companyDeletedAt: companies.deletedAt,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId));
      return row;
    },

    /** The switches of a role, one row per role module it has rows for. */
    rolePermissions: (roleId: number) =>
      db
        .select({
          module: rolePermissions.module,
          enable: rolePermissions.canEnable,
          create: rolePermissions.canCreate,
          update: rolePermissions.canUpdate,
          delete: rolePermissions.canDelete,
        })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId)),

    // --- two-factor challenges ------------------------------------------------------------------

    async createChallenge(values: typeof loginChallenges.$inferInsert): Promise<ChallengeRow> {
      return firstRow(await db.insert(loginChallenges).values(values).returning(), 'login challenge');
    },

    async findChallenge(otpTokenHash: string): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.otpTokenHash, otpTokenHash));
      return row;
    },

    /** Counts a wrong code; answers the new count, or undefined when the challenge is spent. */
    async countWrongCode(challengeId: string, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(and(eq(loginChallenges.id, challengeId), sql`${loginChallenges.attempts} < ${maxAttempts}`))
        .returning({ attempts: loginChallenges.attempts });
      return row?.attempts;
    },

    /** Consumes a live challenge; of any number of parallel callers exactly one gets true. */
    async consumeChallenge(challengeId: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(loginChallenges.id, challengeId),
            isNull(loginChallenges.consumedAt),
            gt(loginChallenges.expiresAt, new Date()),
            sql`${loginChallenges.attempts} < ${maxAttempts}`,
          ),
        )
        .returning({ id: loginChallenges.id });
      return rows.length === 1;
    },

    async replaceChallengeCode(challengeId: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .update(loginChallenges)
        .set({ codeHash, codeSentAt: new Date(), expiresAt })
        .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.consumedAt)));
    },

    // --- one-time tokens (password reset, SSO) --------------------------------------------------

    async createOneTimeToken(values: typeof oneTimeTokens.$inferInsert): Promise<void> {
      await db.insert(oneTimeTokens).values(values);
    },

    async findOneTimeToken(purpose: OneTimePurpose | readonly OneTimePurpose[], tokenHash: string) {
      const purposes = typeof purpose === 'string' ? [purpose] : [...purpose];
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(inArray(oneTimeTokens.purpose, purposes), eq(oneTimeTokens.tokenHash, tokenHash)));
      return row;
    },

    /** Spends a user's unused tokens of a purpose: a newer link replaces the older ones. */
    async spendOneTimeTokens(userId: number, purpose: OneTimePurpose): Promise<void> {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },

    /** True when another live account of the system has this e-mail address. */
    emailTaken: async (systemId: number, email: string, exceptUserId: number) =>
      (await emailHolder(db, systemId, email, exceptUserId)) !== undefined,

    /** Gives a user a new e-mail address; false when the address is (meanwhile) another account's. */
    async setEmail(userId: number, email: string): Promise<boolean> {
      try {
        const rows = await db
          .update(users)
          .set({ email })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        return rows.length === 1;
      } catch (err) {
        // users_system_email_key: another account took the address between the check and now.
        const e = err as { code?: string; cause?: { code?: string } } | null;
        if (e?.code === '23505' || e?.cause?.code === '23505') return false;
        throw err;
      }
    },

    /** Uses a live one-time token; only one caller can win. */
    async useOneTimeToken(id: string): Promise<boolean> {
      const rows = await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.id, id),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      return rows.length === 1;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
