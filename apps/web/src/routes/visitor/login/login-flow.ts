import { TWO_FACTOR_TYPES } from '@app/contracts';
import type { TwoFactorType } from '../../../api/two-factor';

export type { TwoFactorType };

/**
 * The login screen's panels: credentials, the two-factor code step (spec 1 §4 Two-factor login) and the
 * forgot-password form, which has no route of its own (spec 1 §2.1) and so lives here.
 */
export type LoginStep =
  | { step: 'credentials' }
  | { step: 'forgot' }
  | { step: 'code'; email: string; otpToken: string; method: TwoFactorType };

export type LoginStepAction =
  | { type: 'code-required'; email: string; otpToken: string; method: TwoFactorType }
  | { type: 'forgot-password' }
  | { type: 'back-to-sign-in' };

export const INITIAL_LOGIN_STEP: LoginStep = { step: 'credentials' };

export function loginStepReducer(state: LoginStep, action: LoginStepAction): LoginStep {
  switch (action.type) {
    case 'code-required':
      // Only a credentials submit can ask for a code; a late answer after leaving the panel is ignored.
      if (state.step !== 'credentials' || !TWO_FACTOR_TYPES.includes(action.method)) return state;
      return { step: 'code', email: action.email, otpToken: action.otpToken, method: action.method };
    case 'forgot-password':
      return state.step === 'credentials' ? { step: 'forgot' } : state;
    case 'back-to-sign-in':
      return INITIAL_LOGIN_STEP;
  }
}

/** An authenticator app shows its own codes: only e-mailed codes can be sent again. */
export const canResendCode = (method: TwoFactorType): boolean => method === 'email';
