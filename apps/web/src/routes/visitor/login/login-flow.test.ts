import { describe, expect, it } from 'vitest';
import { canResendCode, INITIAL_LOGIN_STEP, type LoginStep, loginStepReducer } from './login-flow';

const codeRequired = {
  type: 'code-required',
  email: 'ann@example.test',
  otpToken: 'otp-1',
  method: 'email',
} as const;

describe('loginStepReducer', () => {
  it('moves from credentials to the code step with what /verifylogin needs', () => {
    expect(loginStepReducer(INITIAL_LOGIN_STEP, codeRequired)).toEqual({
      step: 'code',
      email: 'ann@example.test',
      otpToken: 'otp-1',
      method: 'email',
    });
  });

  it('ignores a code request that arrives after the visitor left the credentials panel', () => {
    const forgot: LoginStep = { step: 'forgot' };
    expect(loginStepReducer(forgot, codeRequired)).toBe(forgot);
  });

  it('refuses an unknown two-factor type rather than showing a step it cannot serve', () => {
    const odd = { ...codeRequired, method: 'sms' as never };
    expect(loginStepReducer(INITIAL_LOGIN_STEP, odd)).toBe(INITIAL_LOGIN_STEP);
  });

  it('opens forgot password from the credentials panel and goes back from anywhere', () => {
    const forgot = loginStepReducer(INITIAL_LOGIN_STEP, { type: 'forgot-password' });
    expect(forgot).toEqual({ step: 'forgot' });
    const code = loginStepReducer(INITIAL_LOGIN_STEP, codeRequired);
    expect(loginStepReducer(code, { type: 'forgot-password' })).toBe(code);
    expect(loginStepReducer(code, { type: 'back-to-sign-in' })).toEqual(INITIAL_LOGIN_STEP);
    expect(loginStepReducer(forgot, { type: 'back-to-sign-in' })).toEqual(INITIAL_LOGIN_STEP);
  });
});

describe('canResendCode', () => {
  it('offers resend for e-mailed codes only', () => {
    expect(canResendCode('email')).toBe(true);
    expect(canResendCode('google')).toBe(false);
  });
});
