import {
  type Cents,
  type ClientCostPerLeadField,
  type CostModule,
  type Micros,
  MODULE_CATALOGUE,
  type PaymentTerm,
  ZERO_CENTS,
  ZERO_MICROS,
} from '@app/contracts';
import { costPerLeadFloor, costPerLeadMinimumText, type FloorViolation } from './floors.js';
import type { ModulePrice } from './price-layers.js';

/**
 * A campaign's client prices, the money fields of `PUT /configuration/user/costmodule` (spec 2 §3
 * Pricing) as stored: fees in cents, unit prices in micro-dollars (decision 0037 maps the fields).
 */
export interface ClientPrice {
  /** PaymentTerm. */
  term: PaymentTerm;
  /** PlatformFee: the one-time setup fee. */
  setupFeeCents: Cents;
  /** CostMonth: the platform fee per week or month; for One Time, the one fee. */
  periodFeeCents: Cents;
  /** CostSet: per lead (local basic, locator, enhance). */
  costPerLeadMicros: Micros;
  /** CostSetAdvanced: per local lead with advanced information. */
  costPerLeadAdvancedMicros: Micros;
  /** CostSetB2b: per b2b lead. */
  costPerLeadB2bMicros: Micros;
  /** leadsbuy: the leads a Prepaid campaign buys at a time (0 for the other terms). */
  leadsBought: number;
}

/** A client price with nothing set: what a campaign without a cost module reads as. */
export const emptyClientPrice = (term: PaymentTerm): ClientPrice => ({
  term,
  setupFeeCents: ZERO_CENTS,
  periodFeeCents: ZERO_CENTS,
  costPerLeadMicros: ZERO_MICROS,
  costPerLeadAdvancedMicros: ZERO_MICROS,
  costPerLeadB2bMicros: ZERO_MICROS,
  leadsBought: 0,
});

/** The information a local lead carries: basic, or advanced (priced by CostSetAdvanced). */
export type LeadInformation = 'basic' | 'advanced';

export type ClientCostField = ClientCostPerLeadField;

const CLIENT_PRICE_OF_FIELD: Record<ClientCostField, (client: ClientPrice) => Micros> = {
  CostSet: (client) => client.costPerLeadMicros,
  CostSetAdvanced: (client) => client.costPerLeadAdvancedMicros,
  CostSetB2b: (client) => client.costPerLeadB2bMicros,
};

/** Which client field prices a lead of a module (the catalogue's `clientCostPerLead`), and its value. */
export function clientCostField(
  client: ClientPrice,
  module: CostModule,
  information: LeadInformation = 'basic',
): { field: ClientCostField; micros: Micros } {
  // The catalogue lists the module's per-lead fields, basic first (CostSet, or CostSetB2b for b2b).
  const fields = MODULE_CATALOGUE[module].pricing.clientCostPerLead;
  const advanced =
    information === 'advanced' && (fields as readonly ClientCostField[]).includes('CostSetAdvanced');
  const field: ClientCostField = advanced ? 'CostSetAdvanced' : fields[0];
  return { field, micros: CLIENT_PRICE_OF_FIELD[field](client) };
}

/**
 * Spec 2 §5 for a client's cost module: an enhance or b2b cost per lead below the agency's cost
 * (its wholesale for the same module and term) is refused, with the spec's hint and the field;
 * null when the price may be saved.
 */
export function findClientFloorViolation(
  module: CostModule,
  client: ClientPrice,
  wholesale: ModulePrice,
): (FloorViolation & { field: ClientCostField }) | null {
  if (wholesale.module !== module || wholesale.term !== client.term)
    throw new RangeError(
      `The wholesale price is for ${wholesale.module}/${wholesale.term}, not ${module}/${client.term}.`,
    );
  const { field, micros } = clientCostField(client, module);
  const floor = costPerLeadFloor(module, wholesale.costPerLeadMicros);
  if (floor === null || micros >= floor) return null;
  return { module, term: client.term, minimum: floor, message: costPerLeadMinimumText(floor), field };
}
