import {
  type AgencyCost,
  asCents,
  asMicros,
  type CampaignCostModule,
  type CampaignModule,
  type Cents,
  type CostModuleRequest,
  centsFromWire,
  centsToDollars,
  type LimitFrequency,
  type Micros,
  MODULE_CATALOGUE,
  microsFromWire,
  microsToDollars,
  type PaymentTerm,
} from '@app/contracts';
import { costPerLeadFloor, costPerLeadMinimumText } from '@app/pricing';

/*
 * The client cost module step (spec 2 §3 Pricing, `PUT /configuration/user/costmodule`): amounts kept
 * as `Cents` / `Micros` while editing and written as dollar strings by contracts' money helpers.
 */

export interface PriceFormValues {
  PaymentTerm: PaymentTerm;
  PlatformFee: Cents;
  CostMonth: Cents;
  CostSet: Micros;
  CostSetAdvanced: Micros;
  CostSetB2b: Micros;
  /** 0: no limit. */
  LimitLead: number;
  LimitLeadFreq: LimitFrequency;
  leadsbuy: number;
  topupoptions: 'continual' | 'onetime';
}
export type PriceFormField = keyof PriceFormValues;
export type PriceFormErrors = Partial<Record<PriceFormField, string>>;

export const EMPTY_PRICES: PriceFormValues = {
  PaymentTerm: 'Weekly',
  PlatformFee: asCents(0),
  CostMonth: asCents(0),
  CostSet: asMicros(0),
  CostSetAdvanced: asMicros(0),
  CostSetB2b: asMicros(0),
  LimitLead: 0,
  LimitLeadFreq: 'day',
  leadsbuy: 0,
  topupoptions: 'onetime',
};

export function pricesOfCampaign(c: CampaignCostModule): PriceFormValues {
  return {
    PaymentTerm: c.PaymentTerm,
    PlatformFee: centsFromWire(c.PlatformFee) ?? asCents(0),
    CostMonth: centsFromWire(c.CostMonth) ?? asCents(0),
    CostSet: microsFromWire(c.CostSet) ?? asMicros(0),
    CostSetAdvanced: microsFromWire(c.CostSetAdvanced) ?? asMicros(0),
    CostSetB2b: microsFromWire(c.CostSetB2b) ?? asMicros(0),
    LimitLead: c.LimitLead,
    LimitLeadFreq: c.LimitLeadFreq,
    leadsbuy: c.leadsbuy,
    topupoptions: c.topupoptions,
  };
}

export function costModuleRequestOf(v: PriceFormValues, leadspeekID: number): CostModuleRequest {
  return {
    leadspeekID,
    PaymentTerm: v.PaymentTerm,
    PlatformFee: centsToDollars(v.PlatformFee),
    CostMonth: centsToDollars(v.CostMonth),
    CostSet: microsToDollars(v.CostSet),
    CostSetAdvanced: microsToDollars(v.CostSetAdvanced),
    CostSetB2b: microsToDollars(v.CostSetB2b),
    LimitLead: v.LimitLead,
    LimitLeadFreq: v.LimitLeadFreq,
    leadsbuy: v.PaymentTerm === 'Prepaid' ? v.leadsbuy : 0,
    topupoptions: v.topupoptions,
  };
}

/** The per-lead inputs of a module's client price (the catalogue's `clientCostPerLead`). */
export function perLeadFields(module: CampaignModule) {
  return MODULE_CATALOGUE[module].pricing.clientCostPerLead;
}

/**
 * The floor of the module's per-lead price for a term (spec 2 §5, enhance and b2b): the agency's own
 * cost for the module × term, else the system's (the answer's `rootcostagency`); null when none.
 */
export function perLeadFloor(
  cost: { data: AgencyCost; rootcostagency: AgencyCost } | undefined,
  module: CampaignModule,
  term: PaymentTerm,
): Micros | null {
  if (!cost) return null;
  const own = microsFromWire(cost.data[module][term].Costperlead) ?? asMicros(0);
  const system = microsFromWire(cost.rootcostagency[module][term].Costperlead) ?? asMicros(0);
  return costPerLeadFloor(module, own > 0 ? own : system);
}

/** '*Cost Per Lead Minimum $0.40' while a floored price is below its floor, else null. */
export function floorHint(value: Micros, floor: Micros | null): string | null {
  return floor !== null && value < floor ? costPerLeadMinimumText(floor) : null;
}

/** What the period fee is called for a term ('per week', 'per month', blank for one time: spec 2 §4). */
export function periodWording(term: PaymentTerm): string {
  if (term === 'Weekly') return 'Platform fee per week';
  if (term === 'Monthly') return 'Platform fee per month';
  if (term === 'OneTime') return 'Platform fee';
  return 'Platform fee per month';
}
