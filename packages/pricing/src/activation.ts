import { type Cents, ZERO_CENTS } from '@app/contracts';
import type { ClientPrice } from './client-price.js';
import { chargeForLeads, sumCents } from './fees.js';
import { type LeadPriceInput, type LeadPrices, leadPrices } from './lead-prices.js';
import { platformPart, splitPlatformPart } from './platform-part.js';
import type { ModulePrice } from './price-layers.js';

/*
 * What activating a campaign charges now (product guide §3 payment terms, issue 11): Weekly and
 * Monthly the setup fee and the first period's fee; One Time the setup fee and the one fee;
 * Prepaid the setup fee and the leads bought at the cost per lead. Computed for each party: the
 * client pays `client.totalCents`; the platform's part (the wholesale, at least the root fee a
 * non-master system owes the master) is due whatever the client pays: the direct charge's application
 * fee carries what it can, the agency's card the rest (decision 0065).
 */

export interface PartyCharge {
  setupFeeCents: Cents;
  periodFeeCents: Cents;
  /** Prepaid: the leads bought and their price (one line, rounded once); 0 for the other terms. */
  leads: number;
  leadsCents: Cents;
  totalCents: Cents;
}

export interface ActivationCharge {
  module: LeadPriceInput['module'];
  term: ClientPrice['term'];
  /** The unit prices the leads bought were charged at (Prepaid), and every lead will be frozen at. */
  prices: LeadPrices;
  client: PartyCharge;
  wholesale: PartyCharge;
  root: PartyCharge;
  /** What the platform is owed for this activation: the wholesale total, at least the root fee. */
  platformPartCents: Cents;
  /** The direct charge's application fee: the platform's part as far as the client's charge carries it. */
  applicationFeeCents: Cents;
  /** The rest of the platform's part, charged to the agency's card (0 when the client's charge carries it). */
  agencyChargeCents: Cents;
}

function partyCharge(
  fees: { setupFeeCents: Cents; periodFeeCents: Cents },
  term: ClientPrice['term'],
  leads: number,
  unitPrice: LeadPrices['clientMicros'],
): PartyCharge {
  const prepaid = term === 'Prepaid';
  const periodFeeCents = prepaid ? ZERO_CENTS : fees.periodFeeCents;
  const leadsCents = prepaid ? chargeForLeads([{ leads, unitPrice }]) : ZERO_CENTS;
  return {
    setupFeeCents: fees.setupFeeCents,
    periodFeeCents,
    leads: prepaid ? leads : 0,
    leadsCents,
    totalCents: sumCents([fees.setupFeeCents, periodFeeCents, leadsCents]),
  };
}

const costSettingFees = (price: ModulePrice) => ({
  setupFeeCents: price.setupFeeCents,
  periodFeeCents: price.platformFeeCents,
});

export function activationCharge(input: LeadPriceInput): ActivationCharge {
  const prices = leadPrices(input);
  const { term } = input.client;
  const leads = input.client.leadsBought;
  if (term === 'Prepaid' && (!Number.isSafeInteger(leads) || leads < 1))
    throw new RangeError(`A prepaid campaign buys at least one lead at a time: ${leads}`);
  const client = partyCharge(input.client, term, leads, prices.clientMicros);
  const wholesale = partyCharge(costSettingFees(input.wholesale), term, leads, prices.wholesaleMicros);
  const root = partyCharge(costSettingFees(input.root), term, leads, prices.rootFeeMicros);
  const part = platformPart(wholesale.totalCents, root.totalCents);
  return {
    module: input.module,
    term,
    prices,
    client,
    wholesale,
    root,
    platformPartCents: part,
    ...splitPlatformPart(client.totalCents, part),
  };
}

/**
 * A continual top-up (decision 0076): the next block of prepaid leads alone — no setup fee, no period
 * fee — priced and split between the parties exactly as an activation's block is.
 */
export function topUpCharge(input: LeadPriceInput): ActivationCharge {
  return activationCharge({
    ...input,
    client: { ...input.client, term: 'Prepaid', setupFeeCents: ZERO_CENTS },
    wholesale: { ...input.wholesale, setupFeeCents: ZERO_CENTS },
    root: { ...input.root, setupFeeCents: ZERO_CENTS },
  });
}
