import { md5Hex, normalizePlace } from '@app/lead-engine';
import { citiesOf, INDUSTRIES, principalCitiesOf } from '../../../modules/reference/index.js';
import { cumulative, fmix32, hash32, type Random, randomFrom, weighted } from './hashing.js';
import { STATE_FACTS } from './us-geography.js';
import {
  COMPANY_SIZES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  INTERESTS,
  JOB_TITLES,
  LAST_NAMES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './word-lists.js';

/**
 * Bumped whenever the generation rules or their lists change: a stored set made by another version
 * is regenerated at start (decision 0038).
 */
export const GENERATOR_VERSION = 1;

/** One synthetic person as stored in `sandbox_identities` (column names in camelCase). */
export interface SyntheticPerson {
  id: number;
  identityId: string;
  emailMd5: string;
  firstName: string;
  lastName: string;
  emails: string[];
  phones: string[];
  street: string | null;
  city: string | null;
  cityKey: string | null;
  state: string | null;
  zip: string | null;
  companyName: string | null;
  jobTitle: string | null;
  industry: string | null;
  companySize: string | null;
  keywords: string[];
}

/** Shares of the generated set (what the lead engine's requirement checks get to see). */
export const SHARES = {
  /** People with a postal address (the rest match national lists only). */
  address: 0.92,
  phone: 0.85,
  secondPhone: 0.2,
  secondEmail: 0.3,
  /** Identities the "vendor" gives as an MD5 only: no plain e-mail to deliver. */
  md5Only: 0.07,
  /** E-mails written with capitals, as people type them: the MD5 is of the lowercased form. */
  mixedCaseEmail: 0.15,
  /** People with a company (b2b lists draw from these). */
  company: 0.35,
  /** Of the city picks, the share from the state's principal cities (the rest from all its places). */
  principalCity: 0.75,
} as const;

const STATES = cumulative(Object.entries(STATE_FACTS).map(([code, facts]) => [code, facts.population]));
const SIZES = cumulative(COMPANY_SIZES);
const INTEREST_POOL = [...new Set([...INTERESTS, ...INDUSTRIES.map((i) => normalizePlace(i))])];

/** The same seed and ordinal always give the same person; ordinals are 1-based. */
export function syntheticPerson(seed: string, id: number): SyntheticPerson {
  const random = randomFrom(fmix32(hash32(seed) ^ Math.imul(id, 0x9e3779b1)));
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const place = random.chance(SHARES.address) ? placeOf(random) : null;
  const primary = primaryEmail(random, firstName, lastName, id);
  const emails = random.chance(SHARES.md5Only) ? [] : [primary];
  if (emails.length > 0 && random.chance(SHARES.secondEmail))
    emails.push(`${firstName[0]}${lastName}${id}@${EMAIL_DOMAINS[2]}`.toLowerCase());
  const areaCodes = STATE_FACTS[place?.state ?? random.pick(Object.keys(STATE_FACTS))]?.areaCodes ?? [555];
  const phones: string[] = [];
  if (random.chance(SHARES.phone)) {
    phones.push(fictionalPhone(random, areaCodes));
    if (random.chance(SHARES.secondPhone)) phones.push(fictionalPhone(random, areaCodes));
  }
  const company = random.chance(SHARES.company) ? companyOf(random) : null;
  const keywords = new Set<string>();
  const interests = 2 + random.below(3);
  while (keywords.size < interests) keywords.add(random.pick(INTEREST_POOL));
  if (company) keywords.add(normalizePlace(company.industry));
  return {
    id,
    identityId: `sbx_${md5Hex(`${seed}#${id}`).slice(0, 24)}`,
    emailMd5: md5Hex(primary.toLowerCase()),
    firstName,
    lastName,
    emails,
    phones,
    street: place?.street ?? null,
    city: place?.city ?? null,
    cityKey: place ? normalizePlace(place.city) : null,
    state: place?.state ?? null,
    zip: place?.zip ?? null,
    companyName: company?.name ?? null,
    jobTitle: company?.title ?? null,
    industry: company?.industry ?? null,
    companySize: company?.size ?? null,
    keywords: [...keywords].sort(),
  };
}

/** The ordinal makes the address unique, so every person has an MD5 of their own. */
function primaryEmail(random: Random, first: string, last: string, id: number): string {
  const domain = random.pick(EMAIL_DOMAINS);
  const local = [
    `${first}.${last}.${id}`,
    `${first}${last}${id}`,
    `${first[0]}.${last}${id}`,
    `${first}_${last}_${id}`,
  ][random.below(4)] as string;
  return random.chance(SHARES.mixedCaseEmail) ? `${local}@${domain}` : `${local}@${domain}`.toLowerCase();
}

/** NANP reserves 555-0100 to 555-0199 for fiction. */
function fictionalPhone(random: Random, areaCodes: readonly number[]): string {
  const line = String(random.below(100)).padStart(2, '0');
  return `${random.pick(areaCodes)}-555-01${line}`;
}

function placeOf(random: Random) {
  const state = weighted(random, STATES);
  const principal = principalCitiesOf(state);
  const all = citiesOf(state);
  // Principal cities, the larger more often (rank skewed towards the front); else any place.
  const city =
    principal.length > 0 && (all.length === 0 || random.chance(SHARES.principalCity))
      ? (principal[Math.floor(principal.length * random.next() ** 2)] as string)
      : random.pick(all);
  const zips = cityZips(state, city);
  const street = `${1 + random.below(9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
  return { state, city, zip: random.pick(zips), street };
}

/**
 * A city's zips: one to four, fixed by the state and the city's name (so everyone in a city shares
 * them), each inside one of the state's USPS prefix ranges.
 */
export function cityZips(state: string, city: string): string[] {
  const facts = STATE_FACTS[state];
  if (!facts) throw new Error(`no ZIP prefixes for ${state}`);
  const random = randomFrom(hash32(`${state}|${normalizePlace(city)}`));
  const count = 1 + random.below(4);
  const zips = new Set<string>();
  while (zips.size < count) {
    const [lo, hi] = random.pick(facts.zipPrefixes);
    const prefix = lo + random.below(hi - lo + 1);
    zips.add(`${String(prefix).padStart(3, '0')}${String(1 + random.below(99)).padStart(2, '0')}`);
  }
  return [...zips];
}

function companyOf(random: Random) {
  const name =
    random.below(2) === 0
      ? `${random.pick(LAST_NAMES)} ${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_SUFFIXES)}`
      : `${random.pick(COMPANY_WORDS)} ${random.pick(LAST_NAMES)} ${random.pick(COMPANY_SUFFIXES)}`;
  return {
    name,
    title: random.pick(JOB_TITLES),
    industry: random.pick(INDUSTRIES),
    size: weighted(random, SIZES),
  };
}
