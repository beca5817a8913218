import { isIP } from 'node:net';
import {
  ADVANCED_INFORMATION,
  advancedInformationField,
  informationListOfModule,
  isVendorListModule,
  listOfType,
  PIXEL_URL_MAX_LENGTH,
  type VendorListModule,
} from '@app/contracts';
import { normalizePlace, normalizeState } from '@app/lead-engine';
import { IdentityRequestError, type ListGeography, type ListRequest, type VisitorInput } from './resolver.js';

/*
 * The port's input rules, shared by every adapter: a request is checked and put in its one
 * normal form here, before any adapter looks at it, so the sandbox and a vendor refuse the same
 * things with the same words.
 */

export const MAX_LIST_LIMIT = 10_000;
/**
 * The longest user agent a visit may carry. The product's writers (the pixel, the ad platform's
 * visits) cut longer ones to this before storing, so no visit they acknowledged is refused for it.
 */
export const USER_AGENT_MAX_LENGTH = 1_000;
export const MAX_PAGE_SIZE = 1_000;
const MAX_KEYWORDS = 200;
const MAX_PLACES = 2_000;
const VISIBLE = /^[\x21-\x7e]+$/;
const ZIP = /^\d{5}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CAMPAIGN_ID = /^\d{8}$/;

const fail = (param: string, message: string): never => {
  throw new IdentityRequestError(message, param);
};

/** A visit with its parts checked; `ip` in the form `net` understands. */
export function checkVisitor(visit: VisitorInput): VisitorInput {
  const visitorKey = typeof visit.visitorKey === 'string' ? visit.visitorKey : '';
  if (visitorKey.length < 1 || visitorKey.length > 200 || !VISIBLE.test(visitorKey))
    fail('visitorKey', 'The visitor key must be 1 to 200 visible characters.');
  if (typeof visit.ip !== 'string' || isIP(visit.ip) === 0)
    fail('ip', 'The visitor IP address must be an IPv4 or IPv6 address.');
  if (typeof visit.userAgent !== 'string' || visit.userAgent.length > USER_AGENT_MAX_LENGTH)
    fail(
      'userAgent',
      `The user agent must be text of at most ${USER_AGENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
    );
  let page: URL | null = null;
  try {
    page =
      typeof visit.pageUrl === 'string' && visit.pageUrl.length <= PIXEL_URL_MAX_LENGTH
        ? new URL(visit.pageUrl)
        : null;
  } catch {
    page = null;
  }
  if (!page || (page.protocol !== 'http:' && page.protocol !== 'https:'))
    fail(
      'pageUrl',
      `The page URL must be an http or https address of at most ${PIXEL_URL_MAX_LENGTH} characters.`,
    );
  if (typeof visit.campaignId !== 'string' || !CAMPAIGN_ID.test(visit.campaignId))
    fail('campaignId', 'The campaign id must be 8 digits.');
  return visit;
}

/** A list request in normal form: codes upper-case, places and keywords trimmed and lowercased, no repeats. */
export interface CheckedListRequest {
  module: VendorListModule;
  keywords: string[];
  national: boolean;
  states: string[];
  cities: { cityKey: string; state: string }[];
  zips: string[];
  limit: number;
  pageSize: number;
  day: string;
  cursor: string | null;
  /** Advanced information fields asked for (catalogue ids of the module's list), in catalogue order. */
  fields: string[];
}

export function checkListRequest(request: ListRequest): CheckedListRequest {
  if (typeof request.module !== 'string' || !isVendorListModule(request.module))
    fail('module', 'Lists are for enhance or b2b campaigns.');
  if (!Array.isArray(request.keywords) || request.keywords.length > MAX_KEYWORDS)
    fail('keywords', `At most ${MAX_KEYWORDS} keywords.`);
  const keywords = unique(request.keywords.map((keyword) => checkKeyword(keyword)));
  const {
    national,
    states: stateCodes,
    cities: cityKeys,
    zips: zipCodes,
  } = checkGeography(request.geography);
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > MAX_LIST_LIMIT)
    fail('limit', `The limit must be a whole number from 1 to ${MAX_LIST_LIMIT.toLocaleString('en-US')}.`);
  const pageSize = request.pageSize ?? MAX_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    fail(
      'pageSize',
      `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE.toLocaleString('en-US')}.`,
    );
  if (typeof request.day !== 'string' || !DAY.test(request.day) || Number.isNaN(Date.parse(request.day)))
    fail('day', 'The day must be a date written YYYY-MM-DD.');
  return {
    module: request.module,
    keywords,
    national,
    states: stateCodes,
    cities: cityKeys,
    zips: zipCodes,
    limit: request.limit,
    pageSize,
    day: request.day,
    cursor: request.cursor ?? null,
    fields: checkFields(request.module, request.fields ?? []),
  };
}

/** Advanced information ids of the module's list, known to the catalogue; repeats dropped. */
export function checkFields(module: VendorListModule, fields: readonly unknown[]): string[] {
  const list = informationListOfModule(module);
  if (!Array.isArray(fields) || fields.length > ADVANCED_INFORMATION.length)
    fail('fields', 'Ask for the advanced information of the catalogue.');
  const asked = new Set<string>();
  for (const id of fields) {
    const field = typeof id === 'string' ? advancedInformationField(id) : undefined;
    if (!field || listOfType(field.type) !== list)
      fail('fields', `Not advanced information of this module's list: ${String(id)}`);
    asked.add(id as string);
  }
  return ADVANCED_INFORMATION.filter((f) => asked.has(f.id)).map((f) => f.id as string);
}

