import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';
import { ACCOUNT_STATUSES } from './tenancy.js';

/**
 * Connected payment accounts (spec 2 §3 Billing, §7 "Cards and payment account"): an agency's, which
 * its clients pay into, and a sales person's, which commissions are paid to (decision 0033).
 */
export const accountRequirementsSchema = z.object({
  currently_due: z.array(z.string()),
  past_due: z.array(z.string()),
  pending_verification: z.array(z.string()),
  disabled_reason: z.string().nullable(),
});
export type AccountRequirementsWire = z.infer<typeof accountRequirementsSchema>;

/** `check-connected-account` / `check-sales-connected-account` and what the other calls answer. */
export const connectedAccountStateSchema = z.object({
  result: z.literal('success'),
  /** '' (none yet), pending, inverification, completed or failed. */
  status: z.enum(ACCOUNT_STATUSES),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  account_requirements: accountRequirementsSchema,
  /** The card provider the account is with ('stripe'; the sandbox plays it). */
  paymentgateway: z.string(),
  /** True when the sandbox gateway holds the account (every screen labels it Sandbox). */
  sandbox: z.boolean(),
  /** Whether it counts as connected: spec 1 §4's rule for agencies, completed for sales people. */
  connected: z.boolean(),
});
export type ConnectedAccountState = z.infer<typeof connectedAccountStateSchema>;

/** Where the account holder goes to complete onboarding (single use, short-lived, like Stripe's). */
export const connectedAccountLinkSchema = connectedAccountStateSchema.extend({
  url: z.string(),
  expires_at: z.string(),
});
export type ConnectedAccountLink = z.infer<typeof connectedAccountLinkSchema>;

/** `POST /general/get-connected-account-link`, `…/get-existing-connected-account-link`. */
export const connectedAccountLinkRequestSchema = z.strictObject({ companyID: idSchema, idsys: idSchema });
export type ConnectedAccountLinkRequest = z.input<typeof connectedAccountLinkRequestSchema>;

/** `POST /general/create-connected-account`: the company details the account is opened with. */
export const createConnectedAccountRequestSchema = z.strictObject({
  companyID: idSchema,
  idsys: idSchema,
  company_name: z
    .string()
    .trim()
    .min(1, 'Company name is required.')
    .max(255, 'Company name must not exceed 255 characters.'),
  email: z.email('Enter a valid e-mail address.').max(70, 'E-mail must not exceed 70 characters.'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Country is a two-letter code such as US.')
    .default('US'),
});
export type CreateConnectedAccountRequest = z.input<typeof createConnectedAccountRequestSchema>;

/** `POST /general/create-sales-connected-account {userID, idsys}`. */
export const createSalesConnectedAccountRequestSchema = z.strictObject({ userID: idSchema, idsys: idSchema });
export type CreateSalesConnectedAccountRequest = z.input<typeof createSalesConnectedAccountRequestSchema>;

export const checkConnectedAccountParamsSchema = z.object({ companyID: idParamSchema, idsys: idParamSchema });
export const checkSalesConnectedAccountParamsSchema = z.object({
  usrID: idParamSchema,
  idsys: idParamSchema,
});
/** `typeConnection`: which connection to reset; the card provider's is the one there is. */
export const resetPaymentConnectionParamsSchema = z.object({
  companyID: idParamSchema,
  typeConnection: z.string().max(40),
});

export const ONLY_AGENCIES_CONNECT = 'Only an agency connects a payment account.';
export const ONLY_SALES_CONNECT = 'Only a sales person connects a payment account for commissions.';
export const NO_ACCOUNT_TO_CONTINUE =
  'There is no connected account to continue yet: connect your account first.';
export const ACCOUNT_ALREADY_CONNECTING =
  'A payment account is already connected or being connected. Reset the connection to start again.';
export const UNKNOWN_CONNECTION_TYPE = "The connection type must be 'stripe'.";
export const NO_CONNECTION_TO_RESET = 'There is no payment account connection to reset.';
