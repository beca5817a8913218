import type { Cents, Micros } from '@app/contracts';
import type { PaymentFollowUp } from '@app/db';
import type { PeriodFees } from '@app/pricing';
import type { AgencyWallet } from '../billing/index.js';
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

const upperFirst = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What the next prepaid block of a campaign would charge, and whether it may be bought now. */
export interface TopUpDue {
  systemId: number;
  clientId: number;
  agencyId: number;
  status: string;
  pauseReason: string | null;
  continual: boolean;
  block: { leads: number; clientPriceMicros: Micros; wholesaleMicros: Micros };
  payer: 'client' | 'agency';
  payerAmount: Cents;
  applicationFee: Cents;
  agencyCharge: Cents;
  label: string;
}

export type PayerChargeOutcome =
  | { status: 'paid'; chargeId: string | null }
  | { status: 'pending' }
  | {
      status: 'failed';
      code: string;
      message: string;
      /** A charge that could not be tried (no card on file): the payer owes it all the same (0075). */
      unattempted?: { companyId: number; amount: Cents; obligationKey: string; campaignId: number };
    };

/**
 * The campaign's payers for the billing module (decisions 0074, 0076): what it invoices a campaign
 * with, what its next prepaid block costs, and the charges themselves by the rule of
 * `campaign-charges.ts` — the payer's charge (the obligation key), then the platform's part the
 * client's charge cannot carry (`<key>:platform-part`); the last carries the caller's follow-up. Each
 * is charged once however often asked; a missing card or a decline is a failure the payer owes until
 * paid.
 */
