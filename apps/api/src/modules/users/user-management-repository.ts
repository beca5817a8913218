import type { ModuleType, PaymentTerm, UserType } from '@app/contracts';
import {
  and,
  asc,
  companies,
  companyModules,
  companyPaymentTerms,
  companySalesLinks,
  type Database,
  emailHolder,
  eq,
  firstRow,
  insertCompany,
  isNull,
  minimumSpendPlans,
  type NewCompany,
  oneTimeTokens,
  paymentAccounts,
  queryRows,
  roles,
  sql,
  systems,
  users,
} from '@app/db';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
type CompanyValues = Partial<typeof companies.$inferInsert>;
type UserValues = Partial<typeof users.$inferInsert>;

/** SQL of agency, client and staff management (the lists live in user-list-repository). */
export function createUserManagementRepository(db: Database) {
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];

  /** Soft-deletes users and ends every session they own or act in, inside one transaction. */
  async function retireUsers(tx: Database, userIds: SQL, reason: string) {
    await tx.execute(sql`update token_families set revoked_at = now(), revoke_reason = ${reason}
      where revoked_at is null and (user_id in (${userIds}) or actor_user_id in (${userIds}))`);
    await tx.execute(sql`update one_time_tokens set used_at = now()
      where used_at is null and user_id in (${userIds})`);
    await tx.execute(
      sql`update users set deleted_at = now() where deleted_at is null and id in (${userIds})`,
    );
  }

  return {
    company: (id: number) => one(db.select().from(companies).where(eq(companies.id, id))),
    system: (id: number) => one(db.select().from(systems).where(eq(systems.id, id))),
    /** An agency's payment-provider account, if it ever started connecting one. */
    connectedAccount: (companyId: number) =>
      one(
        db
          .select()
          .from(paymentAccounts)
          .where(and(eq(paymentAccounts.companyId, companyId), isNull(paymentAccounts.detachedAt))),
      ),

    /** A live user with its live company. */
    async userWithCompany(userId: number) {
      const [row] = await db
        .select({ user: users, company: companies })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(companies.deletedAt)));
      return row;
    },

    /** The live user who holds an address in a system (other than `exceptUserId`), if any. */
    emailHolder: (systemId: number, email: string, exceptUserId?: number) =>
      emailHolder(db, systemId, email, exceptUserId),

    roleOfCompany: (roleId: number, companyId: number) =>
      one(
        db
          .select()
          .from(roles)
          .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId))),
      ),

    planOfSystem: (planId: number, systemId: number) =>
      one(
        db
          .select()
          .from(minimumSpendPlans)
          .where(and(eq(minimumSpendPlans.id, planId), eq(minimumSpendPlans.systemId, systemId))),
      ),

    /** True when the sales person is linked to the agency (in that role, when given). */
    /** The agency's account executive (a sales person linked to it as such), if any. */
    async accountExecutiveOf(companyId: number): Promise<number | null> {
      const [row] = await db
        .select({ userId: companySalesLinks.salesUserId })
        .from(companySalesLinks)
        .where(
          and(eq(companySalesLinks.companyId, companyId), eq(companySalesLinks.role, 'account_executive')),
        );
      return row?.userId ?? null;
    },

    async salesLinked(companyId: number, salesUserId: number, role?: 'account_executive') {
      const [row] = await db
        .select({ companyId: companySalesLinks.companyId })
        .from(companySalesLinks)
        .where(
          and(
            eq(companySalesLinks.companyId, companyId),
            eq(companySalesLinks.salesUserId, salesUserId),
            role ? eq(companySalesLinks.role, role) : undefined,
          ),
        );
      return Boolean(row);
    },

    /** True when the company group belongs to the company. */
    async groupOfCompany(groupId: number, companyId: number) {
      const rows = await queryRows(
        db,
        sql`select 1 from company_groups where id = ${groupId} and company_id = ${companyId}`,
      );
      return rows.length > 0;
    },

    termsOf: (companyId: number) =>
      db.select().from(companyPaymentTerms).where(eq(companyPaymentTerms.companyId, companyId)),
    modulesOf: (companyId: number) =>
      db.select().from(companyModules).where(eq(companyModules.companyId, companyId)),

    /**
     * Active campaigns (running or paused on run, live) of an agency's clients or of a client, in
     * these modules: what keeps a product from being switched off (spec 2 §4 "Product disable").
     */
    activeCampaigns: (company: { id: number; kind: string }, modules: readonly ModuleType[]) =>
      modules.length === 0
        ? Promise.resolve([])
        : queryRows<{ module: ModuleType; publicId: string }>(
            db,
            sql`select module, public_id as "publicId" from campaigns
              where ${company.kind === 'agency' ? sql`agency_id` : sql`client_id`} = ${company.id}
                and module in (${sql.join(
                  modules.map((m) => sql`${m}`),
                  sql`, `,
                )}) and removed_at is null and not archived and status in ('running', 'paused_on_run')
              order by module, public_id`,
          ),

    /** Number of live clients of an agency. */
    async clientCount(agencyId: number) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from companies
          where parent_id = ${agencyId} and deleted_at is null`,
      );
      return Number(row?.n ?? 0);
    },

    /** Creates an agency or client company with its terms, modules and main user. */
    async createCompanyWithUser(node: NewCompany, user: typeof users.$inferInsert) {
      return db.transaction(async (tx) => {
        const companyId = await insertCompany(tx, node);
        return firstRow(
          await tx
            .insert(users)
            .values({ ...user, companyId })
            .returning(),
          'user',
        );
      });
    },

    async createUser(values: typeof users.$inferInsert) {
      return firstRow(await db.insert(users).values(values).returning(), 'user');
    },

    /** Writes a node's company and user fields and replaces the listed terms and modules. */
    async updateNode(input: {
      userId: number;
      companyId: number;
      user: UserValues;
      company: CompanyValues;
      terms?: { term: PaymentTerm; enabled: boolean }[];
      modules?: { module: ModuleType; enabled: boolean }[];
    }) {
      await db.transaction(async (tx) => {
        if (Object.keys(input.user).length)
          await tx.update(users).set(input.user).where(eq(users.id, input.userId));
        if (Object.keys(input.company).length)
          await tx.update(companies).set(input.company).where(eq(companies.id, input.companyId));
        for (const t of input.terms ?? [])
          await tx
            .insert(companyPaymentTerms)
            .values({ companyId: input.companyId, ...t })
            .onConflictDoUpdate({
              target: [companyPaymentTerms.companyId, companyPaymentTerms.term],
              set: { enabled: t.enabled },
            });
        for (const m of input.modules ?? [])
          await tx
            .insert(companyModules)
            .values({ companyId: input.companyId, ...m })
            .onConflictDoUpdate({
              target: [companyModules.companyId, companyModules.module],
              set: { enabled: m.enabled },
            });
      });
    },

    /**
     * Soft-deletes a company and everything below it (an agency's clients), their users and
     * sessions; frees the subdomain and custom domain so they can be used again. Answers the
     * number of companies removed.
     */
    async removeCompanyTree(companyId: number, reason: string): Promise<number> {
      return db.transaction(async (tx) => {
        const tree = sql`select id from companies where (id = ${companyId} or parent_id = ${companyId})
          and deleted_at is null`;
        await retireUsers(tx, sql`select id from users where company_id in (${tree})`, reason);
        const removed = await queryRows<{ id: number }>(
          tx,
          sql`update companies set deleted_at = now(), subdomain = null, custom_domain = null
            where id in (${tree}) returning id`,
        );
        await tx.execute(sql`delete from company_sales_links where company_id in (
          select id from companies where id = ${companyId} or parent_id = ${companyId})`);
        return removed.length;
      });
    },

    /** Soft-deletes one person, ends their sessions and drops their sales links. */
    async removeUser(userId: number, reason: string) {
      await db.transaction(async (tx) => {
        await retireUsers(tx, sql`select ${userId}::int`, reason);
        await tx.delete(companySalesLinks).where(eq(companySalesLinks.salesUserId, userId));
      });
    },

    /** Flips a company flag in one statement and answers the new value. */
    async toggle(companyId: number, flag: 'exclude_minimum_spend' | 'exclude_onboard_charge') {
      const column = sql.raw(flag);
      const [row] = await queryRows<{ value: boolean }>(
        db,
        sql`update companies set ${column} = not ${column}
          where id = ${companyId} returning ${column} as value`,
      );
      return Boolean(row?.value);
    },

    /** Ends every unused set-password link of a person (a resent invitation kills the old one). */
    async expirePasswordLinks(userId: number) {
      await db.execute(sql`update one_time_tokens set used_at = now()
        where user_id = ${userId} and purpose in ('password_reset', 'invitation') and used_at is null`);
    },

    /** An invitation's link: the identity module's set-password link, marked as an invitation. */
    async createPasswordLink(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(oneTimeTokens).values({ purpose: 'invitation', userId, tokenHash, expiresAt });
    },

    /** Systems with their root company, the master first. */
    async systemsWithRoot(onlySystemId?: number) {
      return db
        .select({
          idsys: systems.id,
          name: systems.name,
          domain: systems.domain,
          isMaster: systems.isMaster,
          rootCompanyId: companies.id,
          rootCompanyName: companies.name,
        })
        .from(systems)
        .innerJoin(companies, eq(companies.id, systems.rootCompanyId))
        .where(onlySystemId ? eq(systems.id, onlySystemId) : undefined)
        .orderBy(sql`${systems.isMaster} desc`, asc(systems.id));
    },

    /** A live sales person of the system. */
    async salesUser(systemId: number, userId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.systemId, systemId),
            eq(users.userType, 'sales' as UserType),
            isNull(users.deletedAt),
          ),
        );
      return Boolean(row);
    },
  };
}

type SQL = ReturnType<typeof sql>;

export type UserManagementRepository = ReturnType<typeof createUserManagementRepository>;
