import type { Micros } from '@app/contracts';
import { addDays, isTimeZone, normalizePlace, normalizeState, parseLocalDate } from '@app/lead-engine';
import {
  type AdBudget,
  type AdCampaignKind,
  type AdGeography,
  type AdGoal,
  AdPlatformError,
  type ConversionRequest,
  type CreateCampaignInput,
  type CreateOrganizationInput,
  type StatsRequest,
  type UpdateCampaignInput,
} from './ad-platform.js';

/*
 * The port's input rules, shared by every adapter (the sandbox and Simpli.fi's): a request is checked
 * and put in its one normal form here, so every adapter refuses the same things with the same words.
 */

export const MAX_KEYWORDS = 1_000;
export const MAX_PLACES = 5_000;
/** Stats may cover at most a year, conversions at most a month, per call. */
export const MAX_STATS_DAYS = 366;
export const MAX_CONVERSION_RANGE_MS = 31 * 86_400_000;
/** Audience keys per call (a longer list goes in parts through `addAudienceKeys`), and per audience. */
export const MAX_AUDIENCE_KEYS_PER_CALL = 10_000;
export const MAX_AUDIENCE_SIZE = 1_000_000;
/** Creative files: an image at most 1 MiB, an HTML5 zip at most 2 MiB. */
export const MAX_AD_IMAGE_BYTES = 1_048_576;
export const MAX_AD_HTML5_BYTES = 2_097_152;
/** Audiences one campaign may target. */
export const MAX_CAMPAIGN_AUDIENCES = 50;
/** A budget above this is a typo, not a campaign ($10,000,000). */
const MAX_BUDGET_CENTS = 1_000_000_000;
/** A CPM bid from 1 cent to $1,000 (micro-dollars). */
const MIN_BID_MICROS = 10_000;
const MAX_BID_MICROS = 1_000_000_000;
/** A CPC / CPA goal from 1 cent to $10,000 (micro-dollars); a CTR goal from 0.01 % to 100 %. */
const MIN_GOAL_MICROS = 10_000;
const MAX_GOAL_MICROS = 10_000_000_000;
const MAX_CTR_BASIS_POINTS = 10_000;
const ZIP = /^\d{5}$/;
const REFERENCE = /^\d{8}$/;

export const fail = (param: string, message: string): never => {
  throw new AdPlatformError('invalid_request', message, param);
};

export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || key.length < 1 || key.length > 255)
    fail('idempotencyKey', 'An idempotency key of 1 to 255 characters is required.');
  return key as string;
}

export function checkCampaignId(id: unknown): string {
  if (typeof id !== 'string' || id.length < 1 || id.length > 100)
    fail('campaignId', 'The campaign id is required.');
  return id as string;
}

export function checkName(name: unknown, param: string, what: string): string {
  const text = typeof name === 'string' ? name.trim() : '';
  if (text.length < 1 || text.length > 200) fail(param, `${what} must be 1 to 200 characters.`);
  return text;
}

/** A custom id: 1 to 100 characters, trimmed. */
export function checkCustomId(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length < 1 || text.length > 100) fail('customId', 'The custom id must be 1 to 100 characters.');
  return text;
}

export function checkOrganization(input: CreateOrganizationInput) {
  checkIdempotencyKey(input.idempotencyKey);
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  if (reference.length < 1 || reference.length > 100)
    fail('reference', 'The reference must be 1 to 100 characters.');
  if (input.parentId !== undefined && (typeof input.parentId !== 'string' || input.parentId === ''))
    fail('parentId', 'The parent organisation id must be text.');
  return {
    name: checkName(input.name, 'name', 'The organisation name'),
    parentId: input.parentId ?? null,
    reference,
    customId: input.customId === undefined ? null : checkCustomId(input.customId),
  };
}

/** Keywords trimmed, inner spaces collapsed, repeats (ignoring case) dropped; the first spelling kept. */
function checkKeywords(keywords: unknown, param: string, required: boolean): string[] {
  if (!Array.isArray(keywords)) return fail(param, 'Keywords must be a list.');
  if (keywords.length > MAX_KEYWORDS)
    fail(param, `At most ${MAX_KEYWORDS.toLocaleString('en-US')} keywords.`);
  const kept = new Map<string, string>();
  for (const keyword of keywords) {
    const text = typeof keyword === 'string' ? keyword.trim().replace(/\s+/g, ' ') : '';
    if (text.length < 1 || text.length > 100) fail(param, 'Each keyword must be 1 to 100 characters.');
    if (!kept.has(text.toLowerCase())) kept.set(text.toLowerCase(), text);
  }
  if (required && kept.size === 0) fail(param, 'A campaign needs at least one keyword.');
  return [...kept.values()];
}

