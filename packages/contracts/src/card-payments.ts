import { z } from 'zod';
import { billingPageQuerySchema } from './billing.js';

/**
 * Card payments (decision 0091): every charge made to a company's card, whole, newest first, on its
 * Billing History. A client's charges go to its agency's connected account, so the platform's ledger
 * holds only the platform's part of them, which the client must not see (white label): this list is
 * what the client reads of its own money. Amounts are dollar strings.
 */
export const CARD_PAYMENT_PAGE_SIZE = 10;
export const CARD_PAYMENT_STATUSES = ['succeeded', 'failed', 'pending'] as const;
export const CARD_PAYMENT_STATUS_LABELS: Record<(typeof CARD_PAYMENT_STATUSES)[number], string> = {
  succeeded: 'Paid',
  failed: 'Declined',
  pending: 'Processing',
};

export const cardPaymentListQuerySchema = billingPageQuerySchema;

export const cardPaymentSchema = z.object({
  id: z.number().int(),
  /** When the charge was asked for (ISO 8601). */
  created_at: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  status_label: z.string(),
  /** The gateway's charge id, when it went through. */
  reference: z.string().nullable(),
  gateway: z.string(),
  /** The processor's words for a decline. */
  failure: z.string().nullable(),
  /** What refunds gave back to the card from this charge (all of them), and when the last was made. */
  refund: z.object({ amount: z.string(), refunded_at: z.string() }).nullable(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

export const cardPaymentListResponseSchema = z.object({
  result: z.literal('success'),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  payments: z.array(cardPaymentSchema),
});
export type CardPaymentListResponse = z.infer<typeof cardPaymentListResponseSchema>;
