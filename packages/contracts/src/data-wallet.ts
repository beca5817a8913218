import { z } from 'zod';
import { isCalendarMonth, MONTH_INVALID } from './calendar.js';
import { idParamSchema, idSchema } from './ids.js';
import { asCents, type Cents, FEE_AMOUNT_INVALID, parseDollarsToCents } from './money.js';
import { tfSchema } from './tenancy.js';

/*
 * The Data Wallet (spec 2 §2 "Data Wallet", §4 "Prepaid top-up", §5 "Data Wallet amount", §7
 * "Minimum spend and prepaid", §8, §9; decision 0073): an agency's prepaid balance on the master
 * system, topped up by card. Amounts travel as dollar strings like every amount (decision 0028).
 */

/** Spec 2 §9: the preset amounts, in dollars as the radio shows them and in cents. */
export const DATA_WALLET_PRESETS = [
  { id: 1, dollars: 0, cents: asCents(0) },
  { id: 2, dollars: 250, cents: asCents(25_000) },
  { id: 3, dollars: 500, cents: asCents(50_000) },
  { id: 4, dollars: 1000, cents: asCents(100_000) },
] as const;
/** Spec 2 §4/§9: the least a custom amount may be ($2,500); otherwise the minimum is $0. */
export const DATA_WALLET_CUSTOM_MINIMUM_DOLLARS = 2500;
export const DATA_WALLET_CUSTOM_MINIMUM = asCents(250_000);
/**
 * The most one top-up may be: what one card charge can carry ($999,999.99, the processor's limit,
 * `@app/pricing` MAX_CHARGE_CENTS). Continual top-up charges this amount by itself, so a larger one
 * could never be paid. The spec gives a minimum's text only; this one is worded like it.
 */
export const DATA_WALLET_MAXIMUM = asCents(99_999_999);
export const DATA_WALLET_MAXIMUM_TEXT = 'The maximum amount is $999,999.99';
/** Spec 2 §9: continual top-up charges the chosen amount once the balance is below this share of it. */
export const DATA_WALLET_TOPUP_PERCENT = 10;
/** Spec 2 §9: what is left of a top-up lapses this many months after it was bought. */
export const DATA_WALLET_EXPIRY_MONTHS = 12;
/** History lines in one answer (a month of one agency's wallet is far fewer). */
export const DATA_WALLET_HISTORY_MAX_LINES = 500;

/** The minimum of an amount in its mode, in dollars (spec 2 §4: custom 2500, otherwise 0). */
export const dataWalletMinimumDollars = (custom: boolean): number =>
  custom ? DATA_WALLET_CUSTOM_MINIMUM_DOLLARS : 0;

// Spec 2 §5 and §8: the texts, word for word where the spec gives them.
/** Saving or charging below the minimum. */
export const dataWalletMinimumText = (minimumDollars: number) => `The minimum amount is $${minimumDollars}`;
/** Beside the custom amount while it is typed below the minimum. */
export const dataWalletMinimumHint = (minimumDollars: number) => `*Minimum amount is ${minimumDollars}`;
export const DATA_WALLET_NOT_A_PRESET = 'Choose one of the preset amounts: $0, $250, $500 or $1,000.';
export const DATA_WALLET_CHARGE_NEEDS_AMOUNT =
  'Choose an amount above $0 to top up; at $0 save the settings instead.';
export const DATA_WALLET_SAVE_CONFIRM = 'Are you sure you want to save your Data Wallet settings?';
export const DATA_WALLET_SAVE_CONFIRM_DETAIL =
  'At $0 your card is not charged, and the changes take effect immediately.';
export const DATA_WALLET_CHARGE_CONFIRM = 'Are you sure you want to topup data wallet?';
export const dataWalletChargeConfirmDetail = (amount: string) =>
  `Your credit card will be charged ${amount} to top up your Data Wallet. If continual top-up is not ` +
  `stopped, your card is charged automatically when the balance reaches ${DATA_WALLET_TOPUP_PERCENT}% ` +
  'of the set amount. This purchase is non-refundable.';