export function checkGeography(geography: AdGeography | undefined): AdGeography {
  if (!geography || typeof geography !== 'object' || typeof geography.national !== 'boolean')
    return fail('geography', 'Say whether the campaign is national.');
  const { states = [], cities = [], zips = [] } = geography;
  if (!Array.isArray(states) || !Array.isArray(cities) || !Array.isArray(zips))
    return fail('geography', 'States, cities and zips must be lists.');
  if (states.length + cities.length + zips.length > MAX_PLACES)
    fail('geography', `At most ${MAX_PLACES.toLocaleString('en-US')} states, cities and zips in all.`);
  const stateCodes = [
    ...new Set(
      states.map(
        (state) => normalizeState(state) ?? fail('geography.states', `Unknown state: ${String(state)}`),
      ),
    ),
  ];
  const cityEntries = new Map<string, { city: string; state: string }>();
  for (const entry of cities) {
    const city = typeof entry?.city === 'string' ? entry.city.trim().replace(/\s+/g, ' ') : '';
    if (city.length < 1 || city.length > 100)
      fail('geography.cities', 'Each city needs a name of 1 to 100 characters.');
    const state =
      normalizeState(entry.state) ?? fail('geography.cities', `Unknown state: ${String(entry.state)}`);
    const key = `${state}|${normalizePlace(city)}`;
    if (!cityEntries.has(key)) cityEntries.set(key, { city, state });
  }
  const zipCodes = [
    ...new Set(
      zips.map((zip) =>
        typeof zip === 'string' && ZIP.test(zip.trim())
          ? zip.trim()
          : fail('geography.zips', `A zip has five digits: ${String(zip)}`),
      ),
    ),
  ];
  if (geography.national) return { national: true, states: [], cities: [], zips: [] };
  if (stateCodes.length + cityEntries.size + zipCodes.length === 0)
    fail('geography', 'Choose national targeting or at least one state, city or zip.');
  return { national: false, states: stateCodes, cities: [...cityEntries.values()], zips: zipCodes };
}

export function checkBudget(budget: AdBudget | undefined): AdBudget {
  if (budget === undefined) return {};
  if (!budget || typeof budget !== 'object') return fail('budget', 'The budget must be an object.');
  const amount = (value: unknown, param: string) => {
    if (value === undefined) return undefined;
    if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > MAX_BUDGET_CENTS)
      fail(param, 'A budget is a whole number of cents from 1 to 1,000,000,000.');
    return value as AdBudget['daily'];
  };
  const daily = amount(budget.daily, 'budget.daily');
  const total = amount(budget.total, 'budget.total');
  if (daily !== undefined && total !== undefined && daily > total)
    fail('budget.daily', 'The daily budget cannot exceed the total budget.');
  return { ...(daily !== undefined ? { daily } : {}), ...(total !== undefined ? { total } : {}) };
}

function checkKind(kind: unknown): AdCampaignKind {
  if (kind === undefined || kind === 'search') return 'search';
  if (kind === 'display') return 'display';
  return fail('kind', 'The campaign kind is search or display.');
}

export function checkMaxBid(value: unknown): Micros {
  if (
    !Number.isSafeInteger(value) ||
    (value as number) < MIN_BID_MICROS ||
    (value as number) > MAX_BID_MICROS
  )
    fail(
      'maxBid',
      'The CPM bid is a whole number of micro-dollars from 10,000 ($0.01) to 1,000,000,000 ($1,000).',
    );
  return value as Micros;
}

export function checkGoal(goal: unknown): AdGoal {
  if (!goal || typeof goal !== 'object')
    return fail('goal', 'The goal is an object with a type and a value.');
  const { type, value } = goal as { type?: unknown; value?: unknown };
  if (type === 'cpc' || type === 'cpa') {
    if (
      !Number.isSafeInteger(value) ||
      (value as number) < MIN_GOAL_MICROS ||
      (value as number) > MAX_GOAL_MICROS
    )
      fail(
        'goal.value',
        'A cost goal is a whole number of micro-dollars from 10,000 ($0.01) to 10,000,000,000.',
      );
    return { type, value: value as Micros };
  }
  if (type === 'ctr') {
    if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > MAX_CTR_BASIS_POINTS)
      fail('goal.value', 'A click-through goal is in basis points of a percent, from 1 (0.01 %) to 10,000.');
    return { type, value: value as number };
  }
  return fail(
    'goal.type',
    'The goal type is cpc, cpa or ctr (a CPM campaign has no CPM goal: that is its bid).',
  );
}

export function checkDate(text: unknown, param: string): string {
  try {
    if (typeof text === 'string') {
      parseLocalDate(text);
      return text;
    }
  } catch {
    // refused below
  }
  return fail(param, 'A date is written YYYY-MM-DD and must exist.');
}

