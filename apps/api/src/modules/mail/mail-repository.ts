import {
  and,
  asc,
  companies,
  companySmtp,
  type Database,
  desc,
  emailAttachments,
  emailMessages,
  eq,
  inArray,
  sql,
  systems,
} from '@app/db';

export type NewEmail = typeof emailMessages.$inferInsert;
export type StoredEmail = typeof emailMessages.$inferSelect;

/** A file sent with a message (bytes as stored). */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

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

  /** The agency a company's mail speaks for: the agency itself, or a client's parent. */
  async function agencyOf(companyId: number): Promise<number | null> {
    const [row] = await db
      .select({ kind: companies.kind, parentId: companies.parentId })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) return null;
    return row.kind === 'client' ? row.parentId : companyId;
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
    /**
     * Stores messages (one statement) with their attachments (one more, in the same transaction, so a
     * message is never delivered without its files) and answers their ids in order. A message whose
     * `dedupeKey` is already stored is not stored again: its id is the stored one's, and `created`
     * says which were new.
     */
    async insertMany(
      messages: readonly (NewEmail & { attachments?: readonly EmailAttachment[] })[],
    ): Promise<{ id: number; created: boolean }[]> {
      if (!messages.length) return [];
      const withoutFiles = messages.map(({ attachments: _files, ...message }) => message);
      // One statement needs no transaction (lead delivery's batches): only files make it two.
      const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
        messages.some((m) => m.attachments?.length) ? db.transaction((tx) => work(tx)) : work(db);
      return inTransaction(async (tx) => {
        const rows = await tx
          .insert(emailMessages)
          .values(withoutFiles)
          .onConflictDoNothing({ target: emailMessages.dedupeKey })
          .returning({ id: emailMessages.id, dedupeKey: emailMessages.dedupeKey });
        // Rows come back in the order given; a keyed message left out was stored before.
        const byKey = new Map(rows.flatMap((r) => (r.dedupeKey ? [[r.dedupeKey, r.id] as const] : [])));
        const unkeyed = rows.filter((r) => !r.dedupeKey).map((r) => r.id);
        const keysMissing = withoutFiles.flatMap((m) =>
          m.dedupeKey && !byKey.has(m.dedupeKey) ? [m.dedupeKey] : [],
        );
        const earlier = keysMissing.length
          ? await tx
              .select({ id: emailMessages.id, dedupeKey: emailMessages.dedupeKey })
              .from(emailMessages)
              .where(inArray(emailMessages.dedupeKey, keysMissing))
          : [];
        const before = new Map(earlier.map((r) => [r.dedupeKey as string, r.id]));
        let nextUnkeyed = 0;
        const out = messages.map((m) => {
          if (!m.dedupeKey) return { id: unkeyed[nextUnkeyed++] as number, created: true };
          const created = byKey.get(m.dedupeKey);
          if (created !== undefined) return { id: created, created: true };
          const stored = before.get(m.dedupeKey);
          if (stored === undefined) throw new Error(`e-mail ${m.dedupeKey} neither stored nor found`);
          return { id: stored, created: false };
        });
        const files = messages.flatMap((m, i) => {
          const stored = out[i];
          return stored?.created
            ? (m.attachments ?? []).map((file, position) => ({ messageId: stored.id, position, ...file }))
            : [];
        });
        if (files.length) await tx.insert(emailAttachments).values(files);
        return out;
      });
    },

    /** The files of a message, in the order they were given. */
    attachmentsOf: (messageId: number): Promise<EmailAttachment[]> =>
      db
        .select({
          fileName: emailAttachments.fileName,
          contentType: emailAttachments.contentType,
          content: emailAttachments.content,
        })
        .from(emailAttachments)
        .where(eq(emailAttachments.messageId, messageId))
        .orderBy(asc(emailAttachments.position)),

    /** The names and sizes of these messages' files (the outbox's list). */
    async attachmentNames(messageIds: readonly number[]) {
      const names = new Map<number, { fileName: string; contentType: string; size: number }[]>();
      if (!messageIds.length) return names;
      const rows = await db
        .select({
          messageId: emailAttachments.messageId,
          fileName: emailAttachments.fileName,
          contentType: emailAttachments.contentType,
          size: sql<number>`octet_length(${emailAttachments.content})::int`,
        })
        .from(emailAttachments)
        .where(inArray(emailAttachments.messageId, [...messageIds]))
        .orderBy(asc(emailAttachments.messageId), asc(emailAttachments.position));
      for (const { messageId, ...file } of rows)
        names.set(messageId, [...(names.get(messageId) ?? []), file]);
      return names;
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
      // A client's mail goes out as its agency's (white-label): the agency's SMTP when it has one.
      const agencyId = companyId === null ? null : await agencyOf(companyId);
      const own = agencyId === null ? undefined : await enabledSmtpOf(agencyId, 'agency');
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
