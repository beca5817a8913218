import { type Cents, ZERO_CENTS } from '@app/contracts';
import type { ClientPrice } from './client-price.js';
import { applicationFee, chargeForLeads, sumCents } from './fees.js';
import { type LeadPriceInput, type LeadPrices, leadPrices } from './lead-prices.js';
import type { ModulePrice } from './price-layers.js';

/*
 * What activating a campaign charges now (product guide §3 payment terms, issue 11): Weekly and
 * Monthly the setup fee and the first period's fee; One Time the setup fee and the one fee;
 * Prepaid the setup fee and the leads bought at the cost per lead. Computed for each party: the
 * client pays `client.totalCents`; the agency's part (the application fee of the direct charge) is
 * its wholesale, capped at the charge; the root fee is what a non-master system owes the master.
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
  /** The direct charge's application fee: the wholesale total, never above the client total. */
  applicationFeeCents: Cents;
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
  return {
    module: input.module,
    term,
    prices,
    client,
    wholesale,
    root,
    applicationFeeCents: applicationFee(client.totalCents, wholesale.totalCents),
  };
}
