import { asCents, asMicros } from '@app/contracts';
import { impressionSpend } from '@app/pricing';
import { describe, expect, it } from 'vitest';
import { type DeliveryCampaign, deliver, sandboxCpm } from './synthetic-delivery.js';

/*
 * Synthetic delivery of display campaigns (decision 0112), as the pure function it is: no ad, no
 * serving; a day split between its ads to the unit; a bid under the market wins that share.
 */

const SEED = 'unit-test-ads';
const TZ = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const midnight = (day: string) => at(`${day}T06:00:00.000Z`);

const campaign = (overrides: Partial<DeliveryCampaign> = {}): DeliveryCampaign => ({
  id: 'cmp_unit',
  reference: '12121212',
  kind: 'display',
  keywords: [],
  geography: { national: false, states: ['TX', 'OK'], cities: [], zips: [] },
  budget: {},
  startDate: '2026-11-01',
  endDate: null,
  timeZone: TZ,
  history: [
    { change: 'created', from: null, to: 'draft', at: midnight('2026-11-01') },
    { change: 'activated', from: 'draft', to: 'active', at: midnight('2026-11-01') },
  ],
  ...overrides,
});
const ad = (id: string, history: [string, 'active' | 'paused' | 'deleted'][]) => ({
  id,
  history: history.map(([iso, to]) => ({ to, at: at(iso) })),
});
const range = { from: '2026-11-01', to: '2026-11-05', now: midnight('2026-11-06'), withConversions: true };

describe('deliver: display campaigns', () => {
  it('serves nothing without an active ad', () => {
    const days = deliver(SEED, campaign(), range);
    expect(days.every((d) => d.impressions === 0 && d.ads.length === 0)).toBe(true);
    const paused = deliver(
      SEED,
      campaign({
        ads: [
          ad('a1', [
            ['2026-11-01T06:00:00Z', 'active'],
            ['2026-11-01T06:00:00Z', 'paused'],
          ]),
        ],
      }),
      range,
    );
    expect(paused.every((d) => d.impressions === 0)).toBe(true);
  });

  it('splits every day between the ads serving it, to the impression, click and cent', () => {
    const ads = [
      ad('a1', [
        ['2026-11-01T06:00:00Z', 'active'],
        ['2026-11-03T18:00:00Z', 'paused'],
        ['2026-11-04T12:00:00Z', 'active'],
      ]),
      ad('a2', [
        ['2026-11-02T15:30:00Z', 'active'],
        ['2026-11-05T02:00:00Z', 'deleted'],
      ]),
      ad('a3', [['2026-11-04T09:00:00Z', 'active']]),
    ];
    for (const budget of [{}, { daily: asCents(1_234) }, { total: asCents(4_000) }]) {
      const days = deliver(SEED, campaign({ ads, budget }), range);
      expect(days.some((d) => d.impressions > 0)).toBe(true);
      for (const day of days) {
        expect(day.ads.reduce((s, r) => s + r.impressions, 0)).toBe(day.impressions);
        expect(day.ads.reduce((s, r) => s + r.clicks, 0)).toBe(day.clicks);
        expect(day.ads.reduce((s, r) => s + r.spend, 0)).toBe(day.spend);
        for (const row of day.ads) expect(row.day).toBe(day.day);
      }
      // Only ads that ran that day have figures: a2 started on the 2nd, a3 on the 4th (when a
      // budget cap stops serving early on the 4th, only a2 had started by then).
      expect(days[0]?.ads.map((r) => r.adId)).toEqual(['a1']);
      expect(days[3]?.ads.map((r) => r.adId).sort()).toEqual(
        'daily' in budget ? ['a2'] : 'total' in budget ? [] : ['a1', 'a2', 'a3'],
      );
      // Each visit names the ad it came from.
      for (const visit of days.flatMap((d) => d.conversions))
        expect(visit.visitor.pageUrl).toMatch(
          /^https:\/\/ads\.sandbox\.example\/click\/12121212\?ad=a[123]$/,
        );
    }
  });

  it('with a bid under the market wins that share of the impressions and pays the bid', () => {
    const ads = [ad('a1', [['2026-11-01T06:00:00Z', 'active']])];
    const market = sandboxCpm(SEED, 'cmp_unit');
    const bid = asMicros(Math.floor(market / 4));
    const full = deliver(SEED, campaign({ ads }), range);
    const cheap = deliver(SEED, campaign({ ads, maxBid: bid }), range);
    const over = deliver(SEED, campaign({ ads, maxBid: asMicros(market + 1_000_000) }), range);
    expect(over).toEqual(full); // bidding over the market pays the market
    full.forEach((day, i) => {
      const won = cheap[i];
      expect(won?.impressions).toBe(Math.floor((day.impressions * bid) / market));
      expect(won?.spend).toBe(impressionSpend(won?.impressions ?? 0, bid));
      expect(won?.clicks).toBeLessThanOrEqual(day.clicks);
    });
  });

  it('reaches more with wider geography, and is the same every time', () => {
    const ads = [ad('a1', [['2026-11-01T06:00:00Z', 'active']])];
    const narrow = deliver(
      SEED,
      campaign({ ads, geography: { national: false, states: [], cities: [], zips: ['78701'] } }),
      range,
    );
    const national = deliver(
      SEED,
      campaign({ ads, geography: { national: true, states: [], cities: [], zips: [] } }),
      range,
    );
    expect(national[1]?.impressions).toBe((narrow[1]?.impressions ?? 0) * 25);
    expect(deliver(SEED, campaign({ ads }), range)).toEqual(deliver(SEED, campaign({ ads }), range));
  });

  it('leaves a search campaign without ads as it was: served on its keywords alone', () => {
    const days = deliver(SEED, campaign({ kind: 'search', keywords: ['dentist', 'braces'] }), range);
    expect(days.every((d) => d.impressions > 0 && d.ads.length === 0)).toBe(true);
  });
});
