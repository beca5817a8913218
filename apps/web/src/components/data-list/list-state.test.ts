import { AGENCY_SORT_KEYS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  nextSort,
  pageToClamp,
  pageWindow,
  readListState,
  searchSegment,
  showingText,
  sortSegments,
  writeListState,
} from './list-state';

describe('list state', () => {
  it('cycles a column none → asc → desc → none, and starts another column at asc', () => {
    const asc = nextSort(null, 'email');
    expect(asc).toEqual({ key: 'email', order: 'asc' });
    const desc = nextSort(asc, 'email');
    expect(desc).toEqual({ key: 'email', order: 'desc' });
    expect(nextSort(desc, 'email')).toBeNull();
    expect(nextSort(desc, 'created_at')).toEqual({ key: 'created_at', order: 'asc' });
  });

  it('round-trips through the URL and leaves defaults and other parameters alone', () => {
    const state = { page: 3, sort: { key: 'full_name', order: 'desc' } as const, search: 'acme co' };
    const written = writeListState(new URLSearchParams('tab=x'), state);
    expect(written.get('tab')).toBe('x');
    expect(readListState(written, AGENCY_SORT_KEYS)).toEqual(state);
    const cleared = writeListState(written, { page: 1, sort: null, search: '' });
    expect(cleared.toString()).toBe('tab=x');
  });

  it('ignores malformed URL values and sort keys the list does not have', () => {
    expect(readListState(new URLSearchParams('page=-2&sort=password&order=asc'), AGENCY_SORT_KEYS)).toEqual({
      page: 1,
      sort: null,
      search: '',
    });
    expect(
      readListState(new URLSearchParams('page=1.5&sort=email&order=up'), AGENCY_SORT_KEYS).sort,
    ).toBeNull();
    expect(readListState(new URLSearchParams('sort=email&order=asc'), ['created_at']).sort).toBeNull();
  });

  it('links at most five pages around the current one', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('says which entries are shown', () => {
    expect(showingText({ from: 11, to: 20, total: 42 })).toBe('Showing 11 to 20 of 42 entries');
    expect(showingText({ from: null, to: null, total: 0 })).toBe('Showing 0 to 0 of 0 entries');
    expect(showingText({ from: 1, to: 10, total: 1000, total_capped: true })).toBe(
      'Showing 1 to 10 of 1,000+ entries',
    );
  });

  it('moves a page past the end to the last page, and leaves others alone', () => {
    expect(pageToClamp(7, 3)).toBe(3);
    expect(pageToClamp(3, 3)).toBeNull();
    expect(pageToClamp(2, undefined)).toBeNull();
    expect(pageToClamp(2, 0)).toBeNull();
  });

  it("writes 'none' and '-' for no sort and no search, and escapes the search", () => {
    expect(sortSegments(null)).toBe('none/none');
    expect(sortSegments({ key: 'email', order: 'desc' })).toBe('email/desc');
    expect(searchSegment('  ')).toBe('-');
    expect(searchSegment(' a/b ')).toBe('a%2Fb');
  });
});
