import {
  CARD_TEXTS,
  type CreateCustomerRequest,
  type ReplaceCardRequest,
  SANDBOX_TEST_CARDS,
  type SandboxTokenRequest,
  type SavedCard,
} from '@app/contracts';

/**
 * The card form's values and rules (spec 2 §3 Billing: tokenid, cardholder, address, city, state,
 * country, zip; §5: the coupon code is sent only when non-blank). The card number, expiry and security
 * code are only typed into the sandbox form: they become a token and never go anywhere else. With
 * Stripe, Elements owns them and checks them itself.
 */
export interface CardFormValues {
  cardholder: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  number: string;
  expiry: string;
  cvc: string;
  coupon: string;
}

export type CardField = keyof CardFormValues;
export type CardErrors = Partial<Record<CardField, string>>;

/** Texts of the sandbox card fields, worded like Stripe's own so both forms read alike. */
export const SANDBOX_TEXTS = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryMonth: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** The billing fields a saved card already carries (replacing keeps them unless changed). */
type BillingOf = Pick<SavedCard, 'cardholder' | 'address' | 'city' | 'state' | 'country' | 'zip'>;

/** The form's start: the saved card's holder and address when replacing, else the person's profile. */
export function initialCardValues(
  person: {
    name?: string;
    address?: string | null;
    city?: string | null;
    state_code?: string | null;
    country_code?: string | null;
    zip?: string | null;
  },
  saved?: BillingOf | null,
): CardFormValues {
  const blankCard = { number: '', expiry: '', cvc: '', coupon: '' };
  if (saved) return { ...saved, ...blankCard };
  return {
    cardholder: person.name ?? '',
    address: person.address ?? '',
    city: person.city ?? '',
    state: person.state_code ?? '',
    country: person.country_code || 'US',
    zip: person.zip ?? '',
    ...blankCard,
  };
}

export const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/** The Luhn checksum every real card number (and every test number) passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM / YY' or 'MM/YYYY' → month and four-digit year; null while incomplete. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const month = Number.parseInt(match[1], 10);
  const year = match[2].length === 2 ? 2000 + Number.parseInt(match[2], 10) : Number.parseInt(match[2], 10);
  return { month, year };
}

/** Typing help: digits in groups of four (American Express 4-6-5). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Typing help: 'MM / YY'. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

const TEXT_FIELDS: [CardField, string][] = [
  ['cardholder', CARD_TEXTS.holderRequired],
  ['address', CARD_TEXTS.addressRequired],
  ['city', CARD_TEXTS.cityRequired],
  ['state', CARD_TEXTS.stateRequired],
  ['country', CARD_TEXTS.countryRequired],
  ['zip', CARD_TEXTS.zipRequired],
];

/** The holder and billing address: required, at most 255 characters (the server's same rules). */
export function validateHolder(values: CardFormValues): CardErrors {
  const errors: CardErrors = {};
  for (const [field, required] of TEXT_FIELDS) {
    const value = values[field].trim();
    if (!value) errors[field] = required;
    else if (value.length > 255) errors[field] = CARD_TEXTS.tooLong;
  }
  if (!errors.zip && values.zip.trim().length > 20) errors.zip = CARD_TEXTS.zipRequired;
  return errors;
}

/** The sandbox card fields: a complete, Luhn-valid number; an expiry not in the past; 3-4 digit code. */
export function validateSandboxCard(values: CardFormValues, today: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(values.number);
  if (!/^\d*$/.test(digits)) errors.number = SANDBOX_TEXTS.numberInvalid;
  else if (digits.length < 13) errors.number = SANDBOX_TEXTS.numberIncomplete;
  else if (digits.length > 19 || !luhnValid(digits)) errors.number = SANDBOX_TEXTS.numberInvalid;
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = SANDBOX_TEXTS.expiryIncomplete;
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = SANDBOX_TEXTS.expiryMonth;
  else {
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth() + 1;
    if (expiry.year < year || (expiry.year === year && expiry.month < month))
      errors.expiry = SANDBOX_TEXTS.expiryPast;
  }
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(values.cvc.trim())) errors.cvc = SANDBOX_TEXTS.cvcIncomplete;
  return errors;
}

export const hasErrors = (errors: CardErrors) => Object.values(errors).some(Boolean);

export function sandboxTokenRequest(values: CardFormValues): SandboxTokenRequest {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error('validate the card before asking for a token');
  return {
    number: digitsOf(values.number),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: values.cvc.trim(),
    cardholder: values.cardholder.trim(),
  };
}

/** Spec 2 §5: the coupon code is sent only when non-blank. */
export const couponToSend = (code: string): string | undefined => code.trim() || undefined;

function cardFields(values: CardFormValues, tokenid: string, usrID: number) {
  return {
    tokenid,
    cardholder: values.cardholder.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    country: values.country.trim(),
    zip: values.zip.trim(),
    usrID,
  };
}

/** `POST /payment/customer` (the first card, charging the onboarding fee when due). */
export function firstCardBody(values: CardFormValues, tokenid: string, usrID: number): CreateCustomerRequest {
  const code = couponToSend(values.coupon);
  return { ...cardFields(values, tokenid, usrID), ...(code ? { code } : {}) };
}

/** `PUT /payment/card` (replace the card). */
export const replaceCardBody = (values: CardFormValues, tokenid: string, usrID: number): ReplaceCardRequest =>
  cardFields(values, tokenid, usrID);

/** The help text's rows: the sandbox's test numbers, spaced as typed. */
export const sandboxHelpRows = () =>
  SANDBOX_TEST_CARDS.map((card) => ({
    number: formatCardNumber(card.number),
    brand: card.brand,
    outcome: card.outcome,
  }));

/** Server field errors onto the form's fields (the token route names 'number', 'exp_month'…). */
export function fieldErrorsFromServer(fields: Record<string, string> | undefined): CardErrors {
  if (!fields) return {};
  const errors: CardErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (name === 'exp_month' || name === 'exp_year') errors.expiry = message;
    else if (name === 'tokenid') errors.number = message;
    else if (name === 'code') errors.coupon = message;
    else if (name in initialCardValues({})) errors[name as CardField] = message;
  }
  return errors;
}
