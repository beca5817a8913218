import { asCents, asMicros, type Cents, type Micros } from '@app/contracts';
import { addDays, localDate, startOfLocalDay } from '@app/lead-engine';
import { impressionSpend, impressionsWithinBudget, splitSpend } from '@app/pricing';
import type { VisitorInput } from '../../identities/index.js';
import { hash32 } from '../../identities/sandbox/hashing.js';
import type {
  AdBudget,
  AdCampaignKind,
  AdDailyStats,
  AdGeography,
  AdStatusChange,
  Conversion,
  DailyStats,
} from '../ad-platform.js';
import type { AdServing } from './sandbox-creative-store.js';

/*
 * What the sandbox's ads "deliver" (decision 0044): a pure function of the campaign, its status
 * history, the day and the clock. Each local day has a potential — impressions, a click-through rate,
 * click times scattered over the day, which clicks land on the site — fixed by hashing the seed, the
 * campaign id and the day. The campaign earns the part of that potential that falls while it was
 * active (history), on a day of its schedule, before now, and within its daily and total budgets
 * (serving stops at the instant a budget is used up). So a paused hour brings no clicks, the same day
 * always gives the same figures and visitors, and today's figures grow as the day goes on.
 *
 * Decision 0112: a display campaign (and any campaign that has ads) serves only while one of its
 * ads is active too, and its day is split between the ads that served: impressions by active time
 * weighted by a per-ad performance factor, each click to an ad that was serving at its instant, and
 * spend by impressions to the cent (`splitSpend`). A CPM bid under the sandbox's market price wins
 * that share of the impressions and pays the bid.
 */

export interface DeliveryCampaign {
  id: string;
  reference: string;
  /** Default search. */
  kind?: AdCampaignKind;
  keywords: readonly string[];
  /** What a display campaign's reach is derived from. */
  geography?: AdGeography;
  budget: AdBudget;
  /** The CPM bid; null or absent = the market price. */
  maxBid?: Micros | null;
  /** The campaign's ads with their status histories. */
  ads?: readonly AdServing[];
  startDate: string;
  endDate: string | null;
  timeZone: string;
  history: readonly AdStatusChange[];
}

export interface DeliveredDay extends DailyStats {
  /** Landed visits, oldest first (only when asked for). */
  conversions: Conversion[];
  /** The day split per ad that served (none for a campaign without ads). */
  ads: AdDailyStats[];
}

/** Share of clicks that land on the advertiser's site (the rest bounce before the page loads). */
const LANDING_PERCENT = 70;
/** Distinct visitors per campaign: clicks draw from this pool, so some people come back. */
const VISITOR_POOL = 20_000;
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
] as const;

/** The campaign's price per thousand impressions: $4.00 to $12.00, fixed per campaign. */
export function sandboxCpm(seed: string, campaignId: string): Micros {
  return asMicros(4_000_000 + (hash32(`${seed}|cpm|${campaignId}`) % 8_001) * 1_000);
}

/**
 * How many places a display campaign reaches, 1 to 25: national is the most; each state counts as
 * five cities, a city as two zips.
 */
function displayReach(geography: AdGeography | undefined): number {
  if (!geography || geography.national) return 25;
  const places = geography.states.length * 5 + geography.cities.length * 2 + geography.zips.length;
  return Math.max(1, Math.min(places, 25));
}

/**
 * A day's full potential if the campaign ran all day, uncapped. Search: 400–1,199 impressions per
 * keyword (at most 25) at a click-through rate of 0.20–0.80 %. Display: 2,000–5,999 per unit of
 * reach at 0.05–0.25 %, display's lower rate.
 */
function potentialOf(seed: string, campaign: DeliveryCampaign, day: string) {
  const h = (what: string) => hash32(`${seed}|${what}|${campaign.id}|${day}`);
  if (campaign.kind === 'display') {
    const impressions = (2_000 + (h('impressions') % 4_000)) * displayReach(campaign.geography);
    return { impressions, clicks: Math.floor((impressions * (5 + (h('ctr') % 21))) / 10_000) };
  }
  const impressionsPerKeyword = 400 + (h('impressions') % 800);
  const impressions = impressionsPerKeyword * Math.min(campaign.keywords.length, 25);
  const ctrBasisPoints = 20 + (h('ctr') % 61);
  return { impressions, clicks: Math.floor((impressions * ctrBasisPoints) / 10_000) };
}

/** An ad's performance factor, 50 to 149: some creatives win more of the campaign's impressions. */
export const sandboxAdPerformance = (seed: string, adId: string) =>
  50 + (hash32(`${seed}|performance|${adId}`) % 100);

/** The intervals [start, end) in which an ad was active, by its history. */
function adActiveIntervals(history: AdServing['history'], until: number): [number, number][] {
  return activeIntervals(
    history.map((h) => ({ to: h.to === 'active' ? 'active' : 'paused', at: h.at })),
    until,
  );
}

