import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { US_STATES } from '@app/contracts';

/**
 * Every US city, town and community the `country-state-city` package ships (about 16,000 in the
 * states and DC), read from its JSON file once, on first use, and indexed by state. The package is
 * a dependency of the API only: the web app asks these routes and never imports it. Its rows are
 * `[name, countryCode, stateCode, latitude, longitude]`.
 */
type PackageCityRow = [name: string, countryCode: string, stateCode: string, ...rest: string[]];

/** Rows that name an area rather than a place a person gives as their city. */
const NOT_A_CITY = / (County|Parish|Borough|Census Area|Municipality)$/;

/** The package spells a few places as a postal address would; forms want the city's name. */
const RENAMED: Record<string, string> = {
  'Washington, D.C.': 'Washington',
  'New York City': 'New York',
};

/**
 * The package's file holds the whole world (8 MB, over a second of JSON.parse on a busy machine);
 * its rows are grouped by country, so only the stretch from the first US row to the last is
 * parsed. Rows of other countries inside that stretch are dropped by the caller like any other.
 */
function usRows(text: string): PackageCityRow[] {
  const marker = '","US","';
  const first = text.indexOf(marker);
  const last = text.lastIndexOf(marker);
  if (first < 0) return [];
  const start = text.lastIndexOf('[', first);
  const end = text.indexOf(']', last);
  return JSON.parse(`[${text.slice(start, end + 1)}]`) as PackageCityRow[];
}

let byState: ReadonlyMap<string, readonly string[]> | null = null;

function load(): ReadonlyMap<string, readonly string[]> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('country-state-city/lib/assets/city.json');
  const rows = usRows(readFileSync(file, 'utf8'));
  const known = new Set(US_STATES.map((s) => s.code));
  const sets = new Map<string, Set<string>>();
  for (const [rawName, country, state] of rows) {
    if (country !== 'US' || !known.has(state) || NOT_A_CITY.test(rawName)) continue;
    const name = RENAMED[rawName] ?? rawName;
    let set = sets.get(state);
    if (!set) {
      set = new Set();
      sets.set(state, set);
    }
    set.add(name);
  }
  const index = new Map<string, readonly string[]>();
  for (const s of US_STATES) {
    index.set(
      s.code,
      [...(sets.get(s.code) ?? [])].sort((a, b) => a.localeCompare(b, 'en')),
    );
  }
  return index;
}

/** A state's cities, alphabetical (empty for an unknown code). */
export function citiesOf(stateCode: string): readonly string[] {
  byState ??= load();
  return byState.get(stateCode) ?? [];
}
