import type { Cents } from '@app/contracts';
import {
  and,
  asc,
  campaigns,
  type Database,
  type Executor,
  eq,
  inArray,
  isNull,
  like,
  paymentFailures,
  queryRows,
  sql,
} from '@app/db';
import { sumCents } from '@app/pricing';

/** A declined charge that leaves its payer owing the obligation it was for (decision 0065). */
export interface DeclinedObligation {
  systemId: number;
  payerCompanyId: number;
  campaignId: number | null;
  obligationKey: string;
  amount: Cents;
  reason: string;
  operationId: number;
}

/** Obligations the settlement and the scheduled retries pay: invoices, for leads already delivered. */
export const INVOICE_OBLIGATIONS = 'invoice:%';

/** An open failure of an invoice's charge: what the settlement charges again. */
export interface OpenInvoiceFailure {
  id: number;
  obligationKey: string;
  campaignId: number | null;
  amount: Cents;
}

/** What a company owes for declined charges: the campaigns they were for and the total. */
export interface OpenFailures {
  /** Public ids (8 digits) of the campaigns whose charges failed, oldest failure first. */
  campaignPublicIds: string[];
  total: Cents;
  count: number;
}

/** The SQL of `payment_failures`: the only code that writes the table. */
export function createPaymentFailureRepository(db: Database) {
  return {
    /**
     * Records (or refreshes) the open failure of an obligation: its payer, amount and reason follow
     * the latest declined attempt (a retry may be on another card, or the agency's under manual bill).
     * A settled obligation is never reopened: nothing is owed for it any more.
     */
    async recordDecline(d: DeclinedObligation, tx: Executor): Promise<void> {
      await tx.execute(sql`
        insert into payment_failures (system_id, payer_company_id, agency_id, campaign_id, obligation_key,
                                      amount, reason, last_operation_id, failed_at)
        select ${d.systemId}, c.id, case when c.kind = 'agency' then c.id else c.parent_id end,
               ${d.campaignId}, ${d.obligationKey}, ${d.amount}, ${d.reason}, ${d.operationId}, now()
          from companies c where c.id = ${d.payerCompanyId}
        on conflict (obligation_key) do update
           set payer_company_id = excluded.payer_company_id, agency_id = excluded.agency_id,
               amount = excluded.amount, reason = excluded.reason,
               last_operation_id = excluded.last_operation_id, failed_at = excluded.failed_at
         where payment_failures.settled_at is null`);
    },

    /**
     * A charge that could not even be tried (the payer has no card on file, decision 0075): the payer
     * owes it as if the card had refused it, with no attempt behind it.
     */
    async recordUnattempted(d: Omit<DeclinedObligation, 'operationId'>, tx: Executor = db): Promise<void> {
      await tx.execute(sql`
        insert into payment_failures (system_id, payer_company_id, agency_id, campaign_id, obligation_key,
                                      amount, reason, last_operation_id, failed_at)
        select ${d.systemId}, c.id, case when c.kind = 'agency' then c.id else c.parent_id end,
               ${d.campaignId}, ${d.obligationKey}, ${d.amount}, ${d.reason}, null, now()
          from companies c where c.id = ${d.payerCompanyId}
        on conflict (obligation_key) do update
           set payer_company_id = excluded.payer_company_id, agency_id = excluded.agency_id,
               amount = excluded.amount, reason = excluded.reason, failed_at = excluded.failed_at
         where payment_failures.settled_at is null`);
    },

    /** The payer's open failures of invoice charges, oldest first (decision 0075). */
    openInvoiceFailuresOf(payerCompanyId: number): Promise<OpenInvoiceFailure[]> {
      return db
        .select({
          id: paymentFailures.id,
          obligationKey: paymentFailures.obligationKey,
          campaignId: paymentFailures.campaignId,
          amount: paymentFailures.amount,
        })
        .from(paymentFailures)
        .where(
          and(
            eq(paymentFailures.payerCompanyId, payerCompanyId),
            isNull(paymentFailures.settledAt),
            like(paymentFailures.obligationKey, INVOICE_OBLIGATIONS),
          ),
        )
        .orderBy(asc(paymentFailures.id));
    },

    /**
     * Which of these companies owe an invoice charge (the ingest's payment gate, one read per batch
     * through the open-payer partial index).
     */
    async owingInvoices(companyIds: readonly number[]): Promise<Set<number>> {
      if (companyIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ payer: paymentFailures.payerCompanyId })
        .from(paymentFailures)
        .where(
          and(
            inArray(paymentFailures.payerCompanyId, [...companyIds]),
            isNull(paymentFailures.settledAt),
            like(paymentFailures.obligationKey, INVOICE_OBLIGATIONS),
          ),
        );
      return new Set(rows.map((r) => r.payer));
    },

    /** Every payer with an open failure, with what it owes: the daily reminders' list. */
    async payersOwing(): Promise<
      { systemId: number; payerCompanyId: number; total: Cents; count: number }[]
    > {
      const rows = await db
        .select({
          systemId: paymentFailures.systemId,
          payerCompanyId: paymentFailures.payerCompanyId,
          amount: paymentFailures.amount,
        })
        .from(paymentFailures)
        .where(isNull(paymentFailures.settledAt))
        .orderBy(asc(paymentFailures.payerCompanyId), asc(paymentFailures.id));
      const byPayer = new Map<number, { systemId: number; payerCompanyId: number; amounts: Cents[] }>();
      for (const r of rows) {
        const entry = byPayer.get(r.payerCompanyId) ?? { ...r, amounts: [] };
        entry.amounts.push(r.amount);
        byPayer.set(r.payerCompanyId, entry);
      }
      return [...byPayer.values()].map((e) => ({
        systemId: e.systemId,
        payerCompanyId: e.payerCompanyId,
        total: sumCents(e.amounts),
        count: e.amounts.length,
      }));
    },

    /** The obligation was paid by `operationId`'s charge; true when this call settled it. */
    async settlePaid(obligationKey: string, operationId: number, tx: Executor): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update payment_failures
               set settled_at = now(), settlement = 'paid', settled_by_operation_id = ${operationId}
             where obligation_key = ${obligationKey} and settled_at is null
         returning id`,
      );
      return rows.length > 0;
    },

    /** The obligation was paid from the agency's Data Wallet (no charge); true when this call settled it. */
    async settleByWallet(obligationKey: string, tx: Executor): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update payment_failures set settled_at = now(), settlement = 'wallet'
             where obligation_key = ${obligationKey} and settled_at is null
         returning id`,
      );
      return rows.length > 0;
    },

    /** A removed campaign will never start: what its declined activations left owing is dropped. */
    async settleRemovedCampaign(campaignId: number, tx: Executor = db): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update payment_failures set settled_at = now(), settlement = 'campaign_removed'
             where campaign_id = ${campaignId} and settled_at is null
         returning id`,
      );
      return rows.length;
    },

    /** Whether the company has a declined charge it has not paid yet (it is payment failed). */
    async isPaymentFailed(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentFailures.id })
        .from(paymentFailures)
        .where(and(eq(paymentFailures.payerCompanyId, companyId), isNull(paymentFailures.settledAt)))
        .limit(1);
      return row !== undefined;
    },

    /** The company's open failures as its own payer. */
    async openOf(companyId: number): Promise<OpenFailures> {
      const rows = await db
        .select({ publicId: campaigns.publicId, amount: paymentFailures.amount })
        .from(paymentFailures)
        .leftJoin(campaigns, eq(campaigns.id, paymentFailures.campaignId))
        .where(and(eq(paymentFailures.payerCompanyId, companyId), isNull(paymentFailures.settledAt)))
        .orderBy(asc(paymentFailures.failedAt), asc(paymentFailures.id));
      return {
        campaignPublicIds: rows.flatMap((r) => (r.publicId ? [r.publicId] : [])),
        total: sumCents(rows.map((r) => r.amount)),
        count: rows.length,
      };
    },
  };
}

export type PaymentFailureRepository = ReturnType<typeof createPaymentFailureRepository>;
