import { describe, expect, it } from 'vitest';
import { changePasswordErrors, hasErrors, newPasswordErrors, PASSWORDS_DIFFER } from './password-rules';

describe('password rules (spec 1 §5)', () => {
  it('requires current, new and confirmation', () => {
    const errors = changePasswordErrors({ current: '', password: '', confirmation: '' });
    expect(Object.keys(errors).sort()).toEqual(['confirmation', 'current', 'password']);
  });

  it('requires the confirmation to equal the new password', () => {
    expect(newPasswordErrors({ password: 'long enough 1', confirmation: 'long enough 2' })).toEqual({
      confirmation: PASSWORDS_DIFFER,
    });
  });

  it("applies the shared minimum length with the contracts' wording", () => {
    expect(newPasswordErrors({ password: 'short', confirmation: 'short' }).password).toBe(
      'Password must be at least 8 characters.',
    );
  });

  it('passes a complete, matching change', () => {
    const errors = changePasswordErrors({
      current: 'old',
      password: 'new secret',
      confirmation: 'new secret',
    });
    expect(hasErrors(errors)).toBe(false);
  });
});
