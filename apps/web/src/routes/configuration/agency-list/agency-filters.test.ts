import { USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { offeredFilters, readFilters, toggleFilter, writeFilters } from './agency-filters';

describe('agency list filters (spec 2 §2)', () => {
  it('offers the API filters only to the root company', () => {
    expect(offeredFilters(USERS.root())).toEqual([
      'directpayment',
      'paymentfailed',
      'apikey',
      'developermode',
    ]);
    expect(offeredFilters({ ...USERS.root(), rootcomp: false })).toEqual(['directpayment', 'paymentfailed']);
  });

  it('round-trips through the URL in canonical order, leaving other parameters alone', () => {
    const offered = offeredFilters(USERS.root());
    const written = writeFilters(new URLSearchParams('search=acme'), ['developermode', 'directpayment']);
    expect(written.toString()).toBe('search=acme&filters=directpayment%2Cdevelopermode');
    expect(readFilters(written, offered)).toEqual(['directpayment', 'developermode']);
    expect(writeFilters(written, []).toString()).toBe('search=acme');
  });

  it('drops unknown filters and those the viewer is not offered', () => {
    const params = new URLSearchParams('filters=apikey,paymentfailed,everything');
    expect(readFilters(params, ['directpayment', 'paymentfailed'])).toEqual(['paymentfailed']);
  });

  it('ticks and unticks one filter', () => {
    expect(toggleFilter(['paymentfailed'], 'apikey', true)).toEqual(['paymentfailed', 'apikey']);
    expect(toggleFilter(['paymentfailed', 'apikey'], 'paymentfailed', false)).toEqual(['apikey']);
    expect(toggleFilter(['apikey'], 'apikey', true)).toEqual(['apikey']);
  });
});
