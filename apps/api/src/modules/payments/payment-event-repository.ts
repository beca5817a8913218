import {
  and,
  companies,
  type Database,
  eq,
  isNull,
  lte,
  paymentAccounts,
  paymentEvents,
  sql,
  users,
} from '@app/db';
import type { ConnectedAccount, GatewayEvent, GatewayName } from '../../providers/payments/gateway.js';

/** The events our webhook endpoint received, and the connected-account state they keep current. */
export function createPaymentEventRepository(db: Database) {
  const theEvent = (gateway: GatewayName, eventId: string) =>
    and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId));
  const theAccount = (gateway: GatewayName, accountId: string) =>
    and(eq(paymentAccounts.gateway, gateway), eq(paymentAccounts.accountId, accountId));
  return {
    /**
     * Stores an event once, with the system whose secret verified it (null for the sandbox's); answers
     * whether this delivery was the first of its id.
     */
    async store(
      gateway: GatewayName,
      systemId: number | null,
      event: GatewayEvent,
    ): Promise<{ first: boolean; processed: boolean }> {
      const inserted = await db
        .insert(paymentEvents)
        .values({
          gateway,
          systemId,
          eventId: event.id,
          type: event.type,
          eventCreated: event.created,
          connectedAccountId: event.account,
          objectId: event.object.id,
          payload: event as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length > 0) return { first: true, processed: false };
      const [existing] = await db
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(theEvent(gateway, event.id));
      return { first: false, processed: Boolean(existing?.processedAt) };
    },

    async get(gateway: GatewayName, eventId: string) {
      const [row] = await db.select().from(paymentEvents).where(theEvent(gateway, eventId));
      return row ?? null;
    },

    /** Marks an event processed with what processing did; a second marking changes nothing. */
    async markProcessed(gateway: GatewayName, eventId: string, outcome: 'applied' | 'stale' | 'recorded') {
      await db
        .update(paymentEvents)
        .set({ processedAt: sql`now()`, outcome })
        .where(
          and(
            eq(paymentEvents.gateway, gateway),
            eq(paymentEvents.eventId, eventId),
            isNull(paymentEvents.processedAt),
          ),
        );
    },

    /** The time of the newest event the stored state of an account reflects, or null when none is stored. */
    async accountStateAsOf(gateway: GatewayName, accountId: string): Promise<number | null> {
      const [row] = await db
        .select({ stateAsOf: paymentAccounts.stateAsOf })
        .from(paymentAccounts)
        .where(theAccount(gateway, accountId));
      return row?.stateAsOf ?? null;
    },

    /**
     * Stores an account's state as of an event time, unless a newer one is stored already (the
     * check is in the statement, so two events processed at once cannot go backwards).
     */
    async saveAccountState(gateway: GatewayName, account: ConnectedAccount, asOf: number): Promise<boolean> {
      const owner = ownerOf(account.metadata);
      const state = {
        status: account.status,
        chargesEnabled: account.chargesEnabled,
        payoutsEnabled: account.payoutsEnabled,
        requirements: account.requirements as unknown as Record<string, unknown>,
        stateAsOf: asOf,
        updatedAt: sql`now()`,
      };
      const saved = await db
        .insert(paymentAccounts)
        .values({ gateway, accountId: account.id, ...owner, ...state })
        .onConflictDoUpdate({
          target: [paymentAccounts.gateway, paymentAccounts.accountId],
          set: state,
          setWhere: lte(paymentAccounts.stateAsOf, asOf),
        })
        .returning({ accountId: paymentAccounts.accountId });
      return saved.length > 0;
    },

    async account(gateway: GatewayName, accountId: string) {
      const [row] = await db.select().from(paymentAccounts).where(theAccount(gateway, accountId));
      return row ?? null;
    },
  };
}

export type PaymentEventRepository = ReturnType<typeof createPaymentEventRepository>;

/** The owner an account was created for (`company_id` or `user_id` in its metadata), when it names one. */
function ownerOf(metadata: Record<string, string>) {
  const id = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
  // Read as "that row's id, if it exists": metadata naming nobody we know stores no owner instead of
  // failing the job forever on the foreign key.
  const companyId = id(metadata.company_id);
  const userId = id(metadata.user_id);
  return {
    companyId:
      companyId === null
        ? null
        : sql<number | null>`(select ${companies.id} from ${companies} where ${companies.id} = ${companyId})`,
    userId:
      userId === null
        ? null
        : sql<number | null>`(select ${users.id} from ${users} where ${users.id} = ${userId})`,
  };
}
