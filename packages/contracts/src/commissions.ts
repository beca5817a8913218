import { z } from 'zod';
import { parseCommissionRate } from './commission-rate.js';
import { idParamSchema } from './ids.js';

/**
 * Sales commissions (decisions 0080, 0084, 0089): the system's rate, and what each sales person
 * earned, gave back on refunds, was paid out and is owed. Amounts are integer cents (`*_cents`); a
 * rate is basis points (`*_bps`, 500 = 5 %) and, for people, a percentage text with at most two
 * decimals ("5", "7.25"). Months are calendar months in UTC (`YYYY-MM`), as payouts are.
 */

/** `PUT /configuration/commissions/rate`: the new rate as typed. */
export const commissionRateRequestSchema = z.strictObject({
  rate: z.string().superRefine((value, ctx) => {
    const parsed = parseCommissionRate(value);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  }),
});
export type CommissionRateRequest = z.infer<typeof commissionRateRequestSchema>;

export const commissionRateChangeSchema = z.object({
  rate_bps: z.number().int(),
  rate_percent: z.string(),
  effective_from: z.string(),
  /** Who set it; null for the rate a system had before changes were recorded. */
  changed_by: z.string().nullable(),
});

/** `GET /configuration/commissions/rate`: the rate now, and its latest changes (newest first). */
export const commissionRateResponseSchema = z.object({
  rate_bps: z.number().int(),
  rate_percent: z.string(),
  /** True when the system never set one (the default applies). */
  is_default: z.boolean(),
  default_percent: z.string(),
  max_percent: z.string(),
  changes: z.array(commissionRateChangeSchema),
  message: z.string().optional(),
});
export type CommissionRateResponse = z.infer<typeof commissionRateResponseSchema>;

export const COMMISSION_PAYOUT_STATUS_LABELS = {
  pending: 'Being paid',
  paid: 'Paid',
  failed: 'Transfer refused',
} as const;
export type CommissionPayoutStatus = keyof typeof COMMISSION_PAYOUT_STATUS_LABELS;

const cents = z.number().int();

/** Where the person's payout account stands: '' when none is connected. */
export const commissionPayoutAccountSchema = z.object({
  status: z.string(),
  payouts_enabled: z.boolean(),
});

/** A sales person's figures over all time; `owed_cents` is their ledger balance now. */
export const commissionPersonTotalsSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Sales Representative, Account Executive, Referrer: the roles they hold on agencies now. */
  roles: z.array(z.string()),
  earned_cents: cents,
  /** Given back on refunds: zero or negative. */
  reversed_cents: cents,
  paid_cents: cents,
  owed_cents: cents,
  payout_account: commissionPayoutAccountSchema,
});
export type CommissionPersonTotals = z.infer<typeof commissionPersonTotalsSchema>;

export const commissionMonthSchema = z.object({
  month: z.string(),
  /** Commissions on money collected in the month. */
  earned_cents: cents,
  /** Given back in the month on refunds (zero or negative). */
  reversed_cents: cents,
  /** The month's payout (the transfer made after it ends), when one was made. */
  payout: z
    .object({
      amount_cents: cents,
      status: z.enum(['pending', 'paid', 'failed']),
      status_label: z.string(),
      transfer_id: z.string().nullable(),
      failure: z.string().nullable(),
      settled_at: z.string().nullable(),
    })
    .nullable(),
});
export type CommissionMonth = z.infer<typeof commissionMonthSchema>;

/** `GET /configuration/commissions/user/{usrID}`: one sales person's totals and months, newest first. */
export const commissionPersonResponseSchema = z.object({
  person: commissionPersonTotalsSchema,
  rate_percent: z.string(),
  months: z.array(commissionMonthSchema),
});
export type CommissionPersonResponse = z.infer<typeof commissionPersonResponseSchema>;

/**
 * `GET /configuration/commissions`: the system's sales people (its owners) or the caller alone (a
 * sales person), with their totals.
 */
export const commissionsResponseSchema = z.object({
  view: z.enum(['system', 'own']),
  rate_percent: z.string(),
  people: z.array(commissionPersonTotalsSchema),
});
export type CommissionsResponse = z.infer<typeof commissionsResponseSchema>;

export const commissionUserParamsSchema = z.object({ usrID: idParamSchema });
