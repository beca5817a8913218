import { PHONE_INVALID, phoneSchema } from '@app/contracts';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';

/** Spec 1 §5 / spec 2 §5: the phone input starts on the US, +1. */
export const DEFAULT_PHONE_COUNTRY = 'US';
/** Spec 1 §5: a number without a country. */
export const CHOOSE_COUNTRY = 'Choose country';
/** Spec 2 §5: what an empty phone field shows. */
export const EMPTY_PHONE_PLACEHOLDER = '000-000-0000';

export { PHONE_INVALID };

/** What the phone input edits: the number as typed and the ISO country ('' when none is chosen). */
export interface PhoneValue {
  number: string;
  countryCode: string;
}

export const EMPTY_PHONE: PhoneValue = { number: '', countryCode: DEFAULT_PHONE_COUNTRY };

export interface CountryOption {
  /** ISO 3166 alpha-2. */
  value: string;
  /** '+1 United States': the code stays visible in a narrow field; searchable by name and code. */
  label: string;
  callingCode: string;
  name: string;
}

const supported = (country: string): country is CountryCode => isSupportedCountry(country.toUpperCase());

/** '+1' for 'US'; null for an unknown or empty country. */
export function callingCodeOf(country: string): string | null {
  return supported(country) ? `+${getCountryCallingCode(country.toUpperCase() as CountryCode)}` : null;
}

let cachedOptions: CountryOption[] | null = null;

/** Every country libphonenumber knows, by English name. */
export function countryOptions(): CountryOption[] {
  if (cachedOptions) return cachedOptions;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  cachedOptions = getCountries()
    .map((country) => {
      const callingCode = `+${getCountryCallingCode(country)}`;
      const name = names?.of(country) ?? country;
      return { value: country, label: `${callingCode} ${name}`, callingCode, name };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cachedOptions;
}

/** A valid number of the country in its national format, for the 'Example:' hint. */
export function examplePhone(country: string): string | null {
  if (!supported(country)) return null;
  return getExampleNumber(country.toUpperCase() as CountryCode, examples)?.formatNational() ?? null;
}

export interface PhoneFieldState {
  /** 'Choose country' when a number is typed and no country is chosen. */
  countryError: string | null;
  /** A typed number that is not valid for the chosen country: the 'Example:' hint shows. */
  invalid: boolean;
}

/** The live state of the field while typing (spec 1 §5); an empty field is not (yet) an error. */
export function phoneFieldState(value: PhoneValue): PhoneFieldState {
  if (value.number.trim() === '') return { countryError: null, invalid: false };
  if (value.countryCode.trim() === '') return { countryError: CHOOSE_COUNTRY, invalid: false };
  return { countryError: null, invalid: !phoneSchema.safeParse(value).success };
}

/**
 * The submit check, with the contracts' `phoneSchema` (the server applies the same): required and valid
 * ('Please enter valid phone number'), a country chosen ('Choose country'). Null when fine.
 */
export function phoneError(value: PhoneValue): string | null {
  if (value.number.trim() !== '' && value.countryCode.trim() === '') return CHOOSE_COUNTRY;
  const checked = phoneSchema.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? PHONE_INVALID);
}

/** The national number as digits, as sent in `phonenum` (the country goes separately). */
export function nationalNumber(value: PhoneValue): string {
  const country = value.countryCode.toUpperCase();
  const parsed = supported(country) ? parsePhoneNumberFromString(value.number, country) : undefined;
  return parsed?.nationalNumber ?? value.number.replace(/\D/g, '');
}
