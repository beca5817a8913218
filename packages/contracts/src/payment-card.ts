import { z } from 'zod';
import { calendarDaySchema } from './calendar.js';
import { idParamSchema, idSchema } from './ids.js';
import { tfSchema } from './tenancy.js';

/**
 * Cards, the onboarding charge and the billing method (spec 2 §7 "Cards and payment account", §3
 * Billing; issue 10 "Cards and who pays whom"). Amounts on the wire are dollar strings (decision 0028).
 * The card number never reaches our server: the card form turns it into a token (Stripe Elements, or
 * the sandbox's test-card form through `POST /payment/sandbox/token`), and `tokenid` is that token.
 */

export const CARD_TEXTS = {
  tokenRequired: 'Please enter your card details.',
  holderRequired: 'Please enter the cardholder name.',
  addressRequired: 'Please enter the billing address.',
  cityRequired: 'Please enter the city.',
  stateRequired: 'Please enter the state.',
  countryRequired: 'Please choose the country.',
  zipRequired: 'Please enter the zip code.',
  tooLong: 'This field must not exceed 255 characters.',
  saved: 'Your card has been saved.',
  updated: 'Your card has been updated.',
  /** A client whose agency has no connected payment account yet: its card cannot be stored there. */
  agencyNotConnected:
    'Your agency has not finished setting up its payment account yet, so your card cannot be saved. Please contact your agency.',
  /** A gateway outage or a lost answer: the charge may or may not have happened; the janitor settles it. */
  gatewayUnavailable:
    'We could not reach the card processor. Your payment has not been confirmed; please check again in a few minutes before trying again.',
  /** Another request is charging the same onboarding fee right now. */
  paymentInProgress: 'Your payment is being processed. Please wait a moment and refresh.',
  onboardingCharged: 'Your card has been saved and the onboarding fee has been charged.',
  /** A coupon took the whole fee: the fee counts as paid and nothing was charged (decision 0066). */
  onboardingCovered:
    'Your card has been saved. Your coupon covers the whole onboarding fee, so nothing was charged.',
  /** The sandbox only: a card token was asked of a gateway that is not the sandbox. */
  sandboxOnly: 'Test cards can only be used with the sandbox payment gateway.',
} as const;

const text = (required: string) => z.string().trim().min(1, required).max(255, CARD_TEXTS.tooLong);

/** The card form's fields (spec 2 §3 Billing: tokenid, cardholder, address, city, state, country, zip). */
const cardFields = {
  tokenid: z.string().trim().min(1, CARD_TEXTS.tokenRequired).max(255, CARD_TEXTS.tokenRequired),
  cardholder: text(CARD_TEXTS.holderRequired),
  address: text(CARD_TEXTS.addressRequired),
  city: text(CARD_TEXTS.cityRequired),
  state: text(CARD_TEXTS.stateRequired),
  country: z.string().trim().min(2, CARD_TEXTS.countryRequired).max(56, CARD_TEXTS.countryRequired),
  zip: z.string().trim().min(1, CARD_TEXTS.zipRequired).max(20, CARD_TEXTS.zipRequired),
  /** The person whose company the card pays for (scope-checked). */
  usrID: idSchema,
};

/**
 * Fields the spec's client also sends; accepted so its calls pass the strict check, never used:
 * the IP is the connection's, the time zone the request's header, and the amount comes from settings.
 */
const ignoredClientFields = {
  companyParentID: z.union([z.number(), z.string()]).optional(),
  action: z.string().max(64).optional(),
  document_type: z.string().max(64).optional(),
  ip_user: z.string().max(64).optional(),
  timezone: z.string().max(64).optional(),
  /** Never read: the onboarding amount comes from settings (issue 10). */
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  from: z.string().max(64).optional(),
};

/** `PUT /payment/card`: replaces the company's card (and charges the onboarding fee if still due). */
export const replaceCardRequestSchema = z.strictObject({ ...cardFields, ...ignoredClientFields });
export type ReplaceCardRequest = z.input<typeof replaceCardRequestSchema>;

