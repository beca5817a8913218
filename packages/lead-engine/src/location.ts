import type { LeadModule, PostalAddress } from './candidate.js';
import { ACCEPT, reject, type StepResult } from './reasons.js';
import { US_STATES } from './us-states.js';

/*
 * Step 4: the location lock (product guide §2; decision 0037). Values are compared whole after
 * normalising case and spaces, never as substrings: 'Austin' does not match 'Austin Springs', zip
 * '7870' does not match '78701'. National targeting bypasses the lock for every module.
 */

/** Case and spaces: trimmed, inner runs of white space as one space, lowercased. */
export const normalizePlace = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A zip as compared: spaces removed; a ZIP+4 ('78701-1234') compares by its five-digit zip. Nothing
 * is padded or cut otherwise ('7870' stays '7870'); '' when there is none.
 */
export function normalizeZip(zip: string | null | undefined): string {
  const text = (zip ?? '').replace(/\s+/g, '');
  const plus4 = /^(\d{5})-\d{4}$/.exec(text);
  return plus4 ? (plus4[1] as string) : text;
}

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [normalizePlace(name), code]));

/** A state as its two-letter code ('texas', ' TX ' → 'TX'); null when it is neither a code nor a name. */
export function normalizeState(state: string | null | undefined): string | null {
  const text = normalizePlace(state ?? '');
  if (!text) return null;
  const code = text.toUpperCase();
  if (code in US_STATES) return code;
  return STATE_BY_NAME.get(text) ?? null;
}

/**
 * A campaign's city entry: 'Austin' (any state) or 'Austin, TX' / 'Austin, Texas' (that state only).
 * The comma is the one separator: a city name never contains one.
 */
function parseCityEntry(entry: string): { city: string; state: string | null } {
  const comma = entry.lastIndexOf(',');
  if (comma >= 0) {
    const state = normalizeState(entry.slice(comma + 1));
    if (state) return { city: normalizePlace(entry.slice(0, comma)), state };
  }
  return { city: normalizePlace(entry), state: null };
}

export interface LocationTargeting {
  module: LeadModule;
  /** `nationaltargeting`: the whole country, no lock. */
  national: boolean;
  /** `locatorzip`, `locatorcity`, `locatorstate` (locator, enhance, b2b): a match in any list passes. */
  zips: readonly string[];
  cities: readonly string[];
  states: readonly string[];
  /**
   * Local campaigns (`locationtarget`): 'include' takes only visitors in `states`, 'exclude' refuses
   * visitors in them; with no states listed there is no lock.
   */
  localStateMode: 'include' | 'exclude';
}

/** Whether the address is in the campaign's zip, city or state lists (exact, normalised). */
export function matchesLocationLists(
  address: PostalAddress | null,
  targeting: Pick<LocationTargeting, 'zips' | 'cities' | 'states'>,
): boolean {
  if (!address) return false;
  const zip = normalizeZip(address.zip);
  const state = normalizeState(address.state);
  const city = normalizePlace(address.city ?? '');
  if (zip && targeting.zips.some((z) => normalizeZip(z) === zip)) return true;
  if (state && targeting.states.some((s) => normalizeState(s) === state)) return true;
  if (city) {
    for (const entry of targeting.cities) {
      const wanted = parseCityEntry(entry);
      if (wanted.city === city && (wanted.state === null || wanted.state === state)) return true;
    }
  }
  return false;
}

export function checkLocation(address: PostalAddress | null, targeting: LocationTargeting): StepResult {
  if (targeting.national) return ACCEPT;
  if (targeting.module === 'local') {
    const listed = targeting.states.map(normalizeState).filter((s): s is string => s !== null);
    if (listed.length === 0) return ACCEPT;
    const state = normalizeState(address?.state);
    if (targeting.localStateMode === 'include')
      return state && listed.includes(state) ? ACCEPT : reject('state_not_included');
    // A visitor whose state is unknown is not in an excluded state.
    return state && listed.includes(state) ? reject('state_excluded') : ACCEPT;
  }
  return matchesLocationLists(address, targeting) ? ACCEPT : reject('outside_locations');
}