/** The toggle's two labels (spec 2 §4): resume when stopped, stop when running. */
export const DATA_WALLET_CONTINUAL_ON = 'Continual Topup';
export const DATA_WALLET_CONTINUAL_OFF = 'Stop Continual Topup';
export const DATA_WALLET_REQUEST_ID_INVALID =
  'A top-up needs its request id: 8 to 64 letters, digits or dashes (a UUID).';
export const DATA_WALLET_SAVED = 'Your Data Wallet settings have been saved.';
export const DATA_WALLET_CONTINUAL_STOPPED = 'Continual top-up has been stopped.';
export const DATA_WALLET_CONTINUAL_RESUMED = 'Continual top-up has been resumed.';
export const DATA_WALLET_NO_CARD =
  'Add a credit card in Card Setting before you top up your Data Wallet; nothing was charged.';
export const DATA_WALLET_TOPUP_PENDING =
  'Your top-up is being processed; the balance shows it as soon as the payment is confirmed.';
export const DATA_WALLET_GATEWAY_UNAVAILABLE =
  'The payment service did not answer; nothing was added to your Data Wallet. Try again in a moment.';
export const dataWalletToppedUp = (amount: string) => `Your Data Wallet has been topped up with ${amount}.`;

/**
 * Why an amount may not be chosen (spec 2 §4, §5), or null: custom mode needs at least $2,500,
 * preset mode one of the presets; nothing is below $0 or above one card charge ($999,999.99).
 */
export function dataWalletAmountProblem(amount: Cents, custom: boolean): string | null {
  const minimum = custom ? DATA_WALLET_CUSTOM_MINIMUM : asCents(0);
  if (amount < minimum) return dataWalletMinimumText(dataWalletMinimumDollars(custom));
  if (amount > DATA_WALLET_MAXIMUM) return DATA_WALLET_MAXIMUM_TEXT;
  if (!custom && !DATA_WALLET_PRESETS.some((p) => p.cents === amount)) return DATA_WALLET_NOT_A_PRESET;
  return null;
}

/**
 * An amount as the modal sends it: digits and one decimal point (at most two decimals). A leading
 * minus is read so that "-5" is told the minimum rather than the format.
 */
const walletAmountSchema = z
  .string()
  .max(32, FEE_AMOUNT_INVALID)
  .transform((text, ctx): Cents => {
    const trimmed = text.trim();
    const negative = trimmed.startsWith('-');
    const cents = parseDollarsToCents(negative ? trimmed.slice(1) : trimmed);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: FEE_AMOUNT_INVALID });
      return z.NEVER;
    }
    return asCents(negative ? -cents : cents);
  });

/** The amount rule applied to a body's amount in its mode: 400 with the spec's text on `amount`. */
const checkAmount = (
  body: { amount: Cents; custom_amount: 'T' | 'F' },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) => {
  const problem = dataWalletAmountProblem(body.amount, body.custom_amount === 'T');
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
};

/** A history month, or '' / nothing for the clock's current month (spec 2 §9). */
const historyMonthSchema = z
  .string()
  .refine((text) => text === '' || isCalendarMonth(text), MONTH_INVALID)
  .optional();

// GET /configuration/agencies/prepaid/get-direct-payment?company_id=&date=YYYY-MM
export const dataWalletQuerySchema = z.strictObject({
  company_id: idParamSchema,
  date: historyMonthSchema,
});
export type DataWalletQuery = z.infer<typeof dataWalletQuerySchema>;

export const dataWalletHistoryLineSchema = z.object({
  /** The ledger line's id. */
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  /** A top-up's expiry (12 months after it was bought), or a refund credit's; null for other lines. */
  expired_at: z.string().nullable(),
  /**
   * `topup`: money in — a top-up, or a prepaid refund given back into the wallet (decision 0087: a
   * credit that expires like a top-up; its title says it is a refund); `charge`: money spent;
   * `other`: money out otherwise (an expiry).
   */
  transaction_type: z.enum(['topup', 'charge', 'other']),
  /** How much the line moved the balance, without its sign (the type says which way). */
  amount: z.string(),
});
export type DataWalletHistoryLine = z.infer<typeof dataWalletHistoryLineSchema>;