/** `POST /payment/customer`: the first card; charges the onboarding fee when due, minus a coupon. */
export const createCustomerRequestSchema = z.strictObject({
  ...cardFields,
  ...ignoredClientFields,
  /** Spec 2 §5: sent only when non-blank; a blank one is ignored all the same. */
  code: z.string().max(64).optional(),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;

/** A saved card as the card setting shows it (brand, last 4, expiry, holder, billing address). */
export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cardholder: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
  /** ISO time the card was saved. */
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/**
 * What happened to the onboarding fee with this card: charged now; not due (not an agency, no charge
 * configured, excluded, or charged before); pending (another request is charging it, or the card
 * processor's answer was lost — the janitor settles it). `amount` is what was (or is being) charged,
 * `original_amount` the configured fee, `discount` the coupon's part; dollar strings.
 */
export const onboardingOutcomeSchema = z.object({
  status: z.enum(['charged', 'not_due', 'already_charged', 'excluded', 'pending']),
  amount: z.string(),
  original_amount: z.string(),
  discount: z.string(),
  coupon_code: z.string().nullable(),
});
export type OnboardingOutcome = z.infer<typeof onboardingOutcomeSchema>;

/** Answer of `PUT /payment/card` and `POST /payment/customer` (HTTP 200; 202 when the charge is pending). */
export const cardSavedResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  card: savedCardSchema,
  onboarding: onboardingOutcomeSchema,
});
export type CardSavedResponse = z.infer<typeof cardSavedResponseSchema>;

/** `GET /payment/card/{usrID}`: the card of that person's company, or null. */
export const cardParamsSchema = z.object({ usrID: idParamSchema });
export const cardResponseSchema = z.object({
  result: z.literal('success'),
  card: savedCardSchema.nullable(),
  /** Who the card pays: the platform (an agency's card) or the agency's connected account (a client's). */
  pays: z.enum(['platform', 'agency']),
});
export type CardResponse = z.infer<typeof cardResponseSchema>;

/** `POST /payment/customer-direct {usrID}`: makes sure the company has its customer at the gateway. */
export const customerDirectRequestSchema = z.strictObject({ usrID: idSchema });
export type CustomerDirectRequest = z.input<typeof customerDirectRequestSchema>;
export const customerDirectResponseSchema = z.object({
  result: z.literal('success'),
  gateway: z.enum(['sandbox', 'stripe']),
  pays: z.enum(['platform', 'agency']),
  has_card: z.boolean(),
});

/** `PUT /payment/set-billing-method {companyID, manualBill}` (spec 2 §4 Manual bill). */
export const setBillingMethodRequestSchema = z.strictObject({ companyID: idSchema, manualBill: tfSchema });
export type SetBillingMethodRequest = z.input<typeof setBillingMethodRequestSchema>;
export const setBillingMethodResponseSchema = z.object({
  result: z.literal('success'),
  manual_bill: tfSchema,
  message: z.string(),
});

/** `POST /payment/sandbox/token`: the sandbox test-card form (Stripe.js does this for Stripe). */
export const sandboxTokenRequestSchema = z.strictObject({
  number: z
    .string()
    .trim()
    .min(12, 'Your card number is incomplete.')
    .max(23, 'Your card number is invalid.'),
  exp_month: z
    .number()
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  exp_year: z
    .number()
    .int()
    .min(2000, "Your card's expiration year is invalid.")
    .max(2100, "Your card's expiration year is invalid."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  cardholder: text(CARD_TEXTS.holderRequired),
});
export type SandboxTokenRequest = z.input<typeof sandboxTokenRequestSchema>;
export const sandboxTokenResponseSchema = z.object({ tokenid: z.string() });

// ---------------------------------------------------------------------------------------------
// Coupons (per system; percent or amount off, validity, usage limit)
// ---------------------------------------------------------------------------------------------

export const COUPON_TEXTS = {
  blank: 'Please enter a coupon code.',
  notFound: 'This coupon code is not valid.',
  notYetValid: 'This coupon code is not valid yet.',
  expired: 'This coupon code has expired.',
  usedUp: 'This coupon code has reached its usage limit.',
  disabled: 'This coupon code is no longer available.',
  notAllowed: 'Coupons cannot be used for this charge.',
  /** A discount that leaves between $0.01 and $0.50: the card processor cannot charge that. */
  leavesTooLittle:
    'This coupon cannot be applied: the amount after the discount must be $0 or more than $0.50.',
  codeFormat: 'A coupon code has 3 to 32 letters, digits, hyphens or underscores.',
  duplicate: 'A coupon with this code already exists.',
  percentRange: 'The percentage must be more than 0 and at most 100.',
  amountRequired: 'Please enter the amount off.',
  kindFields: 'Give a percentage for a percent coupon, or an amount for an amount coupon.',
  dates: 'The end date must be after the start date.',
  limit: 'The usage limit must be a whole number of at least 1.',
  created: 'The coupon has been created.',
  disabledNow: 'The coupon has been disabled.',
} as const;

/** Codes are compared without case; stored upper-case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, COUPON_TEXTS.codeFormat)
  .transform((c) => c.toUpperCase());

/** `POST /configuration/coupon/get-coupon`: checks a code for the caller's onboarding fee. */
export const getCouponRequestSchema = z.strictObject({
  code: z.string().max(64),
  /** The agency (company) the fee is for; the caller's own company when absent. */
  companyID: idSchema.optional(),
});
export type GetCouponRequest = z.input<typeof getCouponRequestSchema>;
export const getCouponResponseSchema = z.object({
  result: z.literal('success'),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent: '12.5'; amount: dollars. */
  value: z.string(),
  /** The onboarding fee before, the discount, and what would be charged (dollar strings). */
  original_amount: z.string(),
  discount: z.string(),
  amount: z.string(),
});
export type GetCouponResponse = z.infer<typeof getCouponResponseSchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used: z.number().int(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type CouponView = z.infer<typeof couponSchema>;

/** `GET /configuration/coupon/list/{company}`: the coupons of the system whose root is `company`. */
export const couponListParamsSchema = z.object({ company: idParamSchema });
export const couponListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(couponSchema),
});

