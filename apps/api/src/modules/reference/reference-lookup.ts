import {
  AUTOCOMPLETE_MAX_RESULTS,
  type AutocompleteCategory,
  type AutocompleteItem,
  US_STATES,
} from '@app/contracts';
import { INDUSTRIES } from './industries.js';
import { principalCitiesOf } from './principal-cities.js';
import { citiesOf } from './us-cities.js';

interface Candidate extends AutocompleteItem {
  /** Text the search matches against, lower case. */
  match: string;
  /** Lower comes first among equally good matches (city size rank, list order). */
  rank: number;
}

const byLabel = new Intl.Collator('en');

/** Principal cities by their population rank; every other place after them. */
const UNRANKED = 1000;

function cityCandidates(): Candidate[] {
  return US_STATES.flatMap((s) => {
    const principal = principalCitiesOf(s.code);
    return citiesOf(s.code).map((city) => {
      const at = principal.indexOf(city);
      return {
        value: city,
        label: `${city}, ${s.code}`,
        state_code: s.code,
        match: city.toLowerCase(),
        rank: at >= 0 ? at : UNRANKED,
      };
    });
  });
}

const fixed = {
  state: US_STATES.map((s, rank) => ({
    value: s.code,
    label: s.name,
    state_code: s.code,
    match: s.name.toLowerCase(),
    rank,
  })),
  industry: INDUSTRIES.map((name, rank) => ({ value: name, label: name, match: name.toLowerCase(), rank })),
};
/** Built on the first city look-up: the city list is large and read from its package lazily. */
let cities: readonly Candidate[] | null = null;

function candidates(category: AutocompleteCategory): readonly Candidate[] {
  if (category !== 'city') return fixed[category];
  cities ??= cityCandidates();
  return cities;
}

/**
 * Suggestions for a text field: names starting with the text first, then names containing it,
 * each group by rank then name; at most AUTOCOMPLETE_MAX_RESULTS.
 */
export function suggest(category: AutocompleteCategory, text: string): AutocompleteItem[] {
  const needle = text.trim().toLowerCase();
  // One pass that keeps only matches: the city list has some 16,000 entries.
  const scored: { c: Candidate; score: number }[] = [];
  for (const c of candidates(category)) {
    const at = c.match.indexOf(needle);
    if (at < 0) continue;
    const wordStart = at > 0 && /[\s\-.'&]/.test(c.match[at - 1] ?? '');
    scored.push({ c, score: at === 0 ? 0 : wordStart ? 1 : 2 });
  }
  scored.sort((a, b) => a.score - b.score || a.c.rank - b.c.rank || byLabel.compare(a.c.label, b.c.label));
  return scored.slice(0, AUTOCOMPLETE_MAX_RESULTS).map(({ c }) => {
    const { match: _match, rank: _rank, ...item } = c;
    return item;
  });
}
