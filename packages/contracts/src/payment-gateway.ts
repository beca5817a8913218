import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * A system's payment gateway (decision 0039): its own Stripe keys, set by the system's staff in System
 * Settings → Payment Gateway. The secret key and the webhook signing secret are sealed at rest and never
 * answered back (the secret key's last four characters and "set" only); the publishable key is public.
 * The key rules are here so the form and the server refuse the same things with the same words.
 */

export type StripeMode = 'test' | 'live';

const SECRET = /^sk_(test|live)_[A-Za-z0-9_]{8,240}$/;
const PUBLISHABLE = /^pk_(test|live)_[A-Za-z0-9_]{8,240}$/;
const WEBHOOK = /^whsec_[A-Za-z0-9_+/=]{8,240}$/;

export const PAYMENT_GATEWAY_TEXTS = {
  secretKey: 'Enter the secret key from the Stripe dashboard: it starts with sk_test_ or sk_live_.',
  publishableKey: 'Enter the publishable key from the Stripe dashboard: it starts with pk_test_ or pk_live_.',
  webhookSecret:
    "Enter the webhook endpoint's signing secret from the Stripe dashboard: it starts with whsec_.",
  modeMismatch:
    'The secret key and the publishable key must both be test keys or both be live keys of the same Stripe account.',
  secretsRequired: 'Enter the secret key and the webhook signing secret: this system has none stored yet.',
  saved: 'The Stripe keys are saved. New cards and payment accounts of this system now use Stripe.',
  removed: 'The Stripe keys are removed. This system now uses the default payment gateway.',
  nothingToRemove: 'This system has no Stripe keys of its own.',
  sandboxOnly: 'This system uses the sandbox: its card form makes test-card tokens, not SetupIntents.',
} as const;

/** The mode a Stripe secret or publishable key is in, or null when it is neither. */
export function stripeModeOf(key: string): StripeMode | null {
  const match = SECRET.exec(key) ?? PUBLISHABLE.exec(key);
  return match ? (match[1] as StripeMode) : null;
}

export interface StripeKeyInput {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** The wire fields at fault with their texts; empty when the keys may be stored. */
export function checkStripeKeys(
  input: StripeKeyInput,
): Partial<Record<'secret_key' | 'publishable_key' | 'webhook_secret', string>> {
  const problems: Partial<Record<'secret_key' | 'publishable_key' | 'webhook_secret', string>> = {};
  if (!SECRET.test(input.secretKey)) problems.secret_key = PAYMENT_GATEWAY_TEXTS.secretKey;
  if (!PUBLISHABLE.test(input.publishableKey))
    problems.publishable_key = PAYMENT_GATEWAY_TEXTS.publishableKey;
  if (!WEBHOOK.test(input.webhookSecret)) problems.webhook_secret = PAYMENT_GATEWAY_TEXTS.webhookSecret;
  if (
    !problems.secret_key &&
    !problems.publishable_key &&
    stripeModeOf(input.secretKey) !== stripeModeOf(input.publishableKey)
  )
    problems.publishable_key = PAYMENT_GATEWAY_TEXTS.modeMismatch;
  return problems;
}

const keyField = z.string().trim().max(255);

/** `GET /configuration/payment-gateway`: what the caller's system uses, without its secrets. */
export const paymentGatewayStateSchema = z.object({
  result: z.literal('success'),
  /** The gateway new cards and payment accounts of the system use. */
  gateway: z.enum(['sandbox', 'stripe']),
  /** Its own keys, the deployment's default Stripe keys, or none (the sandbox). */
  source: z.enum(['system', 'deployment', 'sandbox']),
  mode: z.enum(['test', 'live']).nullable(),
  /** The system's own publishable key ('' when it has none). */
  publishable_key: z.string(),
  secret_key_last4: z.string().nullable(),
  webhook_secret_set: z.boolean(),
  /** Where to point the Stripe dashboard's webhook endpoint for this system (path below the API). */
  webhook_path: z.string(),
});
export type PaymentGatewayState = z.infer<typeof paymentGatewayStateSchema>;

/**
 * `PUT /configuration/payment-gateway`: the system's Stripe keys. A blank secret keeps the stored one
 * (the form never sees it), so changing only the publishable key needs no secret retyped.
 */
export const savePaymentGatewayRequestSchema = z.strictObject({
  publishable_key: keyField,
  secret_key: keyField.default(''),
  webhook_secret: keyField.default(''),
});
export type SavePaymentGatewayRequest = z.input<typeof savePaymentGatewayRequestSchema>;
export const savePaymentGatewayResponseSchema = paymentGatewayStateSchema.extend({ message: z.string() });

/** `POST /payment/setup-intent {usrID}`: a SetupIntent for Stripe Elements on the payer's account. */
export const setupIntentRequestSchema = z.strictObject({ usrID: idSchema });
export type SetupIntentRequest = z.input<typeof setupIntentRequestSchema>;
export const setupIntentResponseSchema = z.object({
  result: z.literal('success'),
  client_secret: z.string(),
  /** The key Stripe.js loads with (the payer's system's). */
  publishable_key: z.string(),
  /** The connected account the card is saved on (a client's agency), for Stripe.js's `stripeAccount`. */
  connected_account: z.string().nullable(),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;
