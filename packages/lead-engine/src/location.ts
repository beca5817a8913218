import { hasCampaignField, US_STATE_CODES, US_STATES, US_TERRITORIES } from '@app/contracts';
import type { LeadModule, PostalAddress } from './candidate.js';
import { ACCEPT, reject, type StepResult } from './reasons.js';

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
  const plus4 = /^(\d{5})-?\d{4}$/.exec(text);
  return plus4 ? (plus4[1] as string) : text;
}

const STATE_BY_NAME = new Map([...US_STATES, ...US_TERRITORIES].map((s) => [normalizePlace(s.name), s.code]));

/** A state as its two-letter code ('texas', ' TX ' → 'TX'); null when it is neither a code nor a name. */
export function normalizeState(state: string | null | undefined): string | null {
  const text = normalizePlace(state ?? '');
  if (!text) return null;
  const code = text.toUpperCase();
  if (US_STATE_CODES.has(code)) return code;
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

/** A campaign's lists, normalised once: sets for the lists, each city with the states it is wanted in. */
interface CompiledLists {
  zips: ReadonlySet<string>;
  states: ReadonlySet<string>;
  /** City → the states it is wanted in; null in the set means any state. */
  cities: ReadonlyMap<string, ReadonlySet<string | null>>;
}

/*
 * Normalising hundreds of zips per candidate would cost more than the rest of the pipeline, so the
 * lists are compiled once per targeting object (the API reads a campaign's rules once per batch and
 * does not change them in place).
 */
const compiled = new WeakMap<object, CompiledLists>();

function compileLists(targeting: Pick<LocationTargeting, 'zips' | 'cities' | 'states'>): CompiledLists {
  let lists = compiled.get(targeting);
  if (!lists) {
    const cities = new Map<string, Set<string | null>>();
    for (const entry of targeting.cities) {
      const { city, state } = parseCityEntry(entry);
      if (!city) continue;
      const states = cities.get(city) ?? new Set<string | null>();
      states.add(state);
      cities.set(city, states);
    }
    lists = {
      zips: new Set(targeting.zips.map(normalizeZip).filter((zip) => zip !== '')),
      states: new Set(targeting.states.map(normalizeState).filter((s): s is string => s !== null)),
      cities,
    };
    compiled.set(targeting, lists);
  }
  return lists;
}

/** Whether the address is in the campaign's zip, city or state lists (exact, normalised). */
export function matchesLocationLists(
  address: PostalAddress | null,
  targeting: Pick<LocationTargeting, 'zips' | 'cities' | 'states'>,
): boolean {
  if (!address) return false;
  const lists = compileLists(targeting);
  const zip = normalizeZip(address.zip);
  if (zip && lists.zips.has(zip)) return true;
  const state = normalizeState(address.state);
  if (state && lists.states.has(state)) return true;
  const wanted = lists.cities.get(normalizePlace(address.city ?? ''));
  return !!wanted && (wanted.has(null) || (state !== null && wanted.has(state)));
}

export function checkLocation(address: PostalAddress | null, targeting: LocationTargeting): StepResult {
  return checkLocationOf(address, targeting, targeting.module);
}

/** The step with the module given apart (the pipeline passes the campaign's stored targeting as is). */
export function checkLocationOf(
  address: PostalAddress | null,
  targeting: Omit<LocationTargeting, 'module'>,
  module: LeadModule,
): StepResult {
  if (targeting.national) return ACCEPT;
  // A module whose campaigns include or exclude a state list (`locationtarget`): the pixel's.
  if (hasCampaignField(module, 'locationtarget')) {
    const listed = compileLists(targeting).states;
    if (listed.size === 0) return ACCEPT;
    const state = normalizeState(address?.state);
    if (targeting.localStateMode === 'include')
      return state && listed.has(state) ? ACCEPT : reject('state_not_included');
    // A visitor whose state is unknown is not in an excluded state.
    return state && listed.has(state) ? reject('state_excluded') : ACCEPT;
  }
  return matchesLocationLists(address, targeting) ? ACCEPT : reject('outside_locations');
}
