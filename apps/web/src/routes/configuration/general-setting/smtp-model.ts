import { type SmtpValue, smtpValueSchema, wholeNumberOf } from '@app/contracts';
import { fieldErrors } from './field-errors';

export interface SmtpForm {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  /** Write-only: blank keeps the stored password. */
  password: string;
  /** Set to remove the stored password (servers that need none). */
  clearPassword: boolean;
  fromAddress: string;
  fromName: string;
  replyTo: string;
  enabled: boolean;
}

export interface StoredSmtp {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  has_password: boolean;
  fromAddress: string;
  fromName: string;
  replyTo: string;
  enabled: boolean;
}

export function smtpFormFrom(stored: StoredSmtp | null): SmtpForm {
  return {
    host: stored?.host ?? '',
    port: String(stored?.port ?? 587),
    secure: stored?.secure ?? false,
    username: stored?.username ?? '',
    password: '',
    clearPassword: false,
    fromAddress: stored?.fromAddress ?? '',
    fromName: stored?.fromName ?? '',
    replyTo: stored?.replyTo ?? '',
    enabled: stored?.enabled ?? true,
  };
}

/**
 * The customsmtpmenu value. The password is sent only when typed (absent keeps the stored one) or
 * explicitly removed (''); it is never read back.
 */
export function toSmtpValue(form: SmtpForm): SmtpValue {
  const value: SmtpValue = {
    host: form.host.trim(),
    port: wholeNumberOf(form.port, 5),
    secure: form.secure,
    username: form.username.trim(),
    fromAddress: form.fromAddress.trim(),
    fromName: form.fromName.trim(),
    replyTo: form.replyTo.trim(),
    enabled: form.enabled,
  };
  if (form.password !== '') value.password = form.password;
  else if (form.clearPassword) value.password = '';
  return value;
}

export function validateSmtp(form: SmtpForm): Partial<Record<keyof SmtpForm, string>> {
  return fieldErrors(smtpValueSchema, toSmtpValue(form));
}

/** 465 speaks TLS from the start; the usual submission ports upgrade with STARTTLS. */
export function suggestedSecure(port: string): boolean | null {
  if (port.trim() === '465') return true;
  if (port.trim() === '587' || port.trim() === '25' || port.trim() === '2525') return false;
  return null;
}
