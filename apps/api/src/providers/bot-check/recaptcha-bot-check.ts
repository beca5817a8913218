import { z } from 'zod';
import type { BotCheckResult } from './bot-check.js';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaVerifierOptions {
  /** Defaults to Google's siteverify; tests point it at a local fake. */
  verifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** reCAPTCHA v3 answers carry a score (1 human … 0 bot); below this is refused. v2 has none. */
  minScore?: number;
}

export interface RecaptchaVerifyInput {
  /** The system's secret key (decrypted). */
  secret: string;
  token: string;
  ip: string;
  /** When given, the site the token was solved on must be this host. */
  hostname?: string;
}

const MAX_TOKEN_LENGTH = 8_000;

const siteverifySchema = z.object({
  success: z.boolean(),
  hostname: z.string().optional(),
  score: z.number().optional(),
});

/**
 * Asks reCAPTCHA's siteverify about a token. Anything but a clear yes is a refusal: a network
 * error, a timeout, a non-2xx answer or an unreadable body must not let a sign-in through.
 * Google makes tokens single use itself (`timeout-or-duplicate`), so nothing is stored here.
 */
export function createRecaptchaVerifier(options: RecaptchaVerifierOptions = {}) {
  const verifyUrl = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const minScore = options.minScore ?? 0.5;

  return {
    async verify(input: RecaptchaVerifyInput): Promise<BotCheckResult> {
      if (!input.token || input.token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
      const form = new URLSearchParams({ secret: input.secret, response: input.token });
      if (input.ip) form.set('remoteip', input.ip);
      let body: unknown;
      try {
        const res = await fetchFn(verifyUrl, {
          method: 'POST',
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return { ok: false, reason: 'unreachable' };
        body = await res.json();
      } catch {
        return { ok: false, reason: 'unreachable' };
      }
      const answer = siteverifySchema.safeParse(body);
      if (!answer.success) return { ok: false, reason: 'unreachable' };
      if (!answer.data.success) return { ok: false, reason: 'rejected' };
      if (input.hostname && normalise(answer.data.hostname ?? '') !== normalise(input.hostname)) {
        return { ok: false, reason: 'hostname_mismatch' };
      }
      if (answer.data.score !== undefined && answer.data.score < minScore) {
        return { ok: false, reason: 'low_score' };
      }
      return { ok: true };
    },
  };
}

export type RecaptchaVerifier = ReturnType<typeof createRecaptchaVerifier>;

const normalise = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
