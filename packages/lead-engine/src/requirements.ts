import type { Candidate, PostalAddress } from './candidate.js';
import { ACCEPT, reject, type StepResult } from './reasons.js';

/*
 * Step 5: what the campaign requires a lead to carry (`requireemailaddress`, and the phone and
 * address flags of issue 11). What counts as present is fixed in decision 0037.
 */

/** An e-mail is present when one has the shape local@domain.tld (no spaces). */
export const hasEmail = (emails: readonly string[]): boolean =>
  emails.some((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()));

/** A phone is present when one has 10 to 15 digits once separators are removed (E.164's range). */
export const hasPhone = (phones: readonly string[]): boolean =>
  phones.some((phone) => {
    const digits = phone.replace(/\D/g, '');
    return digits.length >= 10 && digits.length <= 15;
  });

const filled = (text: string | null | undefined) => (text ?? '').trim() !== '';

/** An address is present when it has a street and either a zip or both a city and a state. */
export const hasAddress = (address: PostalAddress | null): boolean =>
  !!address &&
  filled(address.street) &&
  (filled(address.zip) || (filled(address.city) && filled(address.state)));

export interface Requirements {
  email: boolean;
  phone: boolean;
  address: boolean;
}

export function checkRequirements(
  candidate: Pick<Candidate, 'emails' | 'phones' | 'address'>,
  requires: Requirements,
): StepResult {
  if (requires.email && !hasEmail(candidate.emails)) return reject('missing_email');
  if (requires.phone && !hasPhone(candidate.phones)) return reject('missing_phone');
  if (requires.address && !hasAddress(candidate.address)) return reject('missing_address');
  return ACCEPT;
}