export function checkTimeZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.length > 64 || !isTimeZone(zone))
    fail('timeZone', 'The time zone must be an IANA name such as America/Chicago.');
  return zone as string;
}

export function checkCampaign(input: CreateCampaignInput) {
  checkIdempotencyKey(input.idempotencyKey);
  if (typeof input.organizationId !== 'string' || input.organizationId === '')
    fail('organizationId', 'The organisation id is required.');
  if (typeof input.reference !== 'string' || !REFERENCE.test(input.reference))
    fail('reference', 'The reference is the campaign’s 8-digit public id.');
  const startDate = checkDate(input.startDate, 'startDate');
  const endDate = input.endDate === undefined ? null : checkDate(input.endDate, 'endDate');
  if (endDate !== null && endDate < startDate)
    fail('endDate', 'The end date cannot be before the start date.');
  const kind = checkKind(input.kind);
  return {
    organizationId: input.organizationId,
    reference: input.reference,
    name: checkName(input.name, 'name', 'The campaign name'),
    kind,
    keywords: checkKeywords(
      input.keywords ?? (kind === 'display' ? [] : undefined),
      'keywords',
      kind === 'search',
    ),
    contextualKeywords: checkKeywords(input.contextualKeywords ?? [], 'contextualKeywords', false),
    geography: checkGeography(input.geography),
    budget: checkBudget(input.budget),
    maxBid: input.maxBid === undefined ? null : checkMaxBid(input.maxBid),
    goal: input.goal === undefined ? null : checkGoal(input.goal),
    startDate,
    endDate,
    timeZone: checkTimeZone(input.timeZone),
  };
}
export type CheckedCampaign = ReturnType<typeof checkCampaign>;

/**
 * The changes asked for, each checked; at least one. Keywords may be emptied only on a display
 * campaign: `keywordsRequired` says whether the campaign is a search one.
 */
export function checkCampaignUpdate(input: UpdateCampaignInput, keywordsRequired = true) {
  checkIdempotencyKey(input.idempotencyKey);
  const changes = {
    ...(input.name !== undefined ? { name: checkName(input.name, 'name', 'The campaign name') } : {}),
    ...(input.keywords !== undefined
      ? { keywords: checkKeywords(input.keywords, 'keywords', keywordsRequired) }
      : {}),
    ...(input.contextualKeywords !== undefined
      ? { contextualKeywords: checkKeywords(input.contextualKeywords, 'contextualKeywords', false) }
      : {}),
    ...(input.geography !== undefined ? { geography: checkGeography(input.geography) } : {}),
    ...(input.budget !== undefined ? { budget: checkBudget(input.budget) } : {}),
    ...(input.maxBid !== undefined
      ? { maxBid: input.maxBid === null ? null : checkMaxBid(input.maxBid) }
      : {}),
    ...(input.goal !== undefined ? { goal: input.goal === null ? null : checkGoal(input.goal) } : {}),
    ...(input.endDate !== undefined
      ? { endDate: input.endDate === null ? null : checkDate(input.endDate, 'endDate') }
      : {}),
  };
  if (Object.keys(changes).length === 0)
    fail(
      'changes',
      'Say what to change: name, keywords, contextual keywords, geography, budget, bid, goal or end date.',
    );
  return changes;
}
export type CheckedCampaignUpdate = ReturnType<typeof checkCampaignUpdate>;

/** A stats range: two dates, in order, at most `MAX_STATS_DAYS` days. */
export function checkStatsRange(input: StatsRequest) {
  checkCampaignId(input?.campaignId);
  const from = checkDate(input.from, 'from');
  const to = checkDate(input.to, 'to');
  if (to < from) fail('to', 'The range ends before it starts.');
  if (addDays(from, MAX_STATS_DAYS - 1) < to)
    fail('to', `Stats cover at most ${MAX_STATS_DAYS} days per request.`);
  return { campaignId: input.campaignId, from, to };
}

/** A visits range: `since` before `until` (default `now`), at most 31 days apart. */
export function checkConversionRange(input: ConversionRequest, now: Date) {
  checkCampaignId(input?.campaignId);
  const since = input.since;
  const until = input.until ?? now;
  if (!(since instanceof Date) || Number.isNaN(since.getTime())) fail('since', 'Since must be a time.');
  if (!(until instanceof Date) || Number.isNaN(until.getTime())) fail('until', 'Until must be a time.');
  if (until < since) fail('until', 'Until is before since.');
  if (until.getTime() - since.getTime() > MAX_CONVERSION_RANGE_MS)
    fail('until', 'Ask for at most 31 days of visits at a time.');
  return { campaignId: input.campaignId, since, until };
}
