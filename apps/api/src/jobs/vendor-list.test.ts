import { describe, expect, it } from 'vitest';
import {
  dueVendorListRun,
  type VendorListCampaign,
  vendorListJob,
  vendorListKey,
  vendorListSweepJob,
} from './vendor-list.js';

const campaign = (overrides: Partial<VendorListCampaign> = {}): VendorListCampaign => ({
  id: 4021,
  module: 'enhance',
  acceptsLeads: true,
  timeZone: 'America/Chicago',
  startDate: '2026-11-01',
  endDate: null,
  lastRunDay: null,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('dueVendorListRun: once per campaign per local day', () => {
  it.each<[string, Partial<VendorListCampaign>, string, string | null]>([
    ['an enhance campaign, first run', {}, '2026-11-26T12:00:00Z', '2026-11-26'],
    ['a b2b campaign', { module: 'b2b' }, '2026-11-26T12:00:00Z', '2026-11-26'],
    [
      'the local day, not the UTC day (03:00 UTC is still the 25th in Chicago)',
      {},
      '2026-11-26T03:00:00Z',
      '2026-11-25',
    ],
    ['just after local midnight', {}, '2026-11-26T06:00:00Z', '2026-11-26'],
    ['Tokyo is a day ahead', { timeZone: 'Asia/Tokyo' }, '2026-11-26T16:00:00Z', '2026-11-27'],
    [
      'a run claimed yesterday: today is due',
      { lastRunDay: '2026-11-25' },
      '2026-11-26T12:00:00Z',
      '2026-11-26',
    ],
    ['today’s run claimed already', { lastRunDay: '2026-11-26' }, '2026-11-26T23:00:00Z', null],
    ['a local campaign (pixel, no list)', { module: 'local' }, '2026-11-26T12:00:00Z', null],
    ['a locator campaign (ad platform, no list)', { module: 'locator' }, '2026-11-26T12:00:00Z', null],
    ['not taking leads (paused, stopped, archived)', { acceptsLeads: false }, '2026-11-26T12:00:00Z', null],
    ['before its start date', { startDate: '2026-11-27' }, '2026-11-26T12:00:00Z', null],
    ['on its start date', { startDate: '2026-11-26' }, '2026-11-26T12:00:00Z', '2026-11-26'],
    ['on its end date', { endDate: '2026-11-26' }, '2026-11-27T05:59:59Z', '2026-11-26'],
    ['after its end date (local)', { endDate: '2026-11-26' }, '2026-11-27T06:00:00Z', null],
    ['open dates', { startDate: null, endDate: null }, '2026-11-26T12:00:00Z', '2026-11-26'],
    // Chicago falls back on 2026-11-01: 05:30 UTC is 00:30 CDT of the 1st, 06:30 UTC is 00:30 CST.
    ['fall-back day, first hour', { lastRunDay: '2026-10-31' }, '2026-11-01T05:30:00Z', '2026-11-01'],
    [
      'fall-back day, repeated hour after the run',
      { lastRunDay: '2026-11-01' },
      '2026-11-01T06:30:00Z',
      null,
    ],
  ])('%s', (_, overrides, now, day) => {
    const run = dueVendorListRun(campaign(overrides), at(now));
    if (day === null) expect(run).toBeNull();
    else
      expect(run).toEqual({
        key: `vendor-list:4021:${day}`,
        payload: { campaignId: 4021, day },
      });
  });

  it('gives every sweep of one day the same key, and the next day another', () => {
    const keys = ['2026-11-26T06:00:00Z', '2026-11-26T15:10:00Z', '2026-11-27T05:59:00Z'].map(
      (now) => dueVendorListRun(campaign(), at(now))?.key,
    );
    expect(new Set(keys)).toEqual(new Set([vendorListKey(4021, '2026-11-26')]));
    expect(dueVendorListRun(campaign(), at('2026-11-27T06:00:00Z'))?.key).toBe('vendor-list:4021:2026-11-27');
  });
});

describe('the vendor list jobs', () => {
  it('take a positive campaign id and a real day, and nothing else', () => {
    expect(vendorListJob.payload.parse({ campaignId: 7, day: '2026-11-26' })).toEqual({
      campaignId: 7,
      day: '2026-11-26',
    });
    for (const bad of [
      { campaignId: 0, day: '2026-11-26' },
      { campaignId: 1.5, day: '2026-11-26' },
      { campaignId: '7', day: '2026-11-26' },
      { campaignId: 7, day: '2026-02-30' },
      { campaignId: 7, day: '26-11-2026' },
      { campaignId: 7, day: '2026-11-26', extra: true },
    ])
      expect(vendorListJob.payload.safeParse(bad).success).toBe(false);
  });

  it('sweep every ten minutes, one at a time', () => {
    expect(vendorListSweepJob.recurring).toEqual({ cron: '*/10 * * * *' });
    expect(vendorListSweepJob.payload.safeParse({}).success).toBe(true);
  });
});
