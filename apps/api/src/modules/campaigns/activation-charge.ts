import {
  ACTIVATION_DECLINED,
  ACTIVATION_NO_CARD,
  type ActivationChargeAnswer,
  CARD_PROVIDER_GATEWAY,
  type CampaignModule,
  type Cents,
  CLIENT_ACCOUNT_NOT_CONNECTED,
  centsToDollars,
  LEADS_BUY_REQUIRED,
  type Micros,
  PLATFORM_PART_DECLINED,
  PLATFORM_PART_NO_CARD,
  ZERO_CENTS,
} from '@app/contracts';
import { paymentAccountConnected } from '@app/policy';
import {
  type ActivationCharge,
  activationCharge,
  type ClientPrice,
  rootFee,
  rootFeeOfCharge,
  sumCents,
  topUpCharge,
  unchargeableText,
  wholesalePrice,
} from '@app/pricing';
import { badRequest, HttpError } from '../../http-errors.js';
import type { AgencyWallet } from '../billing/index.js';
import type { ChargeOnce, ChargeOutcome } from '../payments/index.js';
import { cardFor, type PlannedCharge, planCharges } from './campaign-charges.js';
import type { CampaignRecord, CampaignRepository, CardOnFile, ClientContext } from './campaign-repository.js';

/** The payment follow-up that completes an activation (registered by the campaigns module). */
export const ACTIVATION_FOLLOW_UP = 'campaign.activate';

const conflict = (message: string, code: string) => new HttpError(409, code, message);
const inProgress = () =>
  conflict('The activation payment is being processed; try again in a moment.', 'payment_in_progress');

/** What pricing a campaign reads of it: its module, term and client prices. */
export type PricedCampaign = Pick<
  CampaignRecord,
  | 'module'
  | 'paymentTerm'
  | 'setupFeeCents'
  | 'periodFeeCents'
  | 'costPerLeadMicros'
  | 'costPerLeadAdvancedMicros'
  | 'costPerLeadB2bMicros'
  | 'prepaidLeadsPerBlock'
>;

/** The stored columns of a client price: the pricing package's terms. */
export const clientPriceOf = (r: PricedCampaign): ClientPrice => ({
  term: r.paymentTerm,
  setupFeeCents: r.setupFeeCents,
  periodFeeCents: r.periodFeeCents,
  costPerLeadMicros: r.costPerLeadMicros,
  costPerLeadAdvancedMicros: r.costPerLeadAdvancedMicros,
  costPerLeadB2bMicros: r.costPerLeadB2bMicros,
  leadsBought: r.prepaidLeadsPerBlock,
});

export const agencyConnected = (ctx: ClientContext) =>
  paymentAccountConnected({
    accountconnected: (ctx.agencyAccount?.status ?? '') as '',
    package_id: ctx.agencyPackageId,
    paymentgateway: CARD_PROVIDER_GATEWAY,
    manual_bill: ctx.agencyManualBill ? 'T' : 'F',
  });

/** The prepaid block an activation buys, at the prices its charge was computed with. */
export interface PrepaidBlock {
  leads: number;
  clientPriceMicros: Micros;
  wholesaleMicros: Micros;
}

/**
 * What finishing activation `activation` of a campaign takes (decision 0072): carried by its last
 * charge as the payment operation's follow-up, so the move happens in the charge's own record
 * transaction, or later by the janitor, never not at all.
 */
export interface ActivationDone {
  campaignId: number;
  activation: number;
  userId: number | null;
  prepaid: PrepaidBlock | null;
  /**
   * The root fee of the setup fee and first period's fee, priced with the charge (decision 0088):
   * what a non-master system owes the master for this activation; null when nothing (the master system).
   */
  rootFee: ActivationRootFee | null;
}

/** An activation's root fee in whole cents (the master's setup fee and period fee). */
export interface ActivationRootFee {
  setupFeeCents: number;
  periodFeeCents: number;
}

const wholeCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function rootFeeOf(value: unknown): ActivationRootFee | null {
  if (value === undefined || value === null) return null;
  const { setupFeeCents, periodFeeCents } = value as Partial<ActivationRootFee>;
  if (!wholeCents(setupFeeCents) || !wholeCents(periodFeeCents))
    throw new Error(`not an activation root fee: ${JSON.stringify(value)}`);
  return { setupFeeCents, periodFeeCents };
}

/** The follow-up's JSON read back: refused loudly when it is not one this module wrote. */
export function activationDoneOf(followUp: { kind: string; [field: string]: unknown }): ActivationDone {
  const { campaignId, activation, userId, prepaid, rootFee } = followUp as Partial<ActivationDone>;
  const id = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  if (followUp.kind !== ACTIVATION_FOLLOW_UP || !id(campaignId) || !id(activation))
    throw new Error(`not an activation follow-up: ${JSON.stringify(followUp)}`);
  return {
    campaignId: campaignId as number,
    activation: activation as number,
    userId: id(userId) ? (userId as number) : null,
    prepaid: prepaid ?? null,
    // A follow-up written before decision 0088 carries none: nothing is kept for it.
    rootFee: rootFeeOf(rootFee),
  };
}

/**
 * The activation charge (decisions 0045, 0065): what the term says is due now, on whose card, once
 * per activation. Card billing: the client's card pays its price by a direct charge on the agency's
 * connected account, whose application fee carries the platform's part as far as it can; the rest of
 * that part (a client priced below the agency's cost) is charged to the agency's own card on the
 * platform. Manual bill: the agency's card pays the platform's part. Each charge pays an obligation
 * keyed by the campaign and its activation number, so a retry after a decline, a crash or a lost
 * answer never charges anything twice, and a decline leaves its payer payment failed until paid.
 */
