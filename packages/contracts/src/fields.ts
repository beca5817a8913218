import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Field rules of spec 2 §5, shared by every form that names a company or a person, on the server
 * and in the browser, with the spec's own texts.
 */
export const companyNameSchema = z
  .string()
  .trim()
  .min(1, 'Company Name is required.')
  .max(255, 'Company Name must not exceed 255 characters.');

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Full Name is required.')
  .max(255, 'Full Name must not exceed 255 characters.');

export const emailAddressSchema = z
  .string()
  .trim()
  .min(1, 'E-mail is required.')
  .max(70, 'E-mail must not exceed 70 characters.')
  .pipe(z.email('Please enter a valid e-mail address.'))
  .transform((value) => value.toLowerCase());

export const PHONE_INVALID = 'Please enter valid phone number';

/** A national number with its ISO country (default US, +1), valid for that country. */
export const phoneSchema = z
  .object({
    number: z.string().trim().min(1, PHONE_INVALID).max(20, PHONE_INVALID),
    countryCode: z.string().trim().length(2, 'Choose country').toUpperCase().default('US'),
  })
  .refine((p) => isValidPhoneNumber(p.number, p.countryCode as Parameters<typeof isValidPhoneNumber>[1]), {
    message: PHONE_INVALID,
    path: ['number'],
  });

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Subdomain is required.')
  .max(63, 'Subdomain must not exceed 63 characters.')
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/,
    'Use letters, digits and hyphens, starting and ending with a letter or digit.',
  );

/** True when `number` is a valid phone number of the ISO country (default US); unknown countries fail. */
export function phoneNumberIsValid(number: string, countryCode = 'US'): boolean {
  const country = countryCode.toUpperCase();
  return isSupportedCountry(country) && isValidPhoneNumber(number, country);
}

/** '+44' for 'GB': the calling code stored beside a phone number (derived, never trusted from input). */
export function phoneCallingCode(countryCode: string): string {
  const country = countryCode.toUpperCase();
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : '';
}

/** An agency must offer at least one payment term (spec 2 §5). */
export const PAYMENT_TERM_REQUIRED = 'Please select payment term';

/** Spec 2 §5: turning an agency's API developer mode on or off asks first, saying what it costs. */
export const API_MODE_CONFIRM = {
  on: {
    title: 'Enable developer mode?',
    message:
      'Once the agency accepts the developer agreement, a one-time developer fee is charged and a new minimum spend applies.',
  },
  off: {
    title: 'Disable developer mode?',
    message:
      'The developer feature is reset. If it is enabled again later, the one-time developer fee is charged again.',
  },
};

/** The enabling confirmation with the system's developer fee when it has one (decision 0100). */
export const apiModeConfirm = (on: boolean, fee: string | null) =>
  on && fee
    ? { ...API_MODE_CONFIRM.on, message: `${API_MODE_CONFIRM.on.message} The developer fee is $${fee}.` }
    : API_MODE_CONFIRM[on ? 'on' : 'off'];
