import type { QueueKeywordCountInput } from '@app/contracts';
import { normalizePlace, normalizeState } from '@app/lead-engine';
import type { ListGeography } from '../../providers/identities/index.js';
import type { CountPlace } from './keyword-count-repository.js';

/*
 * Where a count looks, in the one normal form rows store and the 7-day history compares: states as
 * sorted codes, cities as sorted 'City, ST' (the city as typed, the state's code), zips sorted.
 */

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/** A city as 'City, ST' (the form sends it so); null when it names no state. */
function cityOf(text: string): { city: string; state: string } | null {
  const comma = text.lastIndexOf(',');
  if (comma < 0) return null;
  const state = normalizeState(text.slice(comma + 1));
  const city = text.slice(0, comma).trim().replace(/\s+/g, ' ');
  return state && city ? { city, state } : null;
}

export function placeOf(
  input: Pick<QueueKeywordCountInput, 'target_location' | 'states' | 'cities' | 'zip_code'>,
): CountPlace {
  const cities = new Map<string, string>();
  for (const text of input.cities) {
    const c = cityOf(text);
    if (c) cities.set(`${normalizePlace(c.city)}|${c.state}`, `${c.city}, ${c.state}`);
  }
  return {
    targetLocation: input.target_location,
    states: [...new Set(input.states.map((s) => normalizeState(s) ?? s))].sort(byText),
    cities: [...cities.values()].sort(byText),
    zips: [...new Set(input.zip_code)].sort(byText),
  };
}

/** A stored place as the data vendor's port takes it. */
export function geographyOf(place: CountPlace): ListGeography {
  return {
    national: place.targetLocation === 'national',
    states: place.states,
    cities: place.cities.map(cityOf).filter((c): c is { city: string; state: string } => c !== null),
    zips: place.zips,
  };
}

/**
 * A campaign's targeting as the vendor reads it (the daily list's reading): its states, its cities
 * that name their state (a bare city cannot be asked of the vendor), its 5-digit zips.
 */
export function campaignGeography(c: {
  nationaltargeting: string;
  locatorstate: string[];
  locatorcity: string[];
  locatorzip: string;
}): ListGeography {
  return {
    national: c.nationaltargeting === 'T',
    states: c.locatorstate.map((s) => normalizeState(s)).filter((s): s is string => s !== null),
    cities: c.locatorcity.map(cityOf).filter((x): x is { city: string; state: string } => x !== null),
    zips: c.locatorzip.split('\n').filter((z) => /^\d{5}$/.test(z)),
  };
}

/** What the history compares a keyword by: trimmed, single-spaced, lowercased. */
export const keywordKeyOf = (keyword: string) => normalizePlace(keyword);
