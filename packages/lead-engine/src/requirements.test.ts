import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidate.js';
import { checkRequirements } from './requirements.js';

const full: Pick<Candidate, 'emails' | 'phones' | 'address'> = {
  emails: ['jane@example.com'],
  phones: ['(512) 555-0100'],
  address: { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
};
const all = { email: true, phone: true, address: true };

describe('step 5: require e-mail / phone / address', () => {
  it.each([
    ['a complete lead, everything required', full, all, null],
    [
      'nothing required, nothing present',
      { emails: [], phones: [], address: null },
      { email: false, phone: false, address: false },
      null,
    ],
    ['e-mail required, none', { ...full, emails: [] }, all, 'missing_email'],
    ['e-mail required, only blanks', { ...full, emails: ['  '] }, all, 'missing_email'],
    [
      'e-mail required, not an e-mail',
      { ...full, emails: ['jane.example.com', 'jane@localhost'] },
      all,
      'missing_email',
    ],
    ['e-mail required, one of several valid', { ...full, emails: ['bad', ' jane@example.com '] }, all, null],
    ['e-mail not required, none', { ...full, emails: [] }, { ...all, email: false }, null],
    ['phone required, none', { ...full, phones: [] }, all, 'missing_phone'],
    ['phone required, 9 digits', { ...full, phones: ['512-555-010'] }, all, 'missing_phone'],
    ['phone required, 10 digits', { ...full, phones: ['5125550100'] }, all, null],
    ['phone required, 16 digits', { ...full, phones: ['1234567890123456'] }, all, 'missing_phone'],
    ['phone not required, none', { ...full, phones: [] }, { ...all, phone: false }, null],
    ['address required, none', { ...full, address: null }, all, 'missing_address'],
    [
      'address required, no street',
      { ...full, address: { city: 'Austin', state: 'TX', zip: '78701' } },
      all,
      'missing_address',
    ],
    [
      'address required, street and zip',
      { ...full, address: { street: '1 Main St', zip: '78701' } },
      all,
      null,
    ],
    [
      'address required, street, city and state',
      { ...full, address: { street: '1 Main St', city: 'Austin', state: 'TX' } },
      all,
      null,
    ],
    [
      'address required, street and city only',
      { ...full, address: { street: '1 Main St', city: 'Austin' } },
      all,
      'missing_address',
    ],
    ['address not required, none', { ...full, address: null }, { ...all, address: false }, null],
    [
      'several missing: e-mail is named first',
      { emails: [], phones: [], address: null },
      all,
      'missing_email',
    ],
    [
      'phone and address missing: phone is named',
      { ...full, phones: [], address: null },
      all,
      'missing_phone',
    ],
  ] as const)('%s', (_name, candidate, requires, reason) => {
    expect(checkRequirements(candidate, requires)).toEqual(reason ? { ok: false, reason } : { ok: true });
  });
});
