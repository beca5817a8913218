import { and, campaigns, type Database, eq, isNull, ne, or } from '@app/db';

/** A campaign and the two companies that may pay for it (its client, its agency). */
export interface PayerCampaign {
  id: number;
  clientId: number;
  agencyId: number;
}

/**
 * The campaigns a payer's money decides (decision 0075): those paused on run because a payer owes an
 * invoice (resumed once it is settled), and an agency's campaigns that are not stopped (stopped and
 * invoiced when manual bill is switched off).
 */
export function createPayerCampaigns(db: Database) {
  const fields = { id: campaigns.id, clientId: campaigns.clientId, agencyId: campaigns.agencyId };
  return {
    /** Campaigns paused on run for a failed payment: all of them, or those `companyId` pays for. */
    pausedForPayment(companyId?: number): Promise<PayerCampaign[]> {
      return db
        .select(fields)
        .from(campaigns)
        .where(
          and(
            eq(campaigns.status, 'paused_on_run'),
            eq(campaigns.pauseReason, 'payment_failed'),
            isNull(campaigns.removedAt),
            companyId === undefined
              ? undefined
              : or(eq(campaigns.clientId, companyId), eq(campaigns.agencyId, companyId)),
          ),
        )
        .orderBy(campaigns.id);
    },

    /** The agency's campaigns that run or are paused (not stopped, not removed). */
    notStoppedOfAgency(agencyId: number): Promise<PayerCampaign[]> {
      return db
        .select(fields)
        .from(campaigns)
        .where(
          and(eq(campaigns.agencyId, agencyId), ne(campaigns.status, 'stopped'), isNull(campaigns.removedAt)),
        )
        .orderBy(campaigns.id);
    },
  };
}

export type PayerCampaigns = ReturnType<typeof createPayerCampaigns>;
