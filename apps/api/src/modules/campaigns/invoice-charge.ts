import type { Cents } from '@app/contracts';
import type { PaymentFollowUp } from '@app/db';
import type { PeriodFees } from '@app/pricing';
import type { ChargeOnce } from '../payments/index.js';
import type { createActivationCharge } from './activation-charge.js';
import { agencyConnected } from './activation-charge.js';
import { cardFor, planCharges } from './campaign-charges.js';
import type { CampaignRepository } from './campaign-repository.js';

/** What the billing module needs to invoice a campaign now (decision 0074). */
export interface InvoiceSubject {
  campaignId: number;
  publicId: string;
  name: string;
  term: string;
  systemId: number;
  clientId: number;
  agencyId: number;
  clientName: string;
  agencyName: string;
  manualBill: boolean;
  /** Today's period fee of each party, at the prices activating it would charge. */
  periodFees: PeriodFees;
}

export type InvoiceChargeOutcome =
  | { status: 'paid'; chargeId: string | null }
  | { status: 'pending' }
  | { status: 'failed'; code: string; message: string };

/**
 * An invoice's charges through the campaign's payers (the rule of `campaign-charges.ts`): the payer's
 * charge (the invoice's obligation key), then the platform's part the client's charge cannot carry,
 * its own obligation (`<key>:platform-part`); the last carries the invoice's follow-up (paid). Each
 * is charged once however often the billing job asks; a missing card or a decline is a failure the
 * payer owes until paid.
 */
export function createInvoiceCharges(deps: {
  repo: Pick<CampaignRepository, 'record' | 'clientContext' | 'currentCard' | 'labels'>;
  chargeOnce: Pick<ChargeOnce, 'chargeObligation'>;
  priced: ReturnType<typeof createActivationCharge>['priced'];
}) {
  const { repo } = deps;

  async function contextOf(campaignId: number) {
    const r = await repo.record(campaignId);
    const ctx = r ? await repo.clientContext(r.clientId) : null;
    return r && ctx ? { r, ctx } : null;
  }

  return {
    /** 'Campaign #12345678 Spring promo (Weekly)' per campaign id, for invoice lists and PDFs. */
    async labels(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await repo.labels(ids);
      return new Map(rows.map((r) => [r.id, `Campaign #${r.publicId} ${r.name} (${r.term})`]));
    },

    async subject(campaignId: number): Promise<InvoiceSubject | null> {
      const found = await contextOf(campaignId);
      if (!found) return null;
      const { r, ctx } = found;
      const { due } = await deps.priced(r, ctx);
      return {
        campaignId: r.id,
        publicId: r.publicId,
        name: r.name,
        term: r.paymentTerm,
        systemId: r.systemId,
        clientId: r.clientId,
        agencyId: ctx.agencyId,
        clientName: ctx.clientName,
        agencyName: ctx.agencyName,
        manualBill: ctx.agencyManualBill,
        periodFees: {
          client: due.client.periodFeeCents,
          wholesale: due.wholesale.periodFeeCents,
          root: due.root.periodFeeCents,
        },
      };
    },

    async charge(
      campaignId: number,
      invoice: {
        number: string;
        obligationKey: string;
        payer: 'client' | 'agency';
        payerAmount: Cents;
        applicationFee: Cents;
        agencyCharge: Cents;
      },
      followUp: PaymentFollowUp,
    ): Promise<InvoiceChargeOutcome> {
      const found = await contextOf(campaignId);
      if (!found)
        return { status: 'failed', code: 'campaign_gone', message: 'The campaign no longer exists.' };
      const { r, ctx } = found;
      // Charged as invoiced: the payer the invoice names, whatever the agency's billing method is now.
      const charges = planCharges({ ...ctx, agencyManualBill: invoice.payer === 'agency' }, invoice, {
        payer: invoice.obligationKey,
        platformPart: `${invoice.obligationKey}:platform-part`,
      });
      let payerCharge: string | null = null;
      for (const [i, c] of charges.entries()) {
        if (c.direct && !agencyConnected(ctx))
          return {
            status: 'failed',
            code: 'account_not_connected',
            message: "The agency's payment account is not connected.",
          };
        const card = await cardFor(repo, c);
        if (!card)
          return { status: 'failed', code: 'card_missing', message: `${c.companyName} has no card on file.` };
        const outcome = await deps.chargeOnce.chargeObligation({
          systemId: ctx.systemId,
          obligation: { key: c.obligationKey, campaignId: r.id },
          cause: {
            kind: 'charge',
            description: `${c.role === 'payer' ? 'Invoice' : "Platform's part of invoice"} ${invoice.number} of campaign #${r.publicId} ${r.name} — ${c.companyName}`,
            companyId: c.companyId,
          },
          gateway: card.gateway,
          customerId: card.customerId,
          amount: c.amount,
          ...(c.direct ? { direct: c.direct } : {}),
          // The last charge finishes the invoice: charges go one after the other and stop at a failure.
          ...(i === charges.length - 1 ? { followUp } : {}),
        });
        if (outcome.status !== 'succeeded')
          return outcome.status === 'pending' ? { status: 'pending' } : outcome;
        if (c.role === 'payer') payerCharge = outcome.chargeId;
      }
      return { status: 'paid', chargeId: payerCharge };
    },
  };
}

export type InvoiceCharges = ReturnType<typeof createInvoiceCharges>;
