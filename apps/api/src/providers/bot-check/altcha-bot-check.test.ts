import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, solveAltcha } from '../../../test/altcha-solver.js';
import { ALTCHA_ALGORITHM, ALTCHA_DEFAULTS, createAltchaBotCheck } from './altcha-bot-check.js';
import type { BotChallenge, BotCheckUses } from './bot-check.js';

/** Accepted signatures kept in a Map, like `bot_check_uses`. */
function memoryUses() {
  const rows = new Map<string, Date>();
  const uses: BotCheckUses = {
    async claim(signature, expiresAt) {
      if (rows.has(signature)) return false;
      rows.set(signature, expiresAt);
      return true;
    },
  };
  return { uses, rows };
}

const KEY = 'test-hmac-key';
const MAX = 60;

function setup(overrides: { hmacKey?: string; now?: () => number } = {}) {
  const { uses, rows } = memoryUses();
  const check = createAltchaBotCheck({ hmacKey: KEY, uses, maxNumber: MAX, cost: 2, ...overrides });
  return { check, rows };
}

type AltchaChallenge = Extract<BotChallenge, { kind: 'altcha' }>;

async function issue(check: ReturnType<typeof setup>['check'], systemId = 1) {
  const challenge = await check.challenge({ systemId });
  if (challenge.kind !== 'altcha') throw new Error('expected ALTCHA');
  return challenge as AltchaChallenge;
}

const verify = (check: ReturnType<typeof setup>['check'], token: string, systemId = 1) =>
  check.verify({ systemId, token, ip: '127.0.0.1' });

describe('ALTCHA bot check', () => {
  it('issues a signed PBKDF2 challenge for the system that expires in ten minutes', async () => {
    const before = Date.now();
    const challenge = await issue(setup().check, 7);
    expect(challenge.parameters).toMatchObject({
      algorithm: ALTCHA_ALGORITHM,
      cost: 2,
      data: { systemId: 7 },
    });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresMs = (challenge.parameters.expiresAt ?? 0) * 1000;
    expect(expiresMs).toBeGreaterThan(before + ALTCHA_DEFAULTS.ttlMs - 2000);
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + ALTCHA_DEFAULTS.ttlMs);
  });

  it('places the answer between maxNumber/2 and maxNumber, so every challenge costs work', async () => {
    const { check } = setup();
    for (let i = 0; i < 5; i++) {
      const { counter } = solveAltcha(await issue(check));
      expect(counter).toBeGreaterThanOrEqual(MAX / 2);
      expect(counter).toBeLessThanOrEqual(MAX);
    }
  });

  it('accepts a brute-forced solution once; the same solution again is a replay', async () => {
    const { check, rows } = setup();
    const challenge = await issue(check);
    const { payload } = solveAltcha(challenge);
    expect(await verify(check, payload)).toEqual({ ok: true });
    expect(rows.get(challenge.signature)?.getTime()).toBe((challenge.parameters.expiresAt ?? 0) * 1000);
    expect(await verify(check, payload)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('rejects altered parameters, a wrong derived key and a wrong signature', async () => {
    const { check } = setup();
    const { payload } = solveAltcha(await issue(check));
    const original = decodePayload(payload);
    const altered = (change: (p: typeof original) => void) => {
      const copy = structuredClone(original);
      change(copy);
      return encodePayload(copy);
    };
    // An easier challenge claimed under the old signature.
    expect(
      await verify(
        check,
        altered((p) => (p.challenge.parameters.cost = 1)),
      ),
    ).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(
      await verify(
        check,
        altered((p) => (p.challenge.parameters.expiresAt += 3600)),
      ),
    ).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(
      await verify(
        check,
        altered((p) => (p.challenge.signature = '0'.repeat(64))),
      ),
    ).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    const wrongKey = `${'0'.repeat(62)}ff`;
    expect(
      await verify(
        check,
        altered((p) => (p.solution.derivedKey = wrongKey)),
      ),
    ).toEqual({
      ok: false,
      reason: 'invalid_solution',
    });
    // Rejections claim nothing: the genuine answer still passes afterwards.
    expect(await verify(check, payload)).toEqual({ ok: true });
  });

  it('rejects a challenge moved to another system (data.systemId is signed), or issued for one', async () => {
    const { check } = setup();
    const { payload } = solveAltcha(await issue(check, 1));
    expect(await verify(check, payload, 2)).toEqual({ ok: false, reason: 'wrong_system' });
    const moved = decodePayload(payload);
    moved.challenge.parameters.data.systemId = 2;
    expect(await verify(check, encodePayload(moved), 2)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await verify(check, payload, 1)).toEqual({ ok: true });
  });

  it('rejects a challenge signed with another deployment key', async () => {
    const { payload } = solveAltcha(await issue(setup({ hmacKey: 'another-key' }).check));
    expect(await verify(setup().check, payload)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('rejects an expired challenge', async () => {
    const elevenMinutesAgo = Date.now() - 11 * 60_000;
    const { check } = setup({ now: () => elevenMinutesAgo });
    const { payload } = solveAltcha(await issue(check));
    expect(await verify(setup().check, payload)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects garbage as malformed', async () => {
    const { check } = setup();
    const { payload } = solveAltcha(await issue(check));
    const noKeySignature = decodePayload(payload);
    delete noKeySignature.challenge.parameters.keySignature;
    for (const token of [
      '',
      'not base64 at all!',
      encodePayload(null),
      encodePayload({ challenge: {}, solution: {} }),
      // What the widget sends in its `test` mode.
      encodePayload({ challenge: null, solution: null, test: true }),
      encodePayload(noKeySignature),
      payload + 'A'.repeat(8_000),
    ]) {
      expect(await verify(check, token), token.slice(0, 40)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses to start without a key or with a bad maxNumber', () => {
    const { uses } = memoryUses();
    expect(() => createAltchaBotCheck({ hmacKey: '', uses })).toThrow(/HMAC key/);
    expect(() => createAltchaBotCheck({ hmacKey: KEY, uses, maxNumber: 0 })).toThrow(/maxNumber/);
  });
});