export const dataWalletHistoryResponseSchema = z.object({
  result: z.literal('success'),
  /** The month shown (YYYY-MM, UTC). */
  month: z.string(),
  /** The balance when the month began and when it ended (or now, for the current month). */
  opening_balance: z.string(),
  closing_balance: z.string(),
  /** The month's lines, oldest first: at most `DATA_WALLET_HISTORY_MAX_LINES` (the CSV has them all). */
  transaction_history: z.array(dataWalletHistoryLineSchema),
  /** How many lines the month has in all. */
  total_lines: z.number().int(),
});
export type DataWalletHistory = z.infer<typeof dataWalletHistoryResponseSchema>;

export const dataWalletResponseSchema = dataWalletHistoryResponseSchema.extend({
  /** The chosen top-up amount and its mode. */
  amount: z.string(),
  custom_amount: tfSchema,
  stop_continual: tfSchema,
  /** What the wallet holds now: the ledger's sum of its account. */
  balance_amount: z.string(),
  /** What the month's top-ups added (refunds given back into the wallet are not top-ups). */
  total_amount: z.string(),
  /** The balance at the end of the month before (the month's opening balance). */
  last_balance_amount: z.string(),
  /** T when the agency has a card on the platform to charge (the top-up button works). */
  is_enable_topup_prepaid_direct_payment: tfSchema,
});
export type DataWalletView = z.infer<typeof dataWalletResponseSchema>;

// PUT /configuration/agencies/prepaid/stop-continual-topup
export const stopContinualTopupRequestSchema = z.strictObject({
  company_id: idSchema,
  stop_continual: tfSchema,
});
export const stopContinualTopupResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  stop_continual: tfSchema,
});

// POST /configuration/agencies/prepaid/save-prepaid-direct-payment
const settingsFields = {
  company_id: idSchema,
  amount: walletAmountSchema,
  custom_amount: tfSchema,
  stop_continual: tfSchema,
};
export const saveDataWalletRequestSchema = z.strictObject(settingsFields).superRefine(checkAmount);
export type SaveDataWalletRequest = z.input<typeof saveDataWalletRequestSchema>;

// POST /configuration/agencies/prepaid/charge-prepaid-direct-payment
export const chargeDataWalletRequestSchema = z
  .strictObject({
    ...settingsFields,
    /**
     * Names this top-up (decision 0073): the modal makes one when the person confirms, and every
     * copy of that request carries it, so a double click, a retry or a hundred copies at once make one
     * charge. Not in the spec's body: the server cannot tell a copy from a second top-up without it.
     */
    request_id: z
      .string({ message: DATA_WALLET_REQUEST_ID_INVALID })
      .regex(/^[A-Za-z0-9-]{8,64}$/, DATA_WALLET_REQUEST_ID_INVALID),
    /** The browser's idea of its address and zone: accepted, not used (the server sees the IP itself). */
    ip_user: z.string().max(64).optional(),
    timezone: z.string().max(64).optional(),
    /** The spec's payment type: the card is the only one. */
    payment_type: z.enum(['credit_card']).optional(),
  })
  .superRefine(checkAmount);
export type ChargeDataWalletRequest = z.input<typeof chargeDataWalletRequestSchema>;

/**
 * A top-up's outcome (spec 2 §7, §8): success (charged, or being processed), failed (the card
 * refused: the gateway's words) or error (no card, the gateway not answering); the web shows the
 * last two as a danger notice and closes the modal.
 */
export const chargeDataWalletResponseSchema = z.object({
  result: z.enum(['success', 'failed', 'error']),
  message: z.string(),
});
export type ChargeDataWalletResponse = z.infer<typeof chargeDataWalletResponseSchema>;

// GET /configuration/agencies/prepaid/download-transaction-history-direct-payment/{company_id}/{date}
export const dataWalletDownloadParamsSchema = z.object({
  company_id: idParamSchema,
  /** Empty: the current month. */
  date: historyMonthSchema,
});
/** The CSV's columns: the modal's history plus the balance after each line. */
export const DATA_WALLET_CSV_HEADER = [
  'Date (UTC)',
  'Transaction',
  'Type',
  'Amount',
  'Balance',
  'Expires (UTC)',
] as const;
/** At most this many lines in one month's file (a month of wallet lines is far fewer). */
export const DATA_WALLET_CSV_MAX_LINES = 50_000;
/** The file's name for a month. */
export const dataWalletFileName = (month: string) => `data-wallet-${month}.csv`;
