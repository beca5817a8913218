import { and, companies, companySmtp, type Database, desc, emailMessages, eq, sql, systems } from '@app/db';

export type NewEmail = typeof emailMessages.$inferInsert;
export type StoredEmail = typeof emailMessages.$inferSelect;

export function createMailRepository(db: Database) {
  async function enabledSmtpOf(companyId: number, kind: 'agency' | 'root') {
    const [row] = await db
      .select({ smtp: companySmtp })
      .from(companySmtp)
      .innerJoin(companies, eq(companies.id, companySmtp.companyId))
      .where(
        and(eq(companySmtp.companyId, companyId), eq(companySmtp.enabled, true), eq(companies.kind, kind)),
      );
    return row?.smtp;
  }

  return {
    /** A system's newest messages, optionally to one address (the operators' outbox). */
    outbox: (systemId: number, options: { to?: string; limit: number }) =>
      db
        .select()
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.systemId, systemId),
            options.to ? eq(emailMessages.toAddress, options.to.toLowerCase()) : undefined,
          ),
        )
        .orderBy(desc(emailMessages.id))
        .limit(options.limit),
    /** Stores messages in one statement and answers their ids. */
    async insertMany(messages: readonly NewEmail[]): Promise<number[]> {
      if (!messages.length) return [];
      const rows = await db
        .insert(emailMessages)
        .values([...messages])
        .returning({ id: emailMessages.id });
      return rows.map((row) => row.id);
    },

    async get(id: number): Promise<StoredEmail | undefined> {
      const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
      return row;
    },

    async recordAttempt(
      id: number,
      result: Partial<
        Pick<StoredEmail, 'status' | 'transport' | 'lastError' | 'providerMessageId' | 'sentAt'>
      >,
    ) {
      await db
        .update(emailMessages)
        .set({ ...result, attempts: sql`${emailMessages.attempts} + 1` })
        .where(eq(emailMessages.id, id));
    },

    /**
     * The SMTP settings that apply to mail of a company: the agency's own when it has enabled
     * them, else its system's (on the root company), else none (the outbox keeps the mail).
     */
    async findSmtp(systemId: number, companyId: number | null) {
      const own = companyId === null ? undefined : await enabledSmtpOf(companyId, 'agency');
      if (own) return own;
      const [system] = await db
        .select({ rootId: systems.rootCompanyId })
        .from(systems)
        .where(eq(systems.id, systemId));
      return system?.rootId ? ((await enabledSmtpOf(system.rootId, 'root')) ?? null) : null;
    },

    async systemDomain(systemId: number): Promise<string | undefined> {
      const [row] = await db.select({ domain: systems.domain }).from(systems).where(eq(systems.id, systemId));
      return row?.domain;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
