import type { PasswordLinkPurpose } from '@app/contracts';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../../api/http';

/** Where an invalid link sends the visitor; the reason travels in router state (never in the URL). */
export const RESET_INVALID_PATH = '/reset-password-invalid';

export const DEFAULT_INVALID_REASON = 'This password reset link is invalid or has expired.';
export const INCOMPLETE_LINK_REASON =
  'This password reset link is incomplete. Please use the link from the e-mail.';
/** Longest reason shown; router state can be anything a script pushed into history. */
const MAX_REASON_LENGTH = 300;

export interface ResetLink {
  token: string;
  email: string;
}

/** /set-new-password/{token}?email=...: both parts are needed before anything is asked of the server. */
export function readResetLink(token: string | undefined, search: string): ResetLink | null {
  const email = new URLSearchParams(search).get('email')?.trim() ?? '';
  const cleanToken = token?.trim() ?? '';
  return cleanToken && email ? { token: cleanToken, email } : null;
}

/** The set-password page's words: an invited person chooses a first password, others a new one. */
export const PASSWORD_FORM_TEXTS: Record<
  PasswordLinkPurpose,
  { title: string; intro: (email: string) => string; submit: string; invalidTitle: string }
> = {
  reset: {
    title: 'Set New Password',
    intro: (email) => `Choose a new password for ${email}.`,
    submit: 'Reset Password',
    invalidTitle: 'Invalid Reset Link',
  },
  invitation: {
    title: 'Set Your Password',
    intro: (email) => `Welcome! Choose a password for ${email} to finish setting up your account.`,
    submit: 'Set Password',
    invalidTitle: 'Invalid Invitation Link',
  },
};

export interface InvalidResetState {
  reason: string;
  purpose?: PasswordLinkPurpose;
}

export const invalidResetState = (reason: string, purpose?: PasswordLinkPurpose): InvalidResetState => ({
  reason,
  ...(purpose ? { purpose } : {}),
});

/** The reason the invalid-link page shows: the one passed in router state, else a general one. */
export function readInvalidReason(state: unknown): string {
  const reason = (state as Partial<InvalidResetState> | null)?.reason;
  if (typeof reason !== 'string' || reason.trim() === '') return DEFAULT_INVALID_REASON;
  return reason.trim().slice(0, MAX_REASON_LENGTH);
}

/** Which kind of link was refused (router state; anything else reads as a reset link). */
export function readInvalidPurpose(state: unknown): PasswordLinkPurpose {
  return (state as Partial<InvalidResetState> | null)?.purpose === 'invitation' ? 'invitation' : 'reset';
}

export type ResetLinkOutcome =
  | { kind: 'valid'; purpose: PasswordLinkPurpose }
  | { kind: 'invalid'; reason: string; purpose?: PasswordLinkPurpose }
  /** The check itself failed (offline, server fault): offer a retry rather than call the link bad. */
  | { kind: 'unavailable' };

/** Spec 1 §5: the answer of `POST /verify-reset-token` decides whether the form opens. */
export function resetLinkOutcome(
  answer: { valid: boolean; reason: string; purpose: PasswordLinkPurpose } | undefined,
  error: unknown,
): ResetLinkOutcome {
  if (answer) {
    return answer.valid
      ? { kind: 'valid', purpose: answer.purpose }
      : { kind: 'invalid', reason: answer.reason || DEFAULT_INVALID_REASON, purpose: answer.purpose };
  }
  // Rate limiting says nothing about the link either, so it counts as "try again" too.
  const final = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  if (final && error.status !== 429) {
    const serverSaid = error.message && error.message !== GENERIC_FAILURE_MESSAGE;
    return { kind: 'invalid', reason: serverSaid ? error.message : DEFAULT_INVALID_REASON };
  }
  return { kind: 'unavailable' };
}
