import { describe, expect, it } from 'vitest';
import { agencyListPath } from '../../../api/agency-list';
import { nextSort, pageWindow, readListState, showingText, writeListState } from './list-state';

describe('agency list state', () => {
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
    expect(readListState(written)).toEqual(state);
    const cleared = writeListState(written, { page: 1, sort: null, search: '' });
    expect(cleared.toString()).toBe('tab=x');
  });

  it('ignores malformed URL values', () => {
    expect(readListState(new URLSearchParams('page=-2&sort=password&order=asc'))).toEqual({
      page: 1,
      sort: null,
      search: '',
    });
    expect(readListState(new URLSearchParams('page=1.5&sort=email&order=up')).sort).toBeNull();
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
  });

  it("builds the list path with 'none' and '-' for no sort and no search", () => {
    const base = { companyID: 7, idsys: 1 };
    expect(agencyListPath({ ...base, sort: null, search: '  ' })).toBe(
      '/configuration/user/7/all/1/userdownline/local/none/none/-',
    );
    expect(agencyListPath({ ...base, sort: { key: 'email', order: 'asc' }, search: ' a/b ' })).toBe(
      '/configuration/user/7/all/1/userdownline/local/email/asc/a%2Fb',
    );
  });
});
