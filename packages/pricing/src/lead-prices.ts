import {
  type CostModule,
  type Micros,
  type PaymentTerm,
  pricesAdvancedLeads,
  ZERO_MICROS,
} from '@app/contracts';
import { type ClientPrice, clientCostField, type LeadInformation } from './client-price.js';
import { costPerLeadFloor } from './floors.js';
import type { ModulePrice } from './price-layers.js';

/*
 * A lead's three prices (product guide §3, issue 11), frozen on the lead when it is billed: what
 * the client pays, the agency's wholesale, and the root fee a non-master system owes the master.
 * Unit prices in micro-dollars; an invoice turns them into cents per line (`chargeForLeads`).
 */

/** Where a client unit price came from, so a lead can say why it cost what it cost. */
export type ClientPriceSource = 'CostSet' | 'CostSetAdvanced' | 'CostSetB2b' | 'floor' | 'one_time_term';

export interface LeadPrices {
  module: CostModule;
  term: PaymentTerm;
  information: LeadInformation;
  clientMicros: Micros;
  wholesaleMicros: Micros;
  rootFeeMicros: Micros;
  /** The client price the campaign set (before a floor raised it). */
  setClientMicros: Micros;
  clientPriceSource: ClientPriceSource;
}

export interface LeadPriceInput {
  module: CostModule;
  /** Local leads with advanced information are priced apart (decision 0037); others are basic. */
  information?: LeadInformation;
  /** The campaign's client prices (its payment term decides the layers below). */
  client: ClientPrice;
  /** `wholesalePrice(sheets, module, client.term)`. */
  wholesale: ModulePrice;
  /** `rootFee(system, master, module, client.term)`. */
  root: ModulePrice;
}

/** The cost-settings unit price of a lead: local advanced leads use the advanced column. */
export function costSettingPerLead(price: ModulePrice, information: LeadInformation): Micros {
  return pricesAdvancedLeads(price.module) && information === 'advanced'
    ? price.costPerLeadAdvancedMicros
    : price.costPerLeadMicros;
}

function requireLayer(layer: ModulePrice, module: CostModule, term: PaymentTerm, what: string): void {
  if (layer.module !== module || layer.term !== term)
    throw new RangeError(
      `The ${what} price is for ${layer.module}/${layer.term}, not the campaign's ${module}/${term}.`,
    );
}

/**
 * The three unit prices of one lead. One Time campaigns have no per-lead billing: every party's
 * unit price is 0. Enhance and b2b client prices below the agency's wholesale for the term are
 * raised to it (the floor of spec 2 §5, which a save refuses; a wholesale raised later lands here).
 */
export function leadPrices(input: LeadPriceInput): LeadPrices {
  const { module, client, wholesale, root } = input;
  const information: LeadInformation = pricesAdvancedLeads(module) ? (input.information ?? 'basic') : 'basic';
  const term = client.term;
  requireLayer(wholesale, module, term, 'wholesale');
  requireLayer(root, module, term, 'root');
  const { field, micros: setClientMicros } = clientCostField(client, module, information);
  const base = { module, term, information, setClientMicros };
  if (term === 'OneTime')
    return {
      ...base,
      clientMicros: ZERO_MICROS,
      wholesaleMicros: ZERO_MICROS,
      rootFeeMicros: ZERO_MICROS,
      clientPriceSource: 'one_time_term',
    };
  const wholesaleMicros = costSettingPerLead(wholesale, information);
  const floor = costPerLeadFloor(module, wholesaleMicros);
  const floored = floor !== null && setClientMicros < floor;
  return {
    ...base,
    clientMicros: floored ? floor : setClientMicros,
    wholesaleMicros,
    rootFeeMicros: costSettingPerLead(root, information),
    clientPriceSource: floored ? 'floor' : field,
  };
}

/**
 * A site test's lead (`/send-test-lead`, decision 0050): it goes through the campaign's whole
 * pipeline and is stored and delivered, but nobody pays for it — a person testing their setup does
 * not expect to be billed. The campaign's prices stay visible as `setClientMicros`.
 */
export function testLeadPrices(prices: LeadPrices): LeadPrices {
  return { ...prices, clientMicros: ZERO_MICROS, wholesaleMicros: ZERO_MICROS, rootFeeMicros: ZERO_MICROS };
}
