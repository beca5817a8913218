import {
  and,
  companies,
  count,
  type Database,
  eq,
  isNotNull,
  isNull,
  paymentAccounts,
  sql,
  systems,
  users,
} from '@app/db';
import type { ConnectedAccount, GatewayName } from '../../providers/payments/gateway.js';

/** Whose connected account: an agency's (its clients pay into it) or a sales person's (commissions). */
export type AccountOwner = { kind: 'company'; id: number } | { kind: 'user'; id: number };

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/** The connected accounts as their owners see them: the live one, its creation and its reset. */
export function createConnectRepository(db: Database) {
  const ownedBy = (owner: AccountOwner) =>
    owner.kind === 'company' ? eq(paymentAccounts.companyId, owner.id) : eq(paymentAccounts.userId, owner.id);

  return {
    async company(id: number) {
      const [row] = await db
        .select()
        .from(companies)
        .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
      return row ?? null;
    },
    async user(id: number) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row ?? null;
    },
    /** A system with its root company, and the master system's (root fees, decision 0081). */
    async systemRoot(systemId: number) {
      const [row] = await db
        .select({ id: systems.id, isMaster: systems.isMaster, rootCompanyId: systems.rootCompanyId })
        .from(systems)
        .where(eq(systems.id, systemId));
      return row ?? null;
    },
    async masterRoot() {
      const [row] = await db
        .select({ name: companies.name, email: companies.email, companyId: companies.id })
        .from(systems)
        .innerJoin(companies, eq(companies.id, systems.rootCompanyId))
        .where(eq(systems.isMaster, true));
      return row ?? null;
    },
    /** The address an agency's account is opened with: the company's, else its owner's. */
    async ownerEmail(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
        .orderBy(users.id)
        .limit(1);
      return row?.email ?? null;
    },

    /** The owner's live account (at most one: a unique index), or null for the empty status. */
    async live(owner: AccountOwner): Promise<PaymentAccountRow | null> {
      const [row] = await db
        .select()
        .from(paymentAccounts)
        .where(and(ownedBy(owner), isNull(paymentAccounts.detachedAt)));
      return row ?? null;
    },

    /**
     * Which connection of the owner the next one is: the number of connections reset so far. It
     * numbers the creation's idempotency key, so a retry after a lost answer finds the same account
     * at the gateway and a connection after a reset makes a new one.
     */
    async generation(owner: AccountOwner): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentAccounts)
        .where(and(ownedBy(owner), isNotNull(paymentAccounts.detachedAt)));
      return Number(row?.n ?? 0);
    },

    /**
     * Records an account the gateway created for the owner, as it was then. A webhook may have stored
     * it already (its state is newer: kept), and a concurrent request may have recorded it (same
     * account: nothing to do). Answers the owner's live account afterwards.
     */
    async recordCreated(gateway: GatewayName, account: ConnectedAccount, owner: AccountOwner) {
      await db
        .insert(paymentAccounts)
        .values({
          gateway,
          accountId: account.id,
          companyId: owner.kind === 'company' ? owner.id : null,
          userId: owner.kind === 'user' ? owner.id : null,
          status: account.status,
          chargesEnabled: account.chargesEnabled,
          payoutsEnabled: account.payoutsEnabled,
          requirements: account.requirements as unknown as Record<string, unknown>,
          // Any event about the account is newer than what creation answered.
          stateAsOf: 0,
        })
        .onConflictDoNothing();
      return this.live(owner);
    },

    /** Detaches the owner's live account (the reset); answers the detached row, or null when none. */
    async detach(owner: AccountOwner): Promise<PaymentAccountRow | null> {
      const [row] = await db
        .update(paymentAccounts)
        .set({ detachedAt: sql`now()` })
        .where(and(ownedBy(owner), isNull(paymentAccounts.detachedAt)))
        .returning();
      return row ?? null;
    },
  };
}

export type ConnectRepository = ReturnType<typeof createConnectRepository>;
