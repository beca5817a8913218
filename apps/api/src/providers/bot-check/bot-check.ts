import type { ChallengeParameters } from 'altcha-lib';

/**
 * What the browser needs to prove it is not a bot on a system's sign-in forms: an ALTCHA
 * proof-of-work challenge (protocol v2, the format the `altcha` widget 3.x solves natively), or
 * the reCAPTCHA site key when the system has its own reCAPTCHA keys.
 */
export type BotChallenge =
  | { kind: 'altcha'; parameters: ChallengeParameters; signature: string }
  | { kind: 'recaptcha'; siteKey: string };

export type BotCheckFailure =
  /** Not a payload or token this check can read (garbage, wrong shape, too long). */
  | 'malformed'
  | 'expired'
  /** The challenge was not signed with this deployment's key, or was altered. */
  | 'invalid_signature'
  /** The challenge is genuine but the submitted answer does not solve it. */
  | 'invalid_solution'
  /** A challenge issued for another system. */
  | 'wrong_system'
  /** An answer that was already accepted once. */
  | 'replayed'
  /** The verification service could not be asked or answered nonsense; we refuse rather than pass. */
  | 'unreachable'
  /** The verification service said no. */
  | 'rejected'
  /** A token solved on another site than the host the user signs in on. */
  | 'hostname_mismatch'
  /** reCAPTCHA v3 scored the user as likely automated. */
  | 'low_score';

export type BotCheckResult = { ok: true } | { ok: false; reason: BotCheckFailure };

export interface BotCheckVerifyInput {
  systemId: number;
  /** The widget's answer: the base64 ALTCHA payload, or the reCAPTCHA response token. */
  token: string;
  /** The client IP as the server sees it (passed to reCAPTCHA as `remoteip`). */
  ip: string;
  /** The host the browser is on; when given, reCAPTCHA's answer must name the same host. */
  hostname?: string;
}

/** The bot check of a sign-in form. Adapters: ALTCHA (self-hosted), reCAPTCHA, and the per-system chooser. */
export interface BotCheck {
  challenge(input: { systemId: number }): Promise<BotChallenge>;
  verify(input: BotCheckVerifyInput): Promise<BotCheckResult>;
}

/** Where accepted answers are recorded so each is accepted once (table `bot_check_uses`). */
export interface BotCheckUses {
  /** True when the signature was not recorded before (and now is); false for a replay. */
  claim(signature: string, expiresAt: Date): Promise<boolean>;
}
