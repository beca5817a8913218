import type { Cents } from '@app/contracts';
import {
  and,
  companies,
  type Database,
  desc,
  type Executor,
  eq,
  isNull,
  paymentAccounts,
  paymentCards,
  paymentCustomers,
  paymentOperations,
  sql,
  users,
} from '@app/db';
import { mainPersonOf } from '../users/index.js';

export type CardRow = typeof paymentCards.$inferSelect;
export type NewCard = Omit<typeof paymentCards.$inferInsert, 'id' | 'createdAt' | 'replacedAt'>;
export type CustomerRow = typeof paymentCustomers.$inferSelect;

/** The SQL of cards and gateway customers (decision 0032), and the few company/person reads they need. */
export function createCardRepository(db: Database) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  return {
    /** A person (not removed) with their company's place in the tree and billing flags. */
    async personWithCompany(userId: number) {
      return first(
        await db
          .select({
            userId: users.id,
            email: users.email,
            name: users.name,
            companyId: companies.id,
            companyName: companies.name,
            kind: companies.kind,
            systemId: companies.systemId,
            parentId: companies.parentId,
            rootId: companies.rootId,
            manualBill: companies.manualBill,
            excludeOnboardCharge: companies.excludeOnboardCharge,
            isOnboardCharged: companies.isOnboardCharged,
          })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(companies.deletedAt))),
      );
    },

    /** A company (not removed) with what billing needs of it. */
    async company(companyId: number) {
      return first(
        await db
          .select({
            companyId: companies.id,
            companyName: companies.name,
            kind: companies.kind,
            systemId: companies.systemId,
            rootId: companies.rootId,
            isOnboardCharged: companies.isOnboardCharged,
            excludeOnboardCharge: companies.excludeOnboardCharge,
          })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt))),
      );
    },

    currentCard(companyId: number, tx: Executor = db): Promise<CardRow | null> {
      return tx
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.companyId, companyId), isNull(paymentCards.replacedAt)))
        .then(first);
    },

    customer(companyId: number): Promise<CustomerRow | null> {
      return db.select().from(paymentCustomers).where(eq(paymentCustomers.companyId, companyId)).then(first);
    },

    /** Keeps the first customer stored for a company (a concurrent second one is dropped). */
    /**
     * Stores the company's customer; a customer on another gateway or account (the system moved from
     * the sandbox to Stripe, the client's agency connected anew) replaces the stored one — the cards
     * made on the old one keep their own gateway and customer ids.
     */
    async saveCustomer(row: typeof paymentCustomers.$inferInsert): Promise<CustomerRow> {
      await db
        .insert(paymentCustomers)
        .values(row)
        .onConflictDoUpdate({
          target: paymentCustomers.companyId,
          set: {
            gateway: row.gateway,
            customerId: row.customerId,
            connectedAccountId: row.connectedAccountId,
          },
        });
      const saved = await this.customer(row.companyId);
      if (!saved) throw new Error(`payment customer of company ${row.companyId} not stored`);
      return saved;
    },

    /** Makes `card` the company's current card: the previous one is kept as history (replaced_at). */
    async replaceCard(card: NewCard): Promise<CardRow> {
      return db.transaction(async (tx) => {
        // Serialises concurrent saves for one company: the partial unique index allows one current card.
        await tx.execute(sql`select id from companies where id = ${card.companyId} for update`);
        // The same gateway card saved again (a repeated request) is the current card already.
        const current = await this.currentCard(card.companyId, tx);
        if (current && current.paymentMethodId === card.paymentMethodId && current.gateway === card.gateway)
          return current;
        await tx
          .update(paymentCards)
          .set({ replacedAt: new Date() })
          .where(and(eq(paymentCards.companyId, card.companyId), isNull(paymentCards.replacedAt)));
        const [row] = await tx.insert(paymentCards).values(card).returning();
        if (!row) throw new Error('card not stored');
        return row;
      });
    },

    /** The company's main person, who gets its receipts (the users module's one read of it). */
    ownerOf: mainPersonOf(db),

    /** The amount of a payment operation (what was charged), by its business key. */
    async operationAmount(businessKey: string): Promise<Cents | null> {
      const row = first(
        await db
          .select({ amount: paymentOperations.amount })
          .from(paymentOperations)
          .where(eq(paymentOperations.businessKey, businessKey)),
      );
      return row ? row.amount : null;
    },

    /** The agency's connected account on this gateway, if it has one (kept by webhook events). */
    async connectedAccount(gateway: string, companyId: number) {
      return first(
        await db
          .select()
          .from(paymentAccounts)
          .where(and(eq(paymentAccounts.gateway, gateway), eq(paymentAccounts.companyId, companyId)))
          .orderBy(desc(paymentAccounts.updatedAt))
          .limit(1),
      );
    },
  };
}

export type CardRepository = ReturnType<typeof createCardRepository>;
