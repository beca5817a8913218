import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  formProblem,
  readStatusFilter,
  requestOf,
  targetLocationText,
  writeStatusFilter,
} from './keyword-count-model';

describe('the keyword count screen', () => {
  it('keeps the status filter in the URL and goes back to page 1 when it changes', () => {
    const params = new URLSearchParams('tab=keyword-counts&page=3&sort=count_without_geo&order=desc');
    const next = writeStatusFilter(params, 'failed');
    expect(next.get('kstatus')).toBe('failed');
    expect(next.get('page')).toBeNull();
    expect(next.get('sort')).toBe('count_without_geo');
    expect(readStatusFilter(next)).toBe('failed');
    expect(readStatusFilter(new URLSearchParams('kstatus=bogus'))).toBe('');
    expect(writeStatusFilter(next, '').has('kstatus')).toBe(false);
  });

  it('sends only what the target location uses, keywords once each', () => {
    const form = {
      ...EMPTY_FORM,
      targetLocation: 'state' as const,
      states: ['TX'],
      cities: ['Austin, TX', 'Miami, FL'],
      zipText: '78701',
      keywords: ['Roof repair', 'roof repair', 'gutters, siding'],
    };
    expect(requestOf(form, 9, 'enhance')).toEqual({
      company_id: 9,
      module: 'enhance',
      target_location: 'state',
      states: ['TX'],
      cities: ['Austin, TX'],
      zip_code: '',
      keywords: ['Roof repair', 'gutters', 'siding'],
    });
    expect(requestOf({ ...form, targetLocation: 'zip' }, 9, 'enhance')).toMatchObject({
      states: [],
      cities: [],
      zip_code: '78701',
    });
  });

  it('says what the form lacks', () => {
    expect(formProblem(EMPTY_FORM)).toBe('Enter at least one keyword.');
    expect(formProblem({ ...EMPTY_FORM, keywords: ['a'], targetLocation: 'state' })).toBe(
      'Choose at least one state.',
    );
    expect(formProblem({ ...EMPTY_FORM, keywords: ['a'], targetLocation: 'zip', zipText: '\n\n' })).toBe(
      'Enter at least one zip code.',
    );
    expect(formProblem({ ...EMPTY_FORM, keywords: ['a'] })).toBeNull();
  });

  it('writes the Target Location cell', () => {
    expect(targetLocationText({ target_location: 'national', states: [], cities: [], zip_code: '' })).toEqual(
      {
        label: 'National Targeting',
        detail: '',
      },
    );
    expect(
      targetLocationText({ target_location: 'state', states: ['TX'], cities: ['Austin, TX'], zip_code: '' })
        .detail,
    ).toBe('TX, Austin, TX');
    expect(
      targetLocationText({ target_location: 'zip', states: [], cities: [], zip_code: '78701\n78702' }).detail,
    ).toBe('78701, 78702');
  });
});
