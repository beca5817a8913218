import { newPasswordSchema } from '@app/contracts';

/** The contracts' wording for a confirmation that differs from the new password. */
export const PASSWORDS_DIFFER = 'The passwords do not match.';

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * New password and confirmation: both required, the password meets the shared minimum rules (the same
 * schema the server applies), and the confirmation equals it (spec 1 §5).
 */
export function newPasswordErrors(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  if (values.password === '') errors.password = 'New password is required.';
  else {
    const checked = newPasswordSchema.safeParse(values.password);
    if (!checked.success) errors.password = checked.error.issues[0]?.message ?? 'Invalid password.';
  }
  if (values.confirmation === '') errors.confirmation = 'Please confirm the new password.';
  else if (values.password !== values.confirmation) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
}

export interface ChangePasswordValues extends NewPasswordValues {
  current: string;
}

/** Change Password (spec 1 §5): the current password is required too. */
export function changePasswordErrors(values: ChangePasswordValues): FieldErrors<keyof ChangePasswordValues> {
  const errors: FieldErrors<keyof ChangePasswordValues> = newPasswordErrors(values);
  if (values.current === '') errors.current = 'Current password is required.';
  return errors;
}

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);
