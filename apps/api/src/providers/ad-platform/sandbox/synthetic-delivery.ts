import { asCents, asMicros, type Cents, type Micros } from '@app/contracts';
import { addDays, localDate, startOfLocalDay } from '@app/lead-engine';
import { impressionSpend, impressionsWithinBudget } from '@app/pricing';
import type { VisitorInput } from '../../identities/index.js';
import { hash32 } from '../../identities/sandbox/hashing.js';
import type { AdBudget, AdStatusChange, Conversion, DailyStats } from '../ad-platform.js';

/*
 * What the sandbox's ads "deliver" (decision 0044): a pure function of the campaign, its status
 * history, the day and the clock. Each local day has a potential — impressions, a click-through rate,
 * click times scattered over the day, which clicks land on the site — fixed by hashing the seed, the
 * campaign id and the day. The campaign earns the part of that potential that falls while it was
 * active (history), on a day of its schedule, before now, and within its daily and total budgets
 * (serving stops at the instant a budget is used up). So a paused hour brings no clicks, the same day
 * always gives the same figures and visitors, and today's figures grow as the day goes on.
 */

export interface DeliveryCampaign {
  id: string;
  reference: string;
  keywords: readonly string[];
  budget: AdBudget;
  startDate: string;
  endDate: string | null;
  timeZone: string;
  history: readonly AdStatusChange[];
}

export interface DeliveredDay extends DailyStats {
  /** Landed visits, oldest first (only when asked for). */
  conversions: Conversion[];
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

/** A day's full potential if the campaign ran all day, uncapped. */
function potentialOf(seed: string, campaign: DeliveryCampaign, day: string) {
  const impressionsPerKeyword = 400 + (hash32(`${seed}|impressions|${campaign.id}|${day}`) % 800);
  const impressions = impressionsPerKeyword * Math.min(campaign.keywords.length, 25);
  const ctrBasisPoints = 20 + (hash32(`${seed}|ctr|${campaign.id}|${day}`) % 61);
  return { impressions, clicks: Math.floor((impressions * ctrBasisPoints) / 10_000) };
}

/** The intervals [start, end) in which the history says the campaign was active. */
function activeIntervals(history: readonly AdStatusChange[], until: number): [number, number][] {
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
  const intervals = activeIntervals(campaign.history, now);
  const cpm = sandboxCpm(seed, campaign.id);
  const firstActive = intervals[0];
  const result: DeliveredDay[] = [];
  const empty = (day: string): DeliveredDay => ({
    day,
    impressions: 0,
    clicks: 0,
    spend: asCents(0),
    conversions: [],
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
    for (let i = 0; i < potential.clicks; i++) {
      const at = dayStart + (hash32(`${seed}|click|${campaign.id}|${day}|${i}`) % dayMs);
      if (!within(windows, at)) continue;
      clicks++;
      if (range.withConversions && hash32(`${seed}|lands|${campaign.id}|${day}|${i}`) % 100 < LANDING_PERCENT)
        conversions.push(conversionOf(seed, campaign, day, i, at));
    }
    conversions.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
    return { day, impressions, clicks, spend, conversions };
  }
}

function conversionOf(
  seed: string,
  campaign: DeliveryCampaign,
  day: string,
  click: number,
  at: number,
): Conversion {
  const h = hash32(`${seed}|visitor|${campaign.id}|${day}|${click}`);
  const keyword = campaign.keywords[h % campaign.keywords.length] ?? '';
  const visitor: VisitorInput = {
    visitorKey: `adv-${hash32(`${seed}|${campaign.id}`).toString(36)}-${(h % VISITOR_POOL).toString(36)}`,
    // Documentation address ranges (RFC 5737): clearly not a real visitor's address.
    ip: `${h % 2 === 0 ? '198.51.100' : '203.0.113'}.${1 + (hash32(`${seed}|ip|${h}`) % 254)}`,
    userAgent: USER_AGENTS[h % USER_AGENTS.length] as string,
    pageUrl: `https://ads.sandbox.example/click/${campaign.reference}?keyword=${encodeURIComponent(keyword)}`,
    campaignId: campaign.reference,
  };
  return { id: `${campaign.id}:${day}:${click}`, at: new Date(at), visitor };
}
