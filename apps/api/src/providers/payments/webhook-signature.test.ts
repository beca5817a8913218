import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './gateway.js';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'whsec_test';
const BODY = '{"id":"evt_1","type":"account.updated"}';
const T = 1_790_000_000;
const reason = (header: string | undefined, body = BODY, now = T) => {
  try {
    verifyWebhookSignature(SECRET, body, header, now);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookSignatureError);
    return (err as Error).message;
  }
};

describe('webhook signatures (t=…,v1=HMAC-SHA256 of "t.body", as Stripe signs)', () => {
  it('signs exactly as Stripe documents it', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('accepts its own signature within the tolerance, either side, and one of several v1 values', () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(reason(header)).toBeNull();
    expect(reason(header, BODY, T + 300)).toBeNull();
    expect(reason(header, BODY, T - 300)).toBeNull();
    expect(reason(`t=${T},v1=${'0'.repeat(64)},${header.split(',')[1]}`)).toBeNull();
  });

  it('refuses a changed body, another secret, an old or future time, and malformed headers', () => {
    expect(reason(signWebhook(SECRET, BODY, T), `${BODY} `)).toBe(
      'Webhook signature does not match the body.',
    );
    expect(reason(signWebhook('other', BODY, T))).toBe('Webhook signature does not match the body.');
    expect(reason(signWebhook(SECRET, BODY, T), BODY, T + 301)).toBe(
      'Webhook timestamp is outside the 300-second tolerance.',
    );
    expect(reason(signWebhook(SECRET, BODY, T), BODY, T - 301)).toBe(
      'Webhook timestamp is outside the 300-second tolerance.',
    );
    expect(reason(undefined)).toBe('Missing webhook signature header.');
    expect(reason('v1=abc')).toMatch(/^Malformed/);
    expect(reason(`t=${T}`)).toMatch(/^Malformed/);
    expect(reason(`t=${T},v1=zz`)).toBe('Webhook signature does not match the body.');
  });
});
