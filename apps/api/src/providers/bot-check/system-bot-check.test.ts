import { describe, expect, it } from 'vitest';
import type { BotCheck, BotCheckVerifyInput } from './bot-check.js';
import type { RecaptchaSettings } from './bot-check-repository.js';
import type { RecaptchaVerifyInput } from './recaptcha-bot-check.js';
import { createSystemBotCheck } from './system-bot-check.js';

/** The chooser over recording fakes: which check each system gets, with which secret. */
function setup(settings: Record<number, RecaptchaSettings>) {
  const calls = { altcha: [] as BotCheckVerifyInput[], recaptcha: [] as RecaptchaVerifyInput[] };
  const altcha: BotCheck = {
    challenge: async () => ({
      kind: 'altcha',
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: '',
        salt: '',
        cost: 1,
        keyLength: 32,
        keyPrefix: '00',
      },
      signature: 'sig',
    }),
    verify: async (input) => {
      calls.altcha.push(input);
      return { ok: false, reason: 'invalid_solution' };
    },
  };
  const check = createSystemBotCheck({
    altcha,
    recaptcha: {
      verify: async (input) => {
        calls.recaptcha.push(input);
        return { ok: true };
      },
    },
    recaptchaSettings: async (systemId) => settings[systemId] ?? null,
    decryptSecret: async (sealed) => {
      if (!sealed.startsWith('sealed:')) throw new Error('secret does not open');
      return sealed.slice('sealed:'.length);
    },
  });
  return { check, calls };
}

const token = { token: 't', ip: '198.51.100.1', hostname: 'site.example' };

describe('per-system bot check', () => {
  it('uses reCAPTCHA for a system with a site key and a secret, with the opened secret', async () => {
    const { check, calls } = setup({ 2: { siteKey: 'site-2', secretSealed: 'sealed:secret-2' } });
    expect(await check.challenge({ systemId: 2 })).toEqual({ kind: 'recaptcha', siteKey: 'site-2' });
    expect(await check.verify({ systemId: 2, ...token })).toEqual({ ok: true });
    expect(calls.recaptcha).toEqual([{ secret: 'secret-2', ...token }]);
    expect(calls.altcha).toHaveLength(0);
  });

  it('uses ALTCHA without settings, without a secret, or without a site key', async () => {
    const { check, calls } = setup({
      3: { siteKey: 'site-3', secretSealed: null },
      4: { siteKey: '', secretSealed: 'sealed:secret-4' },
    });
    for (const systemId of [1, 3, 4]) {
      expect((await check.challenge({ systemId })).kind).toBe('altcha');
      expect(await check.verify({ systemId, ...token })).toEqual({ ok: false, reason: 'invalid_solution' });
    }
    expect(calls.altcha.map((c) => c.systemId)).toEqual([1, 3, 4]);
    expect(calls.recaptcha).toHaveLength(0);
  });

  it('fails loudly when a configured secret no longer opens', async () => {
    const { check } = setup({ 5: { siteKey: 'site-5', secretSealed: 'garbled' } });
    await expect(check.verify({ systemId: 5, ...token })).rejects.toThrow(/does not open/);
  });
});
