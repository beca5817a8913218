import { z } from 'zod';
import { idSchema } from './ids.js';
import { tfSchema } from './tenancy.js';

/*
 * A prepaid campaign's blocks (spec 2 §7 "Minimum spend and prepaid"; decision 0078): the refund of a
 * stopped campaign's unused leads, its estimate, the current block, the leads left and continual
 * top-up. Campaigns are named by their public id (`leadspeek_api_id`); amounts are dollar strings.
 */

/**
 * A campaign's public 8-digit id, as a string or a number on the wire. Any id-shaped value passes
 * here: the route's scope check answers one that names no campaign of the caller 404, like any id.
 */
export const prepaidCampaignIdSchema = z
  .union([z.string().regex(/^[0-9]{1,10}$/, 'Campaign not found'), z.number().int().positive()])
  .transform(String);

export const PREPAID_REFUND_TEXTS = {
  notPrepaid: 'Only a prepaid campaign can be refunded.',
  notStopped: 'Stop the campaign before refunding its unused leads.',
  nothingLeft: 'This campaign has no unused leads to refund.',
  alreadyRefunded: 'The unused leads of this campaign have already been refunded.',
  inProgress: 'The refund of this campaign is being processed.',
  refunded: 'The unused prepaid leads have been refunded.',
  /** Beside an estimate that gives money back into the agency's Data Wallet (decision 0087). */
  walletCredit:
    'What the Data Wallet paid for these leads goes back into it as new credit, which expires 12 months after the refund.',
  confirm: 'Are you sure you want to refund the unused prepaid leads of this campaign?',
  failed: 'The refund could not be made. Please try again later.',
  continualStopped: 'Continual top-up has been stopped.',
  noContinualTopUp: 'Only a prepaid campaign has continual top-up.',
} as const;

// GET /leadspeek/client/estimeate-refund-topup
export const estimateRefundQuerySchema = z.strictObject({ leadspeek_api_id: prepaidCampaignIdSchema });

const blockRefundSchema = z.object({
  unused_leads: z.number().int(),
  client_price: z.string(),
  wholesale_price: z.string(),
  client_refund: z.string(),
  application_fee_back: z.string(),
  agency_card_refund: z.string(),
  agency_wallet_refund: z.string(),
});
export const refundEstimateSchema = z.object({
  leadspeek_api_id: z.string(),
  /** Null when the refund can be made now; otherwise why not (one of PREPAID_REFUND_TEXTS). */
  refusal: z.string().nullable(),
  leads_left: z.number().int(),
  /** What the client gets back on its card (0 under manual bill). */
  client_refund: z.string(),
  /** What the agency gets back on its own card (manual bill, or a platform part it paid). */
  agency_card_refund: z.string(),
  /**
   * What goes back into the agency's Data Wallet: the part of those the wallet paid instead of the
   * card (decision 0087), credited as a new wallet lot that expires 12 months after the refund.
   */
  agency_wallet_refund: z.string(),
  /** The wholesale the platform gives back (application fees, platform parts, the wallet's part). */
  wholesale_back: z.string(),
  /** What the agency's account gives back of its markup: the client's refund less the fees. */
  agency_markup_back: z.string(),
  blocks: z.array(blockRefundSchema),
});
export type RefundEstimate = z.infer<typeof refundEstimateSchema>;

// POST /leadspeek/client/refund-topup
export const refundTopupRequestSchema = z.strictObject({
  leadspeek_api_id: prepaidCampaignIdSchema,
  company_id: idSchema,
  ip_user: z.string().max(100).optional(),
  timezone: z.string().max(100).optional(),
  payment_type: z.string().max(50).optional(),
});
export const refundTopupResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  refund: refundEstimateSchema,
});

// GET /leadspeek/client/local/currenttopup/{id}, remainingbalanceleads/{id}
export const prepaidCampaignParamsSchema = z.strictObject({ id: prepaidCampaignIdSchema });
export const currentTopupSchema = z.object({
  leadspeek_api_id: z.string(),
  /** The newest block bought (null: none yet). */
  current_topup: z
    .object({ leads: z.number().int(), client_price: z.string(), total: z.string(), bought_at: z.string() })
    .nullable(),
  blocks_bought: z.number().int(),
  leads_bought: z.number().int(),
  continual_topup: tfSchema,
});
export const remainingBalanceLeadsSchema = z.object({
  leadspeek_api_id: z.string(),
  remaining_balance_leads: z.number().int(),
});

// PUT /leadspeek/client/local/stopcontinualtopup
export const stopContinualTopupCampaignRequestSchema = z.strictObject({
  leadspeek_api_id: prepaidCampaignIdSchema,
  /** The spec's field; continual top-up stops whatever it says (decision 0078). */
  lp_limit_freq: z.string().max(50).optional(),
});
export const stopContinualTopupCampaignResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  continual_topup: tfSchema,
});