const isoDate = calendarDaySchema.nullable().optional();

/** `POST /configuration/coupon/create`: percent in percent (up to 2 decimals), amount in dollars. */
export const createCouponRequestSchema = z.strictObject({
  companyID: idSchema,
  code: couponCodeSchema,
  kind: z.enum(['percent', 'amount']),
  value: z.string().trim().max(16),
  /** Inclusive days in UTC; null = no bound. */
  valid_from: isoDate,
  valid_to: isoDate,
  usage_limit: z
    .number()
    .int()
    .min(1, COUPON_TEXTS.limit)
    .max(1_000_000, COUPON_TEXTS.limit)
    .nullable()
    .optional(),
});
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;
export const couponSavedResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  coupon: couponSchema,
});

/** `PUT /configuration/coupon/disable {companyID, id}`: a disabled coupon is refused from then on. */
export const disableCouponRequestSchema = z.strictObject({ companyID: idSchema, id: idSchema });
export type DisableCouponRequest = z.input<typeof disableCouponRequestSchema>;

/** Spec 2 §8: the manual-bill and settlement texts (decision 0075). */
export const MANUAL_BILL_SAVE_FAILED =
  'We are unable to save. Please try again later or contact support for assistance.';
export const SETTLEMENT_DONE = 'Manual Bill Settlement has been successfully processed.';
export const SETTLEMENT_FAILED = 'Something went wrong, please try again later..';
/**
 * The settlement pays declined invoices; a declined campaign start is paid by starting the campaign
 * again (decision 0065), so a settlement that leaves one owing says so instead of reporting success.
 */
export const SETTLEMENT_START_OWED =
  'The failed payment is for starting a campaign: start the campaign again to charge it on the new card.';

/** `PUT /general/manual-bill-settlement {userID}`: the person's company pays its declined invoices now. */
export const manualBillSettlementRequestSchema = z.strictObject({ userID: idSchema });
export type ManualBillSettlementRequest = z.input<typeof manualBillSettlementRequestSchema>;
export const manualBillSettlementResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  /** Invoices paid now, and those another settlement is still charging. */
  paid: z.number().int(),
  pending: z.number().int(),
  /** Campaigns paused for the failed payment that run again. */
  resumed: z.number().int(),
});
export type ManualBillSettlementResponse = z.infer<typeof manualBillSettlementResponseSchema>;

/** `GET /general/payment-failures/{userID}`: what the person's company owes for declined charges. */
export const paymentFailuresParamsSchema = z.object({ userID: z.coerce.number().int().positive() });
export const paymentFailuresResponseSchema = z.object({
  result: z.literal('success'),
  /** Public ids of the campaigns whose charges failed, oldest first. */
  campaigns: z.array(z.string()),
  /** Their total, in dollars. */
  amount: z.string(),
});
export type PaymentFailuresResponse = z.infer<typeof paymentFailuresResponseSchema>;
