import {
  and,
  companies,
  type Database,
  eq,
  firstRow,
  gt,
  isNull,
  loginChallenges,
  oneTimeTokens,
  refreshTokens,
  sql,
  tokenFamilies,
  users,
} from '@app/db';

export type UserRow = typeof users.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;

/** SQL of sign-in and sessions. Every statement that must happen once is one atomic UPDATE. */
export function createIdentityRepository(db: Database) {
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

    async insertRefreshToken(familyId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
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

    async getFamily(familyId: string) {
      const [row] = await db.select().from(tokenFamilies).where(eq(tokenFamilies.id, familyId));
      return row;
    },

    async revokeFamily(familyId: string, reason: string): Promise<void> {
      await db
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
    },

    /** Ends every session of a user (but `keepFamilyId`), including view-mode sessions acting as them. */
    async revokeUserSessions(userId: number, reason: string, keepFamilyId?: string): Promise<void> {
      await db
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(
          and(
            sql`(${tokenFamilies.userId} = ${userId} or ${tokenFamilies.actorUserId} = ${userId})`,
            isNull(tokenFamilies.revokedAt),
            keepFamilyId ? sql`${tokenFamilies.id} <> ${keepFamilyId}` : sql`true`,
          ),
        );
    },

    /** What an access token needs per request: its session is live and its user active. */
    async sessionState(familyId: string) {
      const [row] = await db
        .select({
          family: tokenFamilies,
          // Only what a principal needs: this runs on every authenticated request.
          user: {
            id: users.id,
            systemId: users.systemId,
            companyId: users.companyId,
            userType: users.userType,
            status: users.status,
            deletedAt: users.deletedAt,
            isSystemUser: users.isSystemUser,
            isAccExecutive: users.isAccExecutive,
          },
          companyKind: companies.kind,
          companyParentId: companies.parentId,
          rootCompanyId: companies.rootId,
          companyDeletedAt: companies.deletedAt,
        })
        .from(tokenFamilies)
        .innerJoin(users, eq(users.id, tokenFamilies.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(tokenFamilies.id, familyId));
      return row;
    },

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

    async findOneTimeToken(purpose: 'password_reset' | 'sso', tokenHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.tokenHash, tokenHash)));
      return row;
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
