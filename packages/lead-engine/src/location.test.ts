import { describe, expect, it } from 'vitest';
import type { PostalAddress } from './candidate.js';
import {
  checkLocation,
  type LocationTargeting,
  normalizePlace,
  normalizeState,
  normalizeZip,
} from './location.js';

const austin: PostalAddress = { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const targeting = (change: Partial<LocationTargeting>): LocationTargeting => ({
  module: 'locator',
  national: false,
  zips: [],
  cities: [],
  states: [],
  localStateMode: 'include',
  ...change,
});

describe('normalisation: case and spaces, never substrings', () => {
  it.each([
    ['  Austin  ', 'austin'],
    ['SAN   Antonio', 'san antonio'],
    ['\tSt. Louis\n', 'st. louis'],
  ])('place %j', (text, normal) => {
    expect(normalizePlace(text)).toBe(normal);
  });
  it.each([
    ['78701', '78701'],
    [' 78701 ', '78701'],
    ['78701-1234', '78701'],
    ['787011234', '78701'],
    ['78701 1234', '78701'],
    ['7870-1234', '7870-1234'],
    ['7870', '7870'],
    ['02108', '02108'],
    ['', ''],
    [null, ''],
  ])('zip %j', (zip, normal) => {
    expect(normalizeZip(zip)).toBe(normal);
  });
  it.each([
    ['TX', 'TX'],
    [' tx ', 'TX'],
    ['Texas', 'TX'],
    ['  new   york ', 'NY'],
    ['District of Columbia', 'DC'],
    ['Tex', null],
    ['__proto__', null],
    ['constructor', null],
    ['XX', null],
    ['', null],
  ])('state %j', (state, code) => {
    expect(normalizeState(state)).toBe(code);
  });
});

describe('step 4: location lock (locator, enhance, b2b)', () => {
  it.each([
    ['zip exact', { zips: ['78701'] }, austin, null],
    ['zip 7870 is not 78701', { zips: ['7870'] }, austin, 'outside_locations'],
    ['zip 78701 is not 7870', { zips: ['78701'] }, { ...austin, zip: '7870' }, 'outside_locations'],
    ['zip 787011 is not 78701', { zips: ['787011'] }, austin, 'outside_locations'],
    ['zip+4 of the person matches the zip', { zips: ['78701'] }, { ...austin, zip: '78701-4321' }, null],
    ['zip with spaces in the list', { zips: [' 78701 '] }, austin, null],
    ['city exact', { cities: ['Austin'] }, austin, null],
    ['city in another case and spacing', { cities: ['  AUSTIN '] }, austin, null],
    ['Austin is not Austin Springs', { cities: ['Austin Springs'] }, austin, 'outside_locations'],
    [
      'Austin Springs is not Austin',
      { cities: ['Austin'] },
      { ...austin, city: 'Austin Springs' },
      'outside_locations',
    ],
    ['Aus is not Austin', { cities: ['Aus'] }, austin, 'outside_locations'],
    ['city qualified by its state', { cities: ['Austin, TX'] }, austin, null],
    ['city qualified by a state name', { cities: ['Austin, Texas'] }, austin, null],
    ['same city name in another state', { cities: ['Austin, MN'] }, austin, 'outside_locations'],
    ['state code', { states: ['TX'] }, austin, null],
    ['state by name on either side', { states: ['texas'] }, { ...austin, state: 'Texas' }, null],
    ['another state', { states: ['OK'] }, austin, 'outside_locations'],
    [
      'any one list matching is enough',
      { zips: ['10001'], cities: ['Dallas'], states: ['TX'] },
      austin,
      null,
    ],
    ['no list matches', { zips: ['10001'], cities: ['Dallas'], states: ['OK'] }, austin, 'outside_locations'],
    ['no lists and not national', {}, austin, 'outside_locations'],
    ['no address', { states: ['TX'] }, null, 'outside_locations'],
    [
      'an empty address part never matches an empty entry',
      { zips: [''], cities: [''] },
      { street: 'x' },
      'outside_locations',
    ],
    ['national bypasses', { national: true, zips: ['10001'] }, austin, null],
    ['national bypasses without an address', { national: true }, null, null],
  ] as const)('%s', (_name, change, address, reason) => {
    for (const module of ['locator', 'enhance', 'b2b'] as const)
      expect(checkLocation(address, targeting({ ...change, module }))).toEqual(
        reason ? { ok: false, reason } : { ok: true },
      );
  });
});

describe('step 4: local campaigns use state include / exclude', () => {
  const local = (change: Partial<LocationTargeting>) => targeting({ module: 'local', ...change });
  it.each([
    ['no states: no lock', local({}), austin, null],
    ['no states, no address', local({}), null, null],
    ['include, in the list', local({ states: ['TX', 'OK'] }), austin, null],
    ['include, by name', local({ states: ['Texas'] }), austin, null],
    ['include, not in the list', local({ states: ['OK'] }), austin, 'state_not_included'],
    ['include, state unknown', local({ states: ['TX'] }), { ...austin, state: null }, 'state_not_included'],
    ['exclude, in the list', local({ localStateMode: 'exclude', states: ['TX'] }), austin, 'state_excluded'],
    ['exclude, not in the list', local({ localStateMode: 'exclude', states: ['OK'] }), austin, null],
    ['exclude, state unknown', local({ localStateMode: 'exclude', states: ['TX'] }), null, null],
    [
      'zip and city lists do not apply to local',
      local({ zips: ['10001'], cities: ['Dallas'] }),
      austin,
      null,
    ],
    ['national bypasses include', local({ national: true, states: ['OK'] }), austin, null],
    [
      'national bypasses exclude',
      local({ national: true, localStateMode: 'exclude', states: ['TX'] }),
      austin,
      null,
    ],
  ] as const)('%s', (_name, rules, address, reason) => {
    expect(checkLocation(address, rules)).toEqual(reason ? { ok: false, reason } : { ok: true });
  });
});
