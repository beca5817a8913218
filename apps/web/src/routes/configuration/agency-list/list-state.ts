import { AGENCY_SORT_KEYS } from '@app/contracts';
import type { AgencySortKey, SortOrder } from '../../../api/agency-list';

/** Page, sort and search of the agency list as they live in the URL query (architecture convention 9). */
export interface AgencyListState {
  page: number;
  sort: { key: AgencySortKey; order: SortOrder } | null;
  search: string;
}

export const PER_PAGE = 10;
export const PAGE_LINKS = 5;

const PARAM = { page: 'page', sort: 'sort', order: 'order', search: 'search' } as const;

function isSortKey(value: string | null): value is AgencySortKey {
  return (AGENCY_SORT_KEYS as readonly string[]).includes(value ?? '');
}

/** Reads the state from the URL; anything malformed falls back to page 1, no sort, no search. */
export function readListState(params: URLSearchParams): AgencyListState {
  const page = Number(params.get(PARAM.page));
  const key = params.get(PARAM.sort);
  const order = params.get(PARAM.order);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: isSortKey(key) && (order === 'asc' || order === 'desc') ? { key, order } : null,
    search: params.get(PARAM.search) ?? '',
  };
}

/** Writes the state into a copy of the URL query, leaving defaults out and other parameters alone. */
export function writeListState(params: URLSearchParams, state: AgencyListState): URLSearchParams {
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
export function nextSort(current: AgencyListState['sort'], key: AgencySortKey): AgencyListState['sort'] {
  if (!current || current.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

/** 'Showing X to Y of Z entries' (spec 2 §2); an empty page shows 0 to 0. */
export function showingText(page: { from: number | null; to: number | null; total: number }): string {
  return `Showing ${page.from ?? 0} to ${page.to ?? 0} of ${page.total} entries`;
}

/** The page numbers linked around the current page: at most `size`, as centred as the ends allow. */
export function pageWindow(current: number, last: number, size = PAGE_LINKS): number[] {
  if (last < 1) return [];
  const count = Math.min(size, last);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
