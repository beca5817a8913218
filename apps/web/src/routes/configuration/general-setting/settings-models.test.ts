import {
  MODULE_SLUG_INVALID,
  moduleSlugSchema,
  ONBOARDING_AMOUNT_TEXTS,
  SMTP_HOST_INVALID,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type BrandingForm, toBrandingValue, validateBranding } from './branding-model';
import { domainStatusView, normaliseSubdomainInput, subdomainError } from './domain-model';
import { fieldErrors, firstError } from './field-errors';
import { checkOnboardingAmount } from './onboarding-model';
import { smtpFormFrom, suggestedSecure, toSmtpValue, validateSmtp } from './smtp-model';

const branding = (overrides: Partial<BrandingForm> = {}): BrandingForm => ({
  company_name: 'Northwind',
  sidebar_bgcolor: '#1f2a44',
  template_bgcolor: '#f4f6fb',
  box_bgcolor: '#ffffff',
  text_color: '#1b1f2a',
  link_color: '#2f6fed',
  font_theme: 'Inter',
  ...overrides,
});

describe('branding form', () => {
  it('passes five #rrggbb colours and a listed font', () => {
    expect(validateBranding(branding())).toEqual({});
  });

  it('names the colour that is not #rrggbb', () => {
    const errors = validateBranding(branding({ link_color: 'red', box_bgcolor: '#fff' }));
    expect(errors.link_color).toBe('Colour must be #rrggbb');
    expect(errors.box_bgcolor).toBe('Colour must be #rrggbb');
    expect(errors.sidebar_bgcolor).toBeUndefined();
  });

  it('limits the display name to 255 characters', () => {
    expect(validateBranding(branding({ company_name: 'x'.repeat(256) })).company_name).toBe(
      'Company Name must not exceed 255 characters.',
    );
  });

  it('sends trimmed values', () => {
    expect(toBrandingValue(branding({ company_name: ' N ', text_color: ' #000000 ' }))).toMatchObject({
      company_name: 'N',
      text_color: '#000000',
    });
  });
});

describe('SMTP form', () => {
  const stored = {
    host: 'smtp.example.com',
    port: 465,
    secure: true,
    username: 'mailer',
    has_password: true,
    fromAddress: 'no-reply@example.com',
    fromName: 'Northwind',
    replyTo: '',
    enabled: true,
  };

  it('starts from the stored server, never with its password', () => {
    const form = smtpFormFrom(stored);
    expect(form).toMatchObject({ host: 'smtp.example.com', port: '465', secure: true, password: '' });
  });

  it('starts a blank form on port 587 when nothing is stored', () => {
    expect(smtpFormFrom(null)).toMatchObject({ host: '', port: '587', secure: false, enabled: true });
  });

  it('leaves the password out unless typed or removed', () => {
    const form = smtpFormFrom(stored);
    expect('password' in toSmtpValue(form)).toBe(false);
    expect(toSmtpValue({ ...form, password: 's3cret' }).password).toBe('s3cret');
    expect(toSmtpValue({ ...form, clearPassword: true }).password).toBe('');
    // A typed password wins over the remove box.
    expect(toSmtpValue({ ...form, password: 'x', clearPassword: true }).password).toBe('x');
  });

  it('checks host, port and addresses with the server texts', () => {
    const errors = validateSmtp({
      ...smtpFormFrom(null),
      host: 'not a host',
      port: '70000',
      fromAddress: 'nope',
    });
    expect(errors.host).toBe(SMTP_HOST_INVALID);
    expect(errors.port).toBe('SMTP port must be a number between 1 and 65535.');
    expect(errors.fromAddress).toBe('Please enter a valid e-mail address.');
    expect(validateSmtp({ ...smtpFormFrom(stored), port: 'abc' }).port).toBe(
      'SMTP port must be a number between 1 and 65535.',
    );
    expect(validateSmtp(smtpFormFrom(stored))).toEqual({});
  });

  it('suggests TLS for 465 and STARTTLS for the submission ports', () => {
    expect(suggestedSecure('465')).toBe(true);
    expect(suggestedSecure('587')).toBe(false);
    expect(suggestedSecure('1234')).toBeNull();
  });
});

describe('domain', () => {
  it('offers Retry only while the certificate failed and polls while it is pending', () => {
    expect(domainStatusView('failed', true)).toMatchObject({ canRetry: true, polling: false });
    expect(domainStatusView('pending', true)).toMatchObject({ canRetry: false, polling: true });
    expect(domainStatusView('active', true)).toMatchObject({
      canRetry: false,
      polling: false,
      color: 'green',
    });
    expect(domainStatusView('failed', false)).toMatchObject({ label: 'No custom domain', canRetry: false });
  });

  it('checks subdomains with spec 2 §5 rules', () => {
    expect(subdomainError('northwind')).toBeNull();
    expect(subdomainError('north-wind-2')).toBeNull();
    expect(subdomainError('')).toBe('Subdomain is required.');
    expect(subdomainError('-north')).toBe(
      'Use letters, digits and hyphens, starting and ending with a letter or digit.',
    );
    expect(subdomainError('north-')).not.toBeNull();
    expect(subdomainError('north_wind')).not.toBeNull();
    expect(subdomainError('a'.repeat(64))).toBe('Subdomain must not exceed 63 characters.');
    expect(subdomainError('a'.repeat(63))).toBeNull();
  });

  it('normalises what is typed into the subdomain box', () => {
    expect(normaliseSubdomainInput('North Wind.')).toBe('northwind');
  });
});

describe('onboarding charge (spec 2 §5)', () => {
  it('allows 0 (off) and anything above $0.50', () => {
    expect(checkOnboardingAmount('0')).toEqual({ ok: true, cents: 0 });
    expect(checkOnboardingAmount('0.51')).toEqual({ ok: true, cents: 51 });
    expect(checkOnboardingAmount('250')).toEqual({ ok: true, cents: 25000 });
  });

  it('refuses above 0 up to and including 0.5 with both spec texts', () => {
    for (const text of ['0.5', '0.01', '0.50']) {
      expect(checkOnboardingAmount(text)).toEqual({
        ok: false,
        fieldError: ONBOARDING_AMOUNT_TEXTS.atMostHalf,
        notice: ONBOARDING_AMOUNT_TEXTS.notAboveHalf,
      });
    }
    expect(ONBOARDING_AMOUNT_TEXTS.atMostHalf).toBe('Amount can not be less than or equal to 0.5.');
    expect(ONBOARDING_AMOUNT_TEXTS.notAboveHalf).toBe('Amount must be greater than 0.5 if not zero.');
  });

  it("says 'Please enter a valid amount.' for non-numbers and 'Amount cannot be negative.' below 0", () => {
    expect(checkOnboardingAmount('abc')).toMatchObject({ fieldError: 'Please enter a valid amount.' });
    expect(checkOnboardingAmount('')).toMatchObject({ fieldError: 'Please enter a valid amount.' });
    expect(checkOnboardingAmount('-5')).toMatchObject({ fieldError: 'Amount cannot be negative.' });
  });
});

describe('field errors from a contracts schema', () => {
  it('gives the first message of a single value', () => {
    expect(firstError(moduleSlugSchema, 'Bad')).toBe(MODULE_SLUG_INVALID);
    expect(firstError(moduleSlugSchema, 'good')).toBeNull();
  });

  it('keeps the first message per field', () => {
    expect(fieldErrors(moduleSlugSchema, 5)).toHaveProperty('form');
  });
});
