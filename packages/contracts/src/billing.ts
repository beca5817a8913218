import { z } from 'zod';
import { calendarMonthSchema } from './calendar.js';

/**
 * Billing history (issue 10 "Seeing the money", decision 0035): a party's ledger accounts and one
 * account's statement, a page of 10 lines at a time, filtered by month, downloadable as CSV.
 * Amounts are dollar strings (decision 0028); a negative amount starts with '-'.
 */

/**
 * The ledger accounts of root fees between systems (decision 0081): a paying system's expense and
 * what it owes the master; the master's receivable and receipts per paying system, and its revenue.
 * Shown in a system's billing history to its owners only, as the Root Fees screen (decision 0088).
 */
export const ROOT_FEE_ACCOUNT_KINDS = [
  'root_fee_payable',
  'root_fee_expense',
  'root_fee_receivable',
  'root_fee_received',
  'root_fee_revenue',
] as const;

/**
 * The money accounts a party can have (the ledger's catalogue), in the order a party's tabs show them.
 * Leads-counting accounts (a client's prepaid block) are not money: the campaign shows them.
 */
export const BILLING_ACCOUNT_KINDS = [
  'receivable',
  'wallet',
  'commission_payable',
  'revenue',
  'application_fees',
  'refunds',
  'gateway_clearing',
  // Root fees between systems (decisions 0081, 0088): the system's owners read them.
  ...ROOT_FEE_ACCOUNT_KINDS,
] as const;
export type BillingAccountKind = (typeof BILLING_ACCOUNT_KINDS)[number];

export const BILLING_ACCOUNT_LABELS: Record<BillingAccountKind, string> = {
  receivable: 'Charges and payments',
  wallet: 'Data Wallet',
  commission_payable: 'Commission',
  revenue: 'Revenue',
  application_fees: 'Application fees',
  refunds: 'Refunds',
  gateway_clearing: 'Held by the payment gateway',
  root_fee_payable: 'Root fees owed to the master system',
  root_fee_expense: 'Root fees',
  root_fee_receivable: 'Root fees owed by a system',
  root_fee_received: 'Root fees received',
  root_fee_revenue: 'Root fee revenue',
};

/** Lines per page of a billing history. */
export const BILLING_PAGE_SIZE = 10;
/** Lines at most in one CSV download. */
export const BILLING_CSV_MAX_LINES = 50_000;

export const BILLING_PAGE_INVALID = 'The page must be a whole number from 1.';
/** The page of a billing list (history, invoices, card payments): 1 when absent. */
export const billingPageSchema = z.coerce
  .number({ message: BILLING_PAGE_INVALID })
  .int(BILLING_PAGE_INVALID)
  .min(1, BILLING_PAGE_INVALID)
  .max(100_000, BILLING_PAGE_INVALID)
  .optional();
/** The query of a paged billing list: only its page. */
export const billingPageQuerySchema = z.strictObject({ page: billingPageSchema });
export const BILLING_ACCOUNT_INVALID = 'This account does not exist for this party.';
export const BILLING_REFERENCE_INVALID = 'An account reference is at most 100 visible characters.';

/** The query of a history page: the account (its kind and reference), the month, the page. */
export const billingHistoryQuerySchema = z.strictObject({
  account: z.enum(BILLING_ACCOUNT_KINDS, { message: BILLING_ACCOUNT_INVALID }).optional(),
  reference: z
    .string()
    .regex(/^[\x21-\x7e]{0,100}$/, BILLING_REFERENCE_INVALID)
    .optional(),
  /** A UTC month. */
  month: calendarMonthSchema.optional(),
  page: billingPageSchema,
});
export type BillingHistoryQuery = z.infer<typeof billingHistoryQuerySchema>;

/** The download takes the same filters without the page. */
export const billingDownloadQuerySchema = billingHistoryQuerySchema.omit({ page: true });
export type BillingDownloadQuery = z.infer<typeof billingDownloadQuerySchema>;

export const billingCompanyParamsSchema = z.object({ companyID: z.coerce.number().int() });
export const billingUserParamsSchema = z.object({ usrID: z.coerce.number().int() });

export const BILLING_PARTY_KINDS = ['system', 'agency', 'client', 'person'] as const;
export type BillingPartyKind = (typeof BILLING_PARTY_KINDS)[number];

export const billingPartySchema = z.object({
  /** 'company': its id is a company's (the system's own accounts are its root company's); 'user': a person's. */
  type: z.enum(['company', 'user']),
  id: z.number().int(),
  kind: z.enum(BILLING_PARTY_KINDS),
  name: z.string(),
});
export type BillingParty = z.infer<typeof billingPartySchema>;

export const billingAccountSchema = z.object({
  kind: z.enum(BILLING_ACCOUNT_KINDS),
  reference: z.string(),
  label: z.string(),
  /** On the account's normal side: what it holds, owes or has earned. */
  balance: z.string(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const billingLineSchema = z.object({
  id: z.number().int(),
  /** ISO time of the posting. */
  posted_at: z.string(),
  /** Cause and business object: "Onboarding charge — Northwind Digital". */
  title: z.string(),
  /** The posting's own words (coupon, period…). */
  description: z.string(),
  cause: z.string(),
  /** The gateway object behind the money ("ch_…"), and which gateway ('Sandbox', 'Stripe'). */
  gateway: z.object({ name: z.string(), object_id: z.string() }).nullable(),
  /** What the line did to the balance: positive adds to it. */
  amount: z.string(),
  /** The balance right after this line. */
  balance: z.string(),
});
export type BillingLine = z.infer<typeof billingLineSchema>;

export const billingHistoryResponseSchema = z.object({
  party: billingPartySchema,
  accounts: z.array(billingAccountSchema),
  /** The account shown; null when the party has no account yet. */
  account: billingAccountSchema.nullable(),
  month: z.string().nullable(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** The balance before the month's first line (0 for the whole history). */
  opening_balance: z.string(),
  /** The balance after the month's last line. */
  closing_balance: z.string(),
  data: z.array(billingLineSchema),
});
export type BillingHistoryResponse = z.infer<typeof billingHistoryResponseSchema>;

export const billingPartiesResponseSchema = z.object({ parties: z.array(billingPartySchema) });
export type BillingPartiesResponse = z.infer<typeof billingPartiesResponseSchema>;
