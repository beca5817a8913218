/**
 * The data vendor's counting port (issue 22, decision 0093): the questions the product asks the
 * vendor behind the identity resolver before it buys anything — how many people show interest in a
 * keyword (in a place, and nationwide over the vendor's 7-day lookback), and how many people of a
 * campaign's audience it holds advanced information for. A vendor under heavy load does not answer
 * at once: it gives a ticket to collect the answer later (`waiting`). An outage throws
 * `DataVendorUnavailable` (the product shows 'Server might be busy. Please try again later.'); a
 * request the vendor refuses as given throws `IdentityRequestError`. Callers hold no database
 * transaction across a call.
 */
import type { KeywordCountModule, VendorListModule } from '@app/contracts';
import type { ListGeography } from './resolver.js';

export interface DataVendor {
  readonly name: 'sandbox';
  /** What the vendor's answers are labelled with (`api_version` of a count row). */
  readonly apiVersion: string;
  /** The vendor's lookback for keyword interest (spec 2 §9: 7 days). */
  readonly lookbackDays: number;
  countKeyword(request: KeywordCountRequest): Promise<VendorAnswer<KeywordCountAnswer>>;
  countEnhancement(request: EnhancementCountRequest): Promise<VendorAnswer<EnhancementCountAnswer>>;
  /** A ticket a waiting answer gave: its answer once ready, else still waiting. */
  collectKeywordCount(ticket: string): Promise<VendorAnswer<KeywordCountAnswer>>;
  collectEnhancementCount(ticket: string): Promise<VendorAnswer<EnhancementCountAnswer>>;
  /** The zips the vendor covers in a state, or in one city of it (the location picker's zips). */
  zipsOf(place: { state: string; city?: string }): Promise<string[]>;
}

export interface KeywordCountRequest {
  module: KeywordCountModule;
  keyword: string;
  geography: ListGeography;
}

export interface KeywordCountAnswer {
  /** People in the geography showing interest in the keyword over the lookback. */
  count: number;
  /** The same, nationwide. */
  countWithoutGeo: number;
}

export interface EnhancementCountRequest {
  module: VendorListModule;
  /** Any of them (an empty list: everyone in the geography), as a daily list reads a campaign. */
  keywords: string[];
  geography: ListGeography;
  /** Catalogue ids of the module's list (`@app/contracts` advanced-information.ts). */
  fields: string[];
}

export interface EnhancementCountAnswer {
  /** People matching the campaign's keywords and geography. */
  audience: number;
  /** Of those, how many the vendor holds each field for. */
  fields: Record<string, number>;
}

export type VendorAnswer<T> =
  | { status: 'answered'; answer: T }
  | { status: 'waiting'; ticket: string; retryAfterSeconds: number };

/** The vendor did not answer (an outage, a time-out): asking again later may work. */
export class DataVendorUnavailable extends Error {
  constructor(message = 'The data vendor did not answer.') {
    super(message);
    this.name = 'DataVendorUnavailable';
  }
}
