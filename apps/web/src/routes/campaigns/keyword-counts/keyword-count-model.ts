import {
  COUNT_OUTCOME_LABELS,
  COUNT_OUTCOMES,
  type CountOutcome,
  KEYWORD_COUNT_MODULES,
  type KeywordCountModule,
  type KeywordCountRow,
  keywordTags,
  type QueueKeywordCountRequest,
  TARGET_LOCATION_LABELS,
  type TargetLocation,
  zipLinesOf,
} from '@app/contracts';

/*
 * The keyword count screen's pure parts (spec 2 §2 table, §5 zip text area): the tab and status
 * filter kept in the URL, the form's values and the request they make, and how a row reads.
 */

export const KEYWORD_COUNTS_TAB = 'keyword-counts';
const STATUS_PARAM = 'kstatus';

export const isKeywordCountModule = (module: string): module is KeywordCountModule =>
  (KEYWORD_COUNT_MODULES as readonly string[]).includes(module);

/** The Status filter (spec 2 §2: Success, No Result, Failed, Pending), '' for every row. */
export function readStatusFilter(params: URLSearchParams): CountOutcome | '' {
  const value = params.get(STATUS_PARAM) ?? '';
  return (COUNT_OUTCOMES as readonly string[]).includes(value) ? (value as CountOutcome) : '';
}

/** Writes the filter into a copy of the query (the page back to 1). */
export function writeStatusFilter(params: URLSearchParams, status: CountOutcome | ''): URLSearchParams {
  const next = new URLSearchParams(params);
  if (status) next.set(STATUS_PARAM, status);
  else next.delete(STATUS_PARAM);
  next.delete('page');
  return next;
}

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...COUNT_OUTCOMES.map((value) => ({ value, label: COUNT_OUTCOME_LABELS[value] })),
];

export interface KeywordCountForm {
  targetLocation: TargetLocation;
  states: string[];
  /** 'City, ST'. */
  cities: string[];
  /** The zip text area as typed (already through `zipTextAreaValue`). */
  zipText: string;
  keywords: string[];
}

export const EMPTY_FORM: KeywordCountForm = {
  targetLocation: 'national',
  states: [],
  cities: [],
  zipText: '',
  keywords: [],
};

/** The form as `queuecount` takes it: only what the target location uses. */
export function requestOf(
  form: KeywordCountForm,
  companyId: number,
  module: KeywordCountModule,
): Omit<QueueKeywordCountRequest, 'kind'> {
  return {
    company_id: companyId,
    module,
    target_location: form.targetLocation,
    states: form.targetLocation === 'state' ? form.states : [],
    // A city stays only while its state is chosen.
    cities:
      form.targetLocation === 'state'
        ? form.cities.filter((c) => form.states.includes(c.slice(c.lastIndexOf(',') + 1).trim()))
        : [],
    zip_code: form.targetLocation === 'zip' ? form.zipText : '',
    keywords: keywordTags(form.keywords.join('\n')),
  };
}

/** What the form still lacks before it can be sent (the server says the same in its own words). */
export function formProblem(form: KeywordCountForm): string | null {
  if (keywordTags(form.keywords.join('\n')).length === 0) return 'Enter at least one keyword.';
  if (form.targetLocation === 'state' && form.states.length === 0) return 'Choose at least one state.';
  if (form.targetLocation === 'zip' && zipLinesOf(form.zipText).length === 0)
    return 'Enter at least one zip code.';
  return null;
}

/** The Target Location cell: National Targeting, State with its states and cities, or Zip Code with its zips. */
export function targetLocationText(
  row: Pick<KeywordCountRow, 'target_location' | 'states' | 'cities' | 'zip_code'>,
) {
  const label = TARGET_LOCATION_LABELS[row.target_location];
  if (row.target_location === 'national') return { label, detail: '' };
  if (row.target_location === 'zip')
    return { label, detail: row.zip_code.split('\n').filter(Boolean).join(', ') };
  return { label, detail: [...row.states, ...row.cities].join(', ') };
}

export const OUTCOME_COLORS: Record<CountOutcome, string> = {
  success: 'green',
  no_result: 'gray',
  failed: 'red',
  pending: 'yellow',
};

/** A count as a number people read ('—' until the vendor answered). */
export const countText = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
