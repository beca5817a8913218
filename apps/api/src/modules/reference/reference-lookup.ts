import { AUTOCOMPLETE_MAX_RESULTS, type AutocompleteCategory, type AutocompleteItem } from '@app/contracts';
import { INDUSTRIES } from './industries.js';
import { citiesOf } from './us-cities.js';
import { US_STATES } from './us-states.js';

interface Candidate extends AutocompleteItem {
  /** Text the search matches against. */
  match: string;
  /** Lower comes first among equally good matches (city size rank, list order). */
  rank: number;
}

const CANDIDATES: Record<AutocompleteCategory, readonly Candidate[]> = {
  state: US_STATES.map((s, rank) => ({
    value: s.code,
    label: s.name,
    state_code: s.code,
    match: s.name,
    rank,
  })),
  city: US_STATES.flatMap((s) =>
    citiesOf(s.code).map((city, rank) => ({
      value: city,
      label: `${city}, ${s.code}`,
      state_code: s.code,
      match: city,
      rank,
    })),
  ),
  industry: INDUSTRIES.map((name, rank) => ({ value: name, label: name, match: name, rank })),
};

/**
 * Suggestions for a text field: names starting with the text first, then names containing it,
 * each group by rank then name; at most AUTOCOMPLETE_MAX_RESULTS.
 */
export function suggest(category: AutocompleteCategory, text: string): AutocompleteItem[] {
  const needle = text.trim().toLowerCase();
  const scored = CANDIDATES[category]
    .map((c) => {
      const at = c.match.toLowerCase().indexOf(needle);
      const wordStart = at > 0 && /[\s\-.'&]/.test(c.match[at - 1] ?? '');
      return { c, score: at === 0 ? 0 : wordStart ? 1 : at > 0 ? 2 : -1 };
    })
    .filter((s) => s.score >= 0)
    .sort((a, b) => a.score - b.score || a.c.rank - b.c.rank || a.c.label.localeCompare(b.c.label));
  return scored.slice(0, AUTOCOMPLETE_MAX_RESULTS).map(({ c }) => {
    const { match: _match, rank: _rank, ...item } = c;
    return item;
  });
}
