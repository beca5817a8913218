import {
  COST_MODULES,
  type CostModule,
  formatUsdMicros,
  type Micros,
  MODULE_CATALOGUE,
  type PaymentTerm,
} from '@app/contracts';
import { layeredPrice, type ModulePrice, type PriceSheet } from './price-layers.js';

/**
 * Modules whose cost per lead may not go below the layer above for the same term (spec 2 §5): the
 * catalogue's `costPerLeadFloor: 'layer_above'` (enhance and b2b).
 */
export const FLOOR_MODULES: readonly CostModule[] = COST_MODULES.filter(
  (module) => MODULE_CATALOGUE[module].pricing.costPerLeadFloor === 'layer_above',
);

/** The floor hint of spec 2 §5: the server's error and the browser's hint say the same. */
export const costPerLeadMinimumText = (minimum: Micros) =>
  `*Cost Per Lead Minimum ${formatUsdMicros(minimum)}`;

/**
 * The lowest cost per lead a module may have, given the cost per lead of the layer above for the
 * same term (the parent company's, or the agency's for a client price); null when there is none:
 * the module has no floor, or the layer above has no price (0).
 */
export function costPerLeadFloor(module: CostModule, above: Micros): Micros | null {
  return FLOOR_MODULES.includes(module) && above > 0 ? above : null;
}

export interface FloorViolation {
  module: CostModule;
  term: PaymentTerm;
  minimum: Micros;
  /** The spec's hint text: '*Cost Per Lead Minimum $0.75'. */
  message: string;
}

/** The first price below its floor (the layer above's own price for the same module × term), or null. */
export function findFloorViolation(prices: readonly ModulePrice[], above: PriceSheet): FloorViolation | null {
  for (const price of prices) {
    const floor = costPerLeadFloor(
      price.module,
      layeredPrice([above], price.module, price.term).costPerLeadMicros,
    );
    if (floor !== null && price.costPerLeadMicros < floor) {
      return {
        module: price.module,
        term: price.term,
        minimum: floor,
        message: costPerLeadMinimumText(floor),
      };
    }
  }
  return null;
}
