import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { BotCheck, BotCheckResult, BotCheckUses } from './bot-check.js';

/** The widget's default algorithm, computed with WebCrypto in its bundled workers. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Login-page defaults. In Chromium a PBKDF2 attempt costs about the same at 200 iterations as
 * at 1 (WebCrypto call overhead dominates, ~13k attempts/s per thread), so 200 taxes native
 * solvers without slowing browsers. The answer lies in [maxNumber/2, maxNumber], ~2,250 attempts
 * on average: the `altcha` 3.2 widget solved these in 150-410 ms in headless Chromium on a
 * 2-core machine (it shows "verifying" for at least its own minDuration, 500 ms, anyway).
 */
export const ALTCHA_DEFAULTS = { cost: 200, maxNumber: 3_000, ttlMs: 10 * 60_000 } as const;

/** Longest payload accepted; the contract's `gtoken` limit, checked again before decoding. */
const MAX_PAYLOAD_LENGTH = 8_000;

export interface AltchaBotCheckOptions {
  /** The deployment's secret (`loadOrCreateSecret(db, 'altcha_hmac_key')`). */
  hmacKey: string;
  uses: BotCheckUses;
  /** PBKDF2 iterations per attempt. */
  cost?: number;
  /** Largest counter the answer can be; tests use a small one to solve quickly. */
  maxNumber?: number;
  ttlMs?: number;
  /** Clock in milliseconds (tests issue challenges in the past). */
  now?: () => number;
}

/**
 * The widget posts base64(JSON) of the challenge it solved and its solution. Parameters keep
 * unknown keys: the signature covers exactly what was issued, so nothing may be dropped.
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string(),
      expiresAt: z.number(),
      data: z
        .object({ systemId: z.number() })
        .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * Self-hosted ALTCHA proof of work (the default bot check). Challenges are signed with the
 * deployment's key, bound to a system and expire; an accepted answer is single use: its
 * challenge signature is claimed in `bot_check_uses`, and a second claim is a replay.
 */
export function createAltchaBotCheck(options: AltchaBotCheckOptions): BotCheck {
  const cost = options.cost ?? ALTCHA_DEFAULTS.cost;
  const maxNumber = options.maxNumber ?? ALTCHA_DEFAULTS.maxNumber;
  const ttlMs = options.ttlMs ?? ALTCHA_DEFAULTS.ttlMs;
  const now = options.now ?? Date.now;
  if (!options.hmacKey) throw new Error('ALTCHA needs an HMAC key');
  if (!Number.isInteger(maxNumber) || maxNumber < 1) throw new Error('maxNumber must be a positive integer');
  // The challenge signature and the derived-key signature use separate keys (as altcha-lib's own
  // plugins do), both derived from the one stored secret.
  const signatureSecret = subKey(options.hmacKey, 'altcha challenge signature');
  const keySignatureSecret = subKey(options.hmacKey, 'altcha derived key signature');

  return {
    async challenge({ systemId }) {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        deriveKey,
        // Deterministic mode: the server picks the answer and signs its derived key, so
        // verifying is one HMAC instead of a key derivation per sign-in attempt.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        data: { systemId },
        expiresAt: Math.floor((now() + ttlMs) / 1000),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      if (!challenge.signature) throw new Error('altcha-lib returned an unsigned challenge');
      return { kind: 'altcha', parameters: challenge.parameters, signature: challenge.signature };
    },

    async verify({ systemId, token }): Promise<BotCheckResult> {
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'malformed' };
      const { parameters, signature } = payload.challenge;
      // Checked with our clock before the library's (which reads Date.now()), so tests can age challenges.
      if (parameters.expiresAt * 1000 <= now()) return { ok: false, reason: 'expired' };
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySignatureSecret,
        });
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (result.expired) return { ok: false, reason: 'expired' };
      if (result.invalidSignature) return { ok: false, reason: 'invalid_signature' };
      if (!result.verified) return { ok: false, reason: 'invalid_solution' };
      // Only after the signature holds is `data` ours to trust.
      if (parameters.data.systemId !== systemId) return { ok: false, reason: 'wrong_system' };
      const claimed = await options.uses.claim(signature, new Date(parameters.expiresAt * 1000));
      return claimed ? { ok: true } : { ok: false, reason: 'replayed' };
    },
  };
}

function subKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('hex');
}

function decodePayload(token: string) {
  if (token.length === 0 || token.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
