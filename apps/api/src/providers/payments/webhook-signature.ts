import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './gateway.js';

/** How old a signed webhook may be, as Stripe's default (replayed old deliveries are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/** The `Stripe-Signature`-style header for a body: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/**
 * Checks a `t=…,v1=…` header the way Stripe does: some v1 signature matches the HMAC of
 * `${t}.${rawBody}`, and t lies within the tolerance of now (either side, for clock skew).
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('Missing webhook signature header.');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError(
      'Malformed webhook signature header: expected t=<timestamp>,v1=<signature>.',
    );
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Webhook signature does not match the body.');
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    throw new WebhookSignatureError(`Webhook timestamp is outside the ${toleranceSeconds}-second tolerance.`);
}
