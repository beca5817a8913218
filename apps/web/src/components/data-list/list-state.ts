/** Page, sort and search of a paged list (spec 2 §2, §9): the state every list screen shares. */
export type SortOrder = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  order: SortOrder;
}

export interface ListState<K extends string = string> {
  page: number;
  sort: SortState<K> | null;
  search: string;
}

/** One page of a paginated answer, as the list calls return it. */
export interface PageInfo {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
  /** There are more than `total` (a lead report search counts up to a cap): shown as "1,000+". */
  total_capped?: boolean;
}

/** Spec 2 §9: lists show 10 per page with 5 page links. */
export const PER_PAGE = 10;
export const PAGE_LINKS = 5;

export const INITIAL_LIST_STATE: ListState<never> = { page: 1, sort: null, search: '' };

const PARAM = { page: 'page', sort: 'sort', order: 'order', search: 'search' } as const;

/** Reads the state from the URL; anything malformed falls back to page 1, no sort, no search. */
export function readListState<K extends string>(
  params: URLSearchParams,
  sortKeys: readonly K[],
): ListState<K> {
  const page = Number(params.get(PARAM.page));
  const key = params.get(PARAM.sort);
  const order = params.get(PARAM.order);
  const isKey = (value: string | null): value is K => (sortKeys as readonly string[]).includes(value ?? '');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: isKey(key) && (order === 'asc' || order === 'desc') ? { key, order } : null,
    search: params.get(PARAM.search) ?? '',
  };
}

/** Writes the state into a copy of the URL query, leaving defaults out and other parameters alone. */
export function writeListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => {
    if (value === null) next.delete(name);
    else next.set(name, value);
  };
  set(PARAM.page, state.page > 1 ? String(state.page) : null);
  set(PARAM.sort, state.sort?.key ?? null);
  set(PARAM.order, state.sort?.order ?? null);
  set(PARAM.search, state.search === '' ? null : state.search);
  return next;
}

/**
 * Spec 2 §2: a column's sort cycles none → ascending → descending → none. Choosing another column starts
 * it at ascending.
 */
export function nextSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> | null {
  if (!current || current.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

/** 'Showing X to Y of Z entries' (spec 2 §2); an empty page shows 0 to 0. */
export function showingText(page: Pick<PageInfo, 'from' | 'to' | 'total' | 'total_capped'>): string {
  const total = page.total_capped ? `${page.total.toLocaleString('en-US')}+` : page.total;
  return `Showing ${page.from ?? 0} to ${page.to ?? 0} of ${total} entries`;
}

/** The page numbers linked around the current page: at most `size`, as centred as the ends allow. */
export function pageWindow(current: number, last: number, size = PAGE_LINKS): number[] {
  if (last < 1) return [];
  const count = Math.min(size, last);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A page beyond the end (a stale link, rows removed meanwhile) moves to the last page there is. */
export function pageToClamp(requested: number, lastPage: number | undefined): number | null {
  if (lastPage === undefined || lastPage < 1 || requested <= lastPage) return null;
  return lastPage;
}

/** The list call's `{searchkey}` segment: '-' when not searching. */
export function searchSegment(search: string): string {
  const text = search.trim();
  return text === '' ? '-' : encodeURIComponent(text);
}

/** The list call's `{sortby}/{order}` segments: 'none/none' when not sorting. */
export function sortSegments(sort: SortState | null): string {
  return `${sort?.key ?? 'none'}/${sort?.order ?? 'none'}`;
}

/** A paged answer (total, page, per_page: invoices, card payments) as the pager every list shares reads a page. */
export function pageInfoOfAnswer(answer: { total: number; page: number; per_page: number }): PageInfo {
  const perPage = Math.max(1, answer.per_page);
  const last = Math.max(1, Math.ceil(answer.total / perPage));
  const first = (answer.page - 1) * perPage + 1;
  const shown = answer.total === 0 || first > answer.total;
  return {
    current_page: answer.page,
    last_page: last,
    from: shown ? null : first,
    to: shown ? null : Math.min(answer.total, answer.page * perPage),
    total: answer.total,
  };
}
