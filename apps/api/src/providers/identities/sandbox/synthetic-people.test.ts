import { createHash } from 'node:crypto';
import { hasAddress, hasEmail, hasPhone, normalizePlace } from '@app/lead-engine';
import { describe, expect, it } from 'vitest';
import { citiesOf } from '../../../modules/reference/index.js';
import { cityZips, SHARES, syntheticPerson } from './synthetic-people.js';
import { STATE_FACTS } from './us-geography.js';

const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const SEED = 'unit-seed';
const people = Array.from({ length: 5_000 }, (_, i) => syntheticPerson(SEED, i + 1));

describe('synthetic people', () => {
  it('are a pure function of seed and ordinal', () => {
    for (const id of [1, 2, 777, 5_000]) expect(syntheticPerson(SEED, id)).toEqual(people[id - 1]);
    const other = Array.from({ length: 50 }, (_, i) => syntheticPerson('another-seed', i + 1));
    expect(other.filter((p, i) => p.identityId === people[i]?.identityId)).toEqual([]);
    expect(other.filter((p, i) => p.emailMd5 === people[i]?.emailMd5)).toEqual([]);
  });

  it('have unique identity ids and e-mail MD5s', () => {
    expect(new Set(people.map((p) => p.identityId)).size).toBe(people.length);
    expect(new Set(people.map((p) => p.emailMd5)).size).toBe(people.length);
  });

  it('carry the MD5 of the lowercased primary e-mail, and some e-mails are written with capitals', () => {
    const withEmail = people.filter((p) => p.emails.length > 0);
    for (const p of withEmail) expect(p.emailMd5).toBe(nodeMd5((p.emails[0] as string).toLowerCase()));
    const mixed = withEmail.filter((p) => p.emails[0] !== p.emails[0]?.toLowerCase());
    expect(mixed.length).toBeGreaterThan(people.length * SHARES.mixedCaseEmail * 0.7);
    for (const p of mixed) expect(p.emailMd5).not.toBe(nodeMd5(p.emails[0] as string));
  });

  it('use the reserved example domains only', () => {
    const domains = new Set(people.flatMap((p) => p.emails.map((e) => e.split('@')[1]?.toLowerCase())));
    expect([...domains].sort()).toEqual(['example.com', 'example.net', 'example.org']);
  });

  it('have phones in the fictional 555-0100..0199 range with a real area code of their state', () => {
    const phones = people.flatMap((p) => p.phones.map((phone) => ({ phone, state: p.state })));
    expect(phones.length).toBeGreaterThan(people.length * SHARES.phone * 0.9);
    for (const { phone, state } of phones) {
      expect(phone).toMatch(/^\d{3}-555-01\d{2}$/);
      if (state) expect(STATE_FACTS[state]?.areaCodes).toContain(Number(phone.slice(0, 3)));
    }
  });

  it('live at a place of their state, with one of its zips inside the state’s prefixes', () => {
    const placed = people.filter((p) => p.state);
    expect(placed.length / people.length).toBeGreaterThan(SHARES.address - 0.03);
    for (const p of placed.slice(0, 1_000)) {
      const state = p.state as string;
      expect(citiesOf(state)).toContain(p.city);
      expect(p.cityKey).toBe(normalizePlace(p.city as string));
      expect(cityZips(state, p.city as string)).toContain(p.zip);
      const prefix = Number((p.zip as string).slice(0, 3));
      expect(STATE_FACTS[state]?.zipPrefixes.some(([lo, hi]) => prefix >= lo && prefix <= hi)).toBe(true);
      expect(p.street).toMatch(/^\d{1,4} [A-Z][A-Za-z ]+ [A-Z][a-z]+$/);
    }
    // Population decides where people live: California holds far more than Wyoming.
    const count = (s: string) => placed.filter((p) => p.state === s).length;
    expect(count('CA')).toBeGreaterThan(count('WY') * 10);
  });

  it('give the lead engine missing parts in realistic shares', () => {
    const share = (test: (p: (typeof people)[number]) => boolean) =>
      people.filter(test).length / people.length;
    expect(share((p) => !hasEmail(p.emails))).toBeCloseTo(SHARES.md5Only, 1);
    expect(share((p) => hasAddress(p.state ? p : null))).toBeCloseTo(SHARES.address, 1);
    expect(share((p) => hasPhone(p.phones))).toBeCloseTo(SHARES.phone, 1);
    expect(share((p) => p.companyName !== null)).toBeCloseTo(SHARES.company, 1);
  });

  it('have b2b companies whose industry is among their keywords', () => {
    for (const p of people.filter((x) => x.companyName)) {
      expect(p.jobTitle && p.industry && p.companySize).toBeTruthy();
      expect(p.keywords).toContain(normalizePlace(p.industry as string));
    }
    for (const p of people) expect(p.keywords.every((k) => k === normalizePlace(k))).toBe(true);
  });
});
