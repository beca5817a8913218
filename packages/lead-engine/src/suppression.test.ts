import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.js';
import {
  candidateKeys,
  checkOptOut,
  checkSuppression,
  classifySuppressionEntry,
  emailMd5,
  normalizeEmail,
  suppressionKeyOf,
} from './suppression.js';

const JANE = md5Hex('jane.doe@example.com');
const ALT = md5Hex('jane@work.example');
const none = new Set<string>();

describe('normalizeEmail / emailMd5: the MD5 of the lowercased, trimmed e-mail', () => {
  it.each([
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['  Jane.Doe@Example.COM \n', 'jane.doe@example.com'],
    ['JANE.DOE@EXAMPLE.COM', 'jane.doe@example.com'],
  ])('%j', (input, normal) => {
    expect(normalizeEmail(input)).toBe(normal);
    expect(emailMd5(input)).toBe(JANE);
  });
  it('changes nothing but case and surrounding space (dots and plus tags stay)', () => {
    expect(emailMd5('janedoe@example.com')).not.toBe(JANE);
    expect(emailMd5('jane.doe+ads@example.com')).not.toBe(JANE);
  });
});

describe('suppressionKeyOf: an uploaded entry as its stored key', () => {
  it.each([
    ['a plain e-mail', 'Jane.Doe@Example.com', JANE],
    ['an e-mail with spaces around', '  jane.doe@example.com  ', JANE],
    ['an MD5 in lowercase', JANE, JANE],
    ['an MD5 in uppercase', JANE.toUpperCase(), JANE],
    ['an MD5 with spaces around', ` ${JANE}\t`, JANE],
    ['empty', '', null],
    ['a name', 'Jane Doe', null],
    ['31 hex digits', JANE.slice(1), null],
    ['33 hex digits', `${JANE}0`, null],
    ['not hex', 'z'.repeat(32), null],
    ['two @', 'a@b@c.com', null],
    ['an e-mail with a space inside', 'jane doe@example.com', null],
  ])('%s', (_name, entry, key) => {
    expect(suppressionKeyOf(entry)).toBe(key);
  });
});

describe('classifySuppressionEntry: e-mail, MD5 or SHA-256 (issue 22)', () => {
  const SHA = 'a'.repeat(40) + 'B'.repeat(24);
  it.each([
    ['an e-mail is stored as its MD5', ' Jane.Doe@Example.com ', { kind: 'email', key: JANE }],
    ['an MD5 as given, lowercased', JANE.toUpperCase(), { kind: 'md5', key: JANE }],
    ['a SHA-256 as given, lowercased', ` ${SHA} `, { kind: 'sha256', key: SHA.toLowerCase() }],
    ['63 hex digits', SHA.slice(1), null],
    ['garbage', 'call me', null],
  ])('%s', (_name, entry, expected) => {
    expect(classifySuppressionEntry(entry)).toEqual(expected);
  });
});

describe('candidateKeys', () => {
  it('adds the SHA-256 of each plain e-mail when given a SHA-256 function', () => {
    const sha = (text: string) => `sha(${text})`;
    expect(candidateKeys({ emailMd5: JANE, emails: [' Jane.Doe@Example.com'] }, sha)).toEqual([
      JANE,
      'sha(jane.doe@example.com)',
    ]);
  });

  it('is the identity MD5 (lowercased) plus the MD5 of each plain e-mail, without repeats', () => {
    expect(
      candidateKeys({
        emailMd5: JANE.toUpperCase(),
        emails: ['Jane.Doe@example.com', 'jane@work.example', 'not an e-mail'],
      }),
    ).toEqual([JANE, ALT]);
  });
});

describe('step 1: opt-out list', () => {
  it.each([
    ['not listed', [JANE], new Set([ALT]), true],
    ['listed by its MD5', [JANE], new Set([JANE]), false],
    ['listed by a second e-mail the person has', [JANE, ALT], new Set([ALT]), false],
    ['an empty list', [JANE], none, true],
  ])('%s', (_name, keys, list, ok) => {
    expect(checkOptOut(keys, list)).toEqual(ok ? { ok: true } : { ok: false, reason: 'opted_out' });
  });
});

describe('step 2: suppression lists at agency, client and campaign level', () => {
  const only = (level: 'agency' | 'client' | 'campaign', key = JANE) => ({
    agency: none,
    client: none,
    campaign: none,
    [level]: new Set([key]),
  });
  it.each([
    ['the agency list', only('agency'), 'suppressed_agency'],
    ['the client list', only('client'), 'suppressed_client'],
    ['the campaign list', only('campaign'), 'suppressed_campaign'],
    [
      'an entry made from a plain e-mail',
      only('client', suppressionKeyOf('JANE.DOE@example.com')!),
      'suppressed_client',
    ],
    [
      'every list: the agency is named first',
      { agency: new Set([JANE]), client: new Set([JANE]), campaign: new Set([JANE]) },
      'suppressed_agency',
    ],
    [
      'client and campaign: the client is named',
      { agency: none, client: new Set([JANE]), campaign: new Set([JANE]) },
      'suppressed_client',
    ],
    ['someone else listed', only('campaign', ALT), null],
  ])('%s', (_name, lists, reason) => {
    expect(checkSuppression([JANE], lists)).toEqual(reason ? { ok: false, reason } : { ok: true });
  });
});
