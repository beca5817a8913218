/**
 * `@app/pricing`: the one place prices are layered and fees are computed, for the API and the web
 * app alike. Pure functions over `Cents` / `Micros` (from `@app/contracts`); no I/O.
 */

export { type ActivationCharge, activationCharge, type PartyCharge, topUpCharge } from './activation.js';
export {
  type AdBudgetSplit,
  adBudgetPeriod,
  adBudgetPeriodAt,
  adBudgetSplit,
  budgetIncreaseCharge,
  clientSpendOf,
  pacingPermille,
  remainingDays,
} from './ad-budget.js';
export { impressionSpend, impressionsWithinBudget, splitSpend } from './ad-spend.js';
export { belowCostNotice } from './below-cost.js';
export {
  type BilledTerm,
  type BillingPeriod,
  billingPeriod,
  monthlyAnniversary,
  periodAt,
  periodsEndedBy,
} from './billing-periods.js';
export {
  findUnchargeableCost,
  isChargeable,
  MAX_CHARGE_CENTS,
  MIN_CHARGE_CENTS,
  unchargeableText,
} from './charge-limits.js';
export {
  type ClientCostField,
  type ClientPrice,
  clientCostField,
  emptyClientPrice,
  findClientFloorViolation,
  type LeadInformation,
} from './client-price.js';
export {
  commissionOn,
  commissionReversal,
  DEFAULT_COMMISSION_BPS,
  MAX_COMMISSION_BPS,
  rateInForce,
} from './commission.js';
export { continualTopUpDue } from './data-wallet.js';
export {
  applyCoupon,
  type Coupon,
  chargeForLeads,
  type Discounted,
  type LeadQuantity,
  sumCents,
} from './fees.js';
export {
  costPerLeadFloor,
  costPerLeadMinimumText,
  FLOOR_MODULES,
  type FloorViolation,
  findFloorViolation,
} from './floors.js';
export {
  type ClientPriceSource,
  costSettingPerLead,
  type LeadPriceInput,
  type LeadPrices,
  leadPrices,
  testLeadPrices,
} from './lead-prices.js';
export {
  MINIMUM_SPEND_TIME_ZONE,
  type MinimumSpendSchedule,
  minimumSpendLeftFrom,
  minimumSpendMonthsEnded,
  minimumSpendShortfall,
  monthlyMinimum,
} from './minimum-spend.js';
export {
  ONBOARDING_AMOUNT_ABOVE,
  type OnboardingSetting,
  onboardingAmountToCents,
  onboardingPrice,
} from './onboarding.js';
export {
  type InvoiceLineAmount,
  type PeriodFees,
  type PeriodInvoice,
  type PricedLeads,
  periodInvoice,
} from './period-invoice.js';
export { type PlatformPartSplit, platformPart, splitPlatformPart } from './platform-part.js';
export {
  applicationFeeBack,
  type BlockCharge,
  type BlockRefund,
  type PrepaidRefund,
  prepaidRefund,
  type RefundableBlock,
} from './prepaid-refund.js';
export {
  layeredPrice,
  type ModulePrice,
  type PriceSheet,
  rootFee,
  type StoredPrice,
  wholesalePrice,
} from './price-layers.js';
export {
  type RootFeeCharge,
  type RootFeeFeeKind,
  type RootFeeFeeLine,
  type RootFeeLeads,
  type RootFeeLine,
  type RootFeeStatement,
  rootFeeOfCharge,
  rootFeeStatement,
} from './root-fee-statement.js';