/** Two sets of intervals intersected. */
function intersect(a: readonly [number, number][], b: readonly [number, number][]): [number, number][] {
  return a.flatMap(([from, to]) => clip(b, from, to));
}

/** Intervals merged into disjoint ones, in order. */
function union(intervals: readonly [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** A count split by integer weights, largest remainder (ties to the earlier): the parts add up. */
function splitCount(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (whole === 0n) return weights.map(() => 0);
  const amount = BigInt(total);
  const parts = weights.map((w) => (amount * BigInt(w)) / whole);
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: (amount * BigInt(w)) % whole }))
    .sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = (parts[index] as bigint) + 1n;
    left -= 1n;
  }
  return parts.map((p) => Number.parseInt(p.toString(), 10));
}

/** The intervals [start, end) in which the history says the campaign was active. */
function activeIntervals(
  history: readonly Pick<AdStatusChange, 'to' | 'at'>[],
  until: number,
): [number, number][] {
  const intervals: [number, number][] = [];
  let since: number | null = null;
  for (const change of history) {
    const at = change.at.getTime();
    if (change.to === 'active' && since === null) since = at;
    else if (change.to !== 'active' && since !== null) {
      intervals.push([since, at]);
      since = null;
    }
  }
  if (since !== null && since < until) intervals.push([since, until]);
  return intervals;
}

/** Intervals clipped to [from, to). */
function clip(intervals: readonly [number, number][], from: number, to: number): [number, number][] {
  return intervals
    .map(([a, b]): [number, number] => [Math.max(a, from), Math.min(b, to)])
    .filter(([a, b]) => a < b);
}

/** The first `ms` milliseconds of active time (serving stops when a budget is used up). */
function firstMs(intervals: readonly [number, number][], ms: number): [number, number][] {
  const kept: [number, number][] = [];
  let left = ms;
  for (const [a, b] of intervals) {
    if (left <= 0) break;
    const end = Math.min(b, a + left);
    kept.push([a, end]);
    left -= end - a;
  }
  return kept;
}

const within = (intervals: readonly [number, number][], at: number) =>
  intervals.some(([a, b]) => at >= a && at < b);

/**
 * Delivery of each day from `from` to `to` (local dates, inclusive), as of `now`. Days before `from`
 * are walked too (from the first day the campaign was active) because the total budget carries over.
 */