export function createCampaignPayers(deps: {
  repo: Pick<
    CampaignRepository,
    'record' | 'clientContext' | 'clientContexts' | 'campaignRows' | 'priceSheets' | 'currentCard' | 'labels'
  >;
  chargeOnce: Pick<ChargeOnce, 'chargeObligation'>;
  priced: ReturnType<typeof createActivationCharge>['priced'];
  pricedTopUp: ReturnType<typeof createActivationCharge>['pricedTopUp'];
  /** The agency's Data Wallet, offered the agency's charges before its card (decision 0085). */
  wallet: Pick<AgencyWallet, 'pay'>;
}) {
  const { repo } = deps;

  async function contextOf(campaignId: number) {
    const r = await repo.record(campaignId);
    const ctx = r ? await repo.clientContext(r.clientId) : null;
    return r && ctx ? { r, ctx } : null;
  }

  /**
   * What invoicing needs of each campaign (decision 0074), for a batch of them in a few reads: the
   * rows, their clients' contexts, and each agency's price sheets once. A campaign or client gone is
   * left out.
   */
  async function subjects(campaignIds: readonly number[]): Promise<Map<number, InvoiceSubject>> {
    const rows = await repo.campaignRows(campaignIds);
    const contexts = await repo.clientContexts(rows.map((r) => r.clientId));
    const sheets = new Map<string, ReturnType<CampaignRepository['priceSheets']>>();
    const found = new Map<number, InvoiceSubject>();
    for (const r of rows) {
      const ctx = contexts.get(r.clientId);
      if (!ctx) continue;
      const key = `${ctx.agencyId}:${ctx.rootCompanyId}`;
      if (!sheets.has(key)) sheets.set(key, repo.priceSheets(ctx.agencyId, ctx.rootCompanyId));
      const { due } = await deps.priced(r, ctx, undefined, await sheets.get(key));
      found.set(r.id, {
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
      });
    }
    return found;
  }

  return {
    /** 'Campaign #12345678 Spring promo (Weekly)' per campaign id, for invoice lists and PDFs. */
    async labels(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await repo.labels(ids);
      return new Map(rows.map((r) => [r.id, `Campaign #${r.publicId} ${r.name} (${r.term})`]));
    },

    /** Who pays the campaign's charges now: the agency under manual bill, else the client; null when gone. */
    async payerOf(campaignId: number): Promise<'client' | 'agency' | null> {
      const found = await contextOf(campaignId);
      return found ? (found.ctx.agencyManualBill ? 'agency' : 'client') : null;
    },

    subject: async (campaignId: number): Promise<InvoiceSubject | null> =>
      (await subjects([campaignId])).get(campaignId) ?? null,

    subjects,

    /** The next prepaid block of a Prepaid campaign at today's prices; null for another term. */
    async topUpDue(campaignId: number): Promise<TopUpDue | null> {
      const found = await contextOf(campaignId);
      if (found?.r.paymentTerm !== 'Prepaid') return null;
      const { r, ctx } = found;
      if (r.prepaidLeadsPerBlock < 1) return null;
      const due = await deps.pricedTopUp(r, ctx);
      return {
        systemId: r.systemId,
        clientId: r.clientId,
        agencyId: ctx.agencyId,
        status: r.status,
        pauseReason: r.pauseReason,
        continual: r.continualTopUp,
        block: {
          leads: due.client.leads,
          clientPriceMicros: due.prices.clientMicros,
          wholesaleMicros: due.prices.wholesaleMicros,
        },
        payer: ctx.agencyManualBill ? 'agency' : 'client',
        payerAmount: ctx.agencyManualBill ? due.platformPartCents : due.client.totalCents,
        applicationFee: due.applicationFeeCents,
        agencyCharge: due.agencyChargeCents,
        label: `campaign #${r.publicId} ${r.name}`,
      };
    },

    async charge(
      campaignId: number,
      charge: {
        /** What the charge is, as a statement line reads it ('invoice INV-000012', 'prepaid top-up 2'). */
        what: string;
        obligationKey: string;
        payer: 'client' | 'agency';
        payerAmount: Cents;
        applicationFee: Cents;
        agencyCharge: Cents;
      },
      followUp: PaymentFollowUp,
    ): Promise<PayerChargeOutcome> {
      const found = await contextOf(campaignId);
      if (!found)
        return { status: 'failed', code: 'campaign_gone', message: 'The campaign no longer exists.' };
      const { r, ctx } = found;
      // The payer the caller names (an invoice's, fixed when it was written), whatever the agency's
      // billing method is now.
      const charges = planCharges({ ...ctx, agencyManualBill: charge.payer === 'agency' }, charge, {
        payer: charge.obligationKey,
        platformPart: `${charge.obligationKey}:platform-part`,
      });
      let payerCharge: string | null = null;
      for (const [i, c] of charges.entries()) {
        const description = `${c.role === 'payer' ? upperFirst(charge.what) : `Platform's part of ${charge.what}`} of campaign #${r.publicId} ${r.name} — ${c.companyName}`;
        // The last charge finishes the invoice: charges go one after the other and stop at a failure.
        const finishes = i === charges.length - 1 ? followUp : null;
        // What the agency owes on the platform its Data Wallet pays when it covers all of it.
        if (
          !c.direct &&
          (await deps.wallet.pay({
            systemId: ctx.systemId,
            agencyId: c.companyId,
            amount: c.amount,
            obligationKey: c.obligationKey,
            description,
            followUp: finishes,
          })) === 'paid'
        )
          continue;
        if (c.direct && !agencyConnected(ctx))
          return {
            status: 'failed',
            code: 'account_not_connected',
            message: "The agency's payment account is not connected.",
          };
        const card = await cardFor(repo, c);
        if (!card)
          return {
            status: 'failed',
            code: 'card_missing',
            message: `${c.companyName} has no card on file.`,
            unattempted: {
              companyId: c.companyId,
              amount: c.amount,
              obligationKey: c.obligationKey,
              campaignId: r.id,
            },
          };
        const outcome = await deps.chargeOnce.chargeObligation({
          systemId: ctx.systemId,
          obligation: { key: c.obligationKey, campaignId: r.id },
          cause: { kind: 'charge', description, companyId: c.companyId },
          gateway: card.gateway,
          customerId: card.customerId,
          amount: c.amount,
          ...(c.direct ? { direct: c.direct } : {}),
          ...(finishes ? { followUp: finishes } : {}),
        });
        if (outcome.status !== 'succeeded')
          return outcome.status === 'pending' ? { status: 'pending' } : outcome;
        if (c.role === 'payer') payerCharge = outcome.chargeId;
      }
      return { status: 'paid', chargeId: payerCharge };
    },
  };
}

export type CampaignPayers = ReturnType<typeof createCampaignPayers>;