/** A geography in normal form: codes upper-case, city names as keys; all empty when national. */
export interface CheckedGeography {
  national: boolean;
  states: string[];
  cities: { cityKey: string; state: string }[];
  zips: string[];
}

/** The port's rule for a place to look: national, or at least one state, city or zip, each valid. */
export function checkGeography(geography: ListGeography): CheckedGeography {
  if (!geography || typeof geography.national !== 'boolean')
    fail('geography', 'Say whether the list is national.');
  const { states = [], cities = [], zips = [] } = geography;
  if (states.length + cities.length + zips.length > MAX_PLACES)
    fail('geography', `At most ${MAX_PLACES.toLocaleString('en-US')} states, cities and zips in all.`);
  const stateCodes = unique(
    states.map((state) => normalizeState(state) ?? fail('geography.states', `Unknown state: ${state}`)),
  );
  const cityKeys = uniqueBy(
    cities.map((entry) => {
      const cityKey = normalizePlace(typeof entry?.city === 'string' ? entry.city : '');
      if (cityKey.length < 1 || cityKey.length > 100)
        fail('geography.cities', 'Each city needs a name of 1 to 100 characters.');
      const state = normalizeState(entry.state) ?? fail('geography.cities', `Unknown state: ${entry.state}`);
      return { cityKey, state };
    }),
    (c) => `${c.state}|${c.cityKey}`,
  );
  const zipCodes = unique(
    zips.map((zip) =>
      typeof zip === 'string' && ZIP.test(zip.trim())
        ? zip.trim()
        : fail('geography.zips', `A zip has five digits: ${String(zip)}`),
    ),
  );
  if (!geography.national && stateCodes.length + cityKeys.length + zipCodes.length === 0)
    fail('geography', 'Choose national targeting or at least one state, city or zip.');
  return geography.national
    ? { national: true, states: [], cities: [], zips: [] }
    : { national: false, states: stateCodes, cities: cityKeys, zips: zipCodes };
}

/** A keyword in the form people's interests are stored in: trimmed, single-spaced, lowercased, 1-100 characters. */
export function checkKeyword(keyword: unknown, param = 'keywords'): string {
  const text = typeof keyword === 'string' ? normalizePlace(keyword) : '';
  if (text.length < 1 || text.length > 100) fail(param, 'Each keyword must be 1 to 100 characters.');
  return text;
}

const unique = (items: string[]) => [...new Set(items)];
function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