export function createActivationCharge(deps: {
  repo: Pick<CampaignRepository, 'priceSheets' | 'currentCard' | 'activations'>;
  chargeOnce: Pick<ChargeOnce, 'chargeObligation'>;
  /** The agency's Data Wallet: it pays the agency's charges it covers, before any card (decision 0085). */
  wallet: AgencyWallet;
}) {
  const { repo } = deps;

  /**
   * What activating the campaign would charge each party at today's prices, and the wholesale it
   * layers; `sheets` when the caller read them already (invoicing a batch of one agency's campaigns).
   */
  async function priced(
    r: PricedCampaign,
    ctx: ClientContext,
    client = clientPriceOf(r),
    given?: Awaited<ReturnType<CampaignRepository['priceSheets']>>,
  ) {
    if (client.term === 'Prepaid' && client.leadsBought < 1)
      throw badRequest(LEADS_BUY_REQUIRED, { leadsbuy: LEADS_BUY_REQUIRED });
    const sheets = given ?? (await repo.priceSheets(ctx.agencyId, ctx.rootCompanyId));
    const module = r.module as CampaignModule;
    const wholesale = wholesalePrice(sheets, module, client.term);
    const root = rootFee({ isMaster: ctx.isMasterSystem }, sheets.master, module, client.term);
    return { due: activationCharge({ module, client, wholesale, root }), wholesale };
  }

  /**
   * A price that would make a charge the card processor refuses, as the agency's billing method
   * would charge it (a total over $999,999.99, or between $0 and $0.50): refused with the field it
   * comes from, when saved and again at activation, never found out as a "decline".
   */
  function unchargeable(
    due: ActivationCharge,
    manualBill: boolean,
  ): { field: string; message: string } | null {
    const field = due.term === 'Prepaid' ? 'leadsbuy' : 'PlatformFee';
    const checks: [string, Cents][] = manualBill
      ? [["The agency's charge at activation (the platform's part)", due.platformPartCents]]
      : [
          ["The client's charge at activation", due.client.totalCents],
          ["The agency's charge at activation (the platform's part)", due.agencyChargeCents],
        ];
    for (const [what, amount] of checks) {
      const message = unchargeableText(what, amount);
      if (message) return { field, message };
    }
    return null;
  }

  const plan = (r: CampaignRecord, ctx: ClientContext, due: ActivationCharge, n: number) =>
    planCharges(
      ctx,
      {
        payerAmount: ctx.agencyManualBill ? due.platformPartCents : due.client.totalCents,
        applicationFee: due.applicationFeeCents,
        agencyCharge: due.agencyChargeCents,
      },
      { payer: `campaign-activation:${r.id}:${n}`, platformPart: `campaign-platform-part:${r.id}:${n}` },
    );

  /**
   * The card each charge is made on, all checked before any is made; null for an agency's charge its
   * Data Wallet covers now (it is paid from the wallet, decision 0085).
   */
  async function cardsFor(charges: PlannedCharge[], ctx: ClientContext): Promise<(CardOnFile | null)[]> {
    const cards: (CardOnFile | null)[] = [];
    for (const c of charges) {
      if (c.direct && !agencyConnected(ctx))
        throw conflict(CLIENT_ACCOUNT_NOT_CONNECTED, 'account_not_connected');
      const card = await cardFor(repo, c);
      if (!card && !c.direct && (await deps.wallet.covers(ctx.systemId, c.companyId, c.amount))) {
        cards.push(null);
        continue;
      }
      if (!card)
        throw new HttpError(
          402,
          'card_missing',
          c.role === 'payer' ? ACTIVATION_NO_CARD : PLATFORM_PART_NO_CARD,
        );
      cards.push(card);
    }
    return cards;
  }

  async function chargeOne(
    r: CampaignRecord,
    ctx: ClientContext,
    c: PlannedCharge,
    card: CardOnFile,
    done: ActivationDone | null,
  ): Promise<Extract<ChargeOutcome, { status: 'succeeded' }>> {
    const what = c.role === 'payer' ? 'Activation' : "Platform's part of the activation";
    let outcome: ChargeOutcome;
    try {
      outcome = await deps.chargeOnce.chargeObligation({
        systemId: ctx.systemId,
        obligation: { key: c.obligationKey, campaignId: r.id },
        cause: {
          kind: 'charge',
          description: `${what} of campaign #${r.publicId} ${r.name} (${r.paymentTerm}) — ${c.companyName}`,
          companyId: c.companyId,
        },
        gateway: card.gateway,
        customerId: card.customerId,
        amount: c.amount,
        ...(c.direct ? { direct: c.direct } : {}),
        ...(done ? { followUp: { kind: ACTIVATION_FOLLOW_UP, ...done } } : {}),
      });
    } catch (error) {
      // Another request holds this attempt with other terms (a price changed under it): it goes on.
      if (error instanceof Error && /exists with another/.test(error.message)) throw inProgress();
      throw new HttpError(
        503,
        'gateway_unavailable',
        'The payment service did not answer; try again in a moment.',
      );
    }
    if (outcome.status === 'pending') throw inProgress();
    if (outcome.status === 'failed') {
      // The processor refused the request itself (not the card): a 400 with its words, nobody owes anything.
      if (outcome.code === 'invalid_request') throw badRequest(outcome.message);
      const text = c.role === 'payer' ? ACTIVATION_DECLINED : PLATFORM_PART_DECLINED;
      throw new HttpError(402, 'card_declined', `${text} ${outcome.message}`.trim());
    }
    return outcome;
  }

  /** What the next prepaid block (a continual top-up) charges each party at today's prices. */
  async function pricedTopUp(r: CampaignRecord, ctx: ClientContext) {
    const sheets = await repo.priceSheets(ctx.agencyId, ctx.rootCompanyId);
    const module = r.module as CampaignModule;
    const client = clientPriceOf(r);
    return topUpCharge({
      module,
      client,
      wholesale: wholesalePrice(sheets, module, client.term),
      root: rootFee({ isMaster: ctx.isMasterSystem }, sheets.master, module, client.term),
    });
  }

  return {
    priced,
    pricedTopUp,
    unchargeable,

    /**
     * Charges activation `n`; `answer` is null when nothing is due (every price 0). The last charge
     * carries `done` as its follow-up: the activation completes when the charges it needs are paid.
     */
    async charge(
      r: CampaignRecord,
      ctx: ClientContext,
      n: number,
      userId: number | null,
    ): Promise<{ answer: ActivationChargeAnswer | null; done: ActivationDone }> {
      const { due } = await priced(r, ctx);
      const refused = unchargeable(due, ctx.agencyManualBill);
      if (refused) throw badRequest(refused.message, { [refused.field]: refused.message });
      const done: ActivationDone = {
        campaignId: r.id,
        activation: n,
        userId,
        prepaid:
          due.term === 'Prepaid'
            ? {
                leads: due.client.leads,
                clientPriceMicros: due.prices.clientMicros,
                wholesaleMicros: due.prices.wholesaleMicros,
              }
            : null,
        rootFee:
          rootFeeOfCharge({ setupFee: due.root.setupFeeCents, periodFee: due.root.periodFeeCents }) > 0
            ? { setupFeeCents: due.root.setupFeeCents, periodFeeCents: due.root.periodFeeCents }
            : null,
      };
      const charges = plan(r, ctx, due, n);
      if (charges.length === 0) return { answer: null, done };
      const cards = await cardsFor(charges, ctx);
      // The payer's charge first: if the agency's card then declines, a retry of this activation finds
      // the client's charge paid and charges only the agency's part. The last one finishes the activation.
      const made: { chargeId: string | null; wallet: boolean }[] = [];
      for (const [i, c] of charges.entries()) {
        const finishes = i === charges.length - 1 ? done : null;
        // What the agency owes, its Data Wallet pays when it covers all of it (decision 0085).
        const fromWallet =
          !c.direct &&
          (await deps.wallet.pay({
            systemId: ctx.systemId,
            agencyId: c.companyId,
            amount: c.amount,
            obligationKey: c.obligationKey,
            description: `${c.role === 'payer' ? 'Activation' : "Platform's part of the activation"} of campaign #${r.publicId} ${r.name} (${r.paymentTerm}) — ${c.companyName}`,
            followUp: finishes ? { kind: ACTIVATION_FOLLOW_UP, ...finishes } : null,
          })) === 'paid';
        if (fromWallet) {
          made.push({ chargeId: null, wallet: true });
          continue;
        }
        const card = cards[i];
        // The wallet covered it a moment ago and no longer does (spent meanwhile): the card it lacks.
        if (!card)
          throw new HttpError(
            402,
            'card_missing',
            c.role === 'payer' ? ACTIVATION_NO_CARD : PLATFORM_PART_NO_CARD,
          );
        const charged = await chargeOne(r, ctx, c, card, finishes);
        made.push({ chargeId: charged.chargeId, wallet: false });
      }
      const payerIndex = charges.findIndex((c) => c.role === 'payer');
      const partIndex = charges.findIndex((c) => c.role === 'platform_part');
      // Manual bill: the agency pays the platform's part, the wholesale (or the root fee when higher).
      const agencyParty = due.root.totalCents > due.wholesale.totalCents ? due.root : due.wholesale;
      const party = ctx.agencyManualBill ? agencyParty : due.client;
      const onCard = (index: number) =>
        index < 0 || made[index]?.wallet ? ZERO_CENTS : (charges[index] as PlannedCharge).amount;
      const fromWallet = sumCents(charges.filter((_, i) => made[i]?.wallet).map((c) => c.amount));
      const answer: ActivationChargeAnswer = {
        amount: centsToDollars(onCard(payerIndex)),
        setup_fee: centsToDollars(party.setupFeeCents),
        period_fee: centsToDollars(party.periodFeeCents),
        leads: party.leads,
        leads_amount: centsToDollars(party.leadsCents),
        payer: ctx.agencyManualBill ? 'agency' : 'client',
        charge_id: payerIndex < 0 ? null : (made[payerIndex]?.chargeId ?? null),
        sandbox: cards.some((card) => card?.gateway === 'sandbox'),
        agency_amount: centsToDollars(onCard(partIndex)),
        agency_charge_id: partIndex < 0 ? null : (made[partIndex]?.chargeId ?? null),
        wallet_amount: centsToDollars(fromWallet),
      };
      return { answer, done };
    },
  };
}

export type ActivationChargeService = ReturnType<typeof createActivationCharge>;