export function deliver(
  seed: string,
  campaign: DeliveryCampaign,
  range: { from: string; to: string; now: Date; withConversions: boolean },
): DeliveredDay[] {
  const now = range.now.getTime();
  const ads = (campaign.ads ?? []).map((ad) => ({
    id: ad.id,
    intervals: adActiveIntervals(ad.history, now),
    performance: sandboxAdPerformance(seed, ad.id),
  }));
  // A display campaign shows ads: it serves only while one of them is active (so does any campaign
  // given ads; the locator mirror's search campaigns have none and serve on keywords alone).
  const needsAds = campaign.kind === 'display' || ads.length > 0;
  const campaignIntervals = activeIntervals(campaign.history, now);
  const intervals = needsAds
    ? intersect(campaignIntervals, union(ads.flatMap((ad) => ad.intervals)))
    : campaignIntervals;
  const market = sandboxCpm(seed, campaign.id);
  // A bid under the market price wins that share of the impressions, and pays the bid.
  const bid = campaign.maxBid ?? null;
  const underbid = bid !== null && bid < market;
  const cpm: Micros = underbid ? bid : market;
  const firstActive = intervals[0];
  const result: DeliveredDay[] = [];
  const empty = (day: string): DeliveredDay => ({
    day,
    impressions: 0,
    clicks: 0,
    spend: asCents(0),
    conversions: [],
    ads: [],
  });
  let spentTotal = 0;
  /** The total budget ran out (serving stopped at its cap): no later day serves. */
  let totalSpent = false;
  const firstDay = firstActive ? localDate(new Date(firstActive[0]), campaign.timeZone) : null;
  let day = firstDay !== null && firstDay < range.from ? firstDay : range.from;
  while (day <= range.to) {
    const served = firstDay !== null && day >= firstDay ? deliverDay(day) : null;
    if (day >= range.from) result.push(served ?? empty(day));
    day = addDays(day, 1);
  }
  return result;

  function deliverDay(day: string): DeliveredDay | null {
    if (day < campaign.startDate || (campaign.endDate !== null && day > campaign.endDate)) return null;
    const dayStart = startOfLocalDay(day, campaign.timeZone).getTime();
    const dayMs = startOfLocalDay(addDays(day, 1), campaign.timeZone).getTime() - dayStart;
    let windows = clip(intervals, dayStart, Math.min(dayStart + dayMs, now));
    if (windows.length === 0) return null;
    const potential = potentialOf(seed, campaign, day);
    const activeMs = windows.reduce((sum, [a, b]) => sum + b - a, 0);
    let impressions = Math.floor((potential.impressions * activeMs) / dayMs);
    if (underbid) impressions = Math.floor((impressions * bid) / market);
    const dailyCap =
      campaign.budget.daily !== undefined ? impressionsWithinBudget(campaign.budget.daily, cpm) : Infinity;
    const totalCap =
      campaign.budget.total === undefined
        ? Infinity
        : totalSpent
          ? 0
          : impressionsWithinBudget(asCents(Math.max(0, campaign.budget.total - spentTotal)), cpm);
    const cap = Math.min(dailyCap, totalCap);
    if (impressions >= totalCap) totalSpent = true; // the last cents never buy a stray impression later
    if (impressions > cap) {
      // Impressions come evenly over active time: the cap is reached after cap/potential of a day.
      windows = firstMs(windows, Math.ceil((cap * dayMs) / Math.max(potential.impressions, 1)));
      impressions = cap;
    }
    const spend: Cents = impressionSpend(impressions, cpm);
    spentTotal += spend;
    let clicks = 0;
    const conversions: Conversion[] = [];
    // Each ad's share of the served time, weighted by how well it performs.
    const serving = ads.map((ad) => ({
      ...ad,
      windows: intersect(ad.intervals, windows),
    }));
    const adClicks = serving.map(() => 0);
    for (let i = 0; i < potential.clicks; i++) {
      const at = dayStart + (hash32(`${seed}|click|${campaign.id}|${day}|${i}`) % dayMs);
      if (!within(windows, at)) continue;
      if (underbid && hash32(`${seed}|win|${campaign.id}|${day}|${i}`) % market >= bid) continue;
      const adIndex = needsAds ? pickAd(serving, at, hash32(`${seed}|ad|${campaign.id}|${day}|${i}`)) : -1;
      clicks++;
      if (adIndex >= 0) adClicks[adIndex] = (adClicks[adIndex] as number) + 1;
      if (range.withConversions && hash32(`${seed}|lands|${campaign.id}|${day}|${i}`) % 100 < LANDING_PERCENT)
        conversions.push(conversionOf(seed, campaign, day, i, at, serving[adIndex]?.id));
    }
    conversions.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
    const weights = serving.map((ad) => ad.windows.reduce((sum, [a, b]) => sum + b - a, 0) * ad.performance);
    const adImpressions = needsAds ? splitCount(impressions, weights) : [];
    const adSpend = needsAds ? splitSpend(spend, adImpressions) : [];
    const perAd = serving
      .map(
        (ad, index): AdDailyStats => ({
          day,
          adId: ad.id,
          impressions: adImpressions[index] ?? 0,
          clicks: adClicks[index] ?? 0,
          spend: adSpend[index] ?? asCents(0),
        }),
      )
      .filter((row) => row.impressions > 0 || row.clicks > 0 || row.spend > 0);
    return { day, impressions, clicks, spend, conversions, ads: perAd };
  }
}

/** The ad a click at `at` went to: one serving then, drawn by `h` in proportion to performance. */
function pickAd(
  serving: readonly { windows: [number, number][]; performance: number }[],
  at: number,
  h: number,
) {
  const candidates = serving
    .map((ad, index) => ({ index, performance: ad.performance, on: within(ad.windows, at) }))
    .filter((c) => c.on);
  const total = candidates.reduce((sum, c) => sum + c.performance, 0);
  if (total === 0) return -1;
  let draw = h % total;
  for (const c of candidates) {
    if (draw < c.performance) return c.index;
    draw -= c.performance;
  }
  return -1;
}

function conversionOf(
  seed: string,
  campaign: DeliveryCampaign,
  day: string,
  click: number,
  at: number,
  adId: string | undefined,
): Conversion {
  const h = hash32(`${seed}|visitor|${campaign.id}|${day}|${click}`);
  const keyword = campaign.keywords.length > 0 ? (campaign.keywords[h % campaign.keywords.length] ?? '') : '';
  // A search click says its keyword; a display click says which ad was clicked.
  const query =
    keyword !== '' || adId === undefined
      ? `keyword=${encodeURIComponent(keyword)}`
      : `ad=${encodeURIComponent(adId)}`;
  const visitor: VisitorInput = {
    visitorKey: `adv-${hash32(`${seed}|${campaign.id}`).toString(36)}-${(h % VISITOR_POOL).toString(36)}`,
    // Documentation address ranges (RFC 5737): clearly not a real visitor's address.
    ip: `${h % 2 === 0 ? '198.51.100' : '203.0.113'}.${1 + (hash32(`${seed}|ip|${h}`) % 254)}`,
    userAgent: USER_AGENTS[h % USER_AGENTS.length] as string,
    pageUrl: `https://ads.sandbox.example/click/${campaign.reference}?${query}`,
    campaignId: campaign.reference,
  };
  return { id: `${campaign.id}:${day}:${click}`, at: new Date(at), visitor };
}
