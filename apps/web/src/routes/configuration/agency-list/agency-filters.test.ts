import { USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  narrowingCount,
  offeredExclusions,
  offeredFilters,
  readFilters,
  readNarrowing,
  toggleFilter,
  writeFilters,
  writeNarrowing,
} from './agency-filters';

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

describe('card status, campaign status and exclusions (decision 0094)', () => {
  it('offers the exclusion switches only to the root company', () => {
    expect(offeredExclusions(offeredFilters(USERS.root()))).toEqual(['minimumspend', 'onboardcharge']);
    expect(offeredExclusions(offeredFilters({ ...USERS.root(), rootcomp: false }))).toEqual([]);
  });

  it('round-trips through the URL, the defaults left out', () => {
    const written = writeNarrowing(new URLSearchParams('filters=paymentfailed'), {
      card: 'with',
      campaigns: 'inactive',
      exclude: ['onboardcharge', 'minimumspend'],
    });
    expect(written.toString()).toBe(
      'filters=paymentfailed&card=with&campaigns=inactive&exclude=minimumspend%2Conboardcharge',
    );
    const read = readNarrowing(written, ['minimumspend', 'onboardcharge']);
    expect(read).toEqual({ card: 'with', campaigns: 'inactive', exclude: ['minimumspend', 'onboardcharge'] });
    expect(narrowingCount(read)).toBe(4);
    const cleared = writeNarrowing(written, { card: 'all', campaigns: 'all', exclude: [] });
    expect(cleared.toString()).toBe('filters=paymentfailed');
  });

  it('reads unknown values as none and drops exclusions not offered', () => {
    const params = new URLSearchParams('card=maybe&campaigns=running&exclude=minimumspend,bogus');
    expect(readNarrowing(params, [])).toEqual({ card: 'all', campaigns: 'all', exclude: [] });
    expect(readNarrowing(params, ['minimumspend', 'onboardcharge']).exclude).toEqual(['minimumspend']);
  });
});
