import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv).stripe;

describe('payment gateway configuration', () => {
  it('uses the sandbox unless a Stripe secret key is set', () => {
    expect(load({})).toBeNull();
  });

  it('uses Stripe with both the secret key and the webhook secret', () => {
    expect(
      load({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      }),
    ).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
    });
  });

  it('points every Stripe gateway (also systems with their own keys) at STRIPE_API_URL when set', () => {
    const api = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv).stripeApi;
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(api({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(api({})).toBeUndefined();
    expect(() => load({ ...keys, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });

  it('refuses one Stripe secret without the other', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/needs STRIPE_WEBHOOK_SECRET/);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/without STRIPE_SECRET_KEY/);
  });
});
