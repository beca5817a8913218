/**
 * The identity resolver port: what the product asks of an identity vendor (or the sandbox that
 * plays one). Two questions, object inputs, typed results:
 *
 * - `resolveVisitor`: a page view reported by our first-party pixel (local campaigns) → the person
 *   behind it, or `unknown`. Only what a first-party pixel can know goes in. `resolveVisitors`
 *   asks the same of many page views in one call (the ingest job's batch: one request to the
 *   vendor instead of one per visitor).
 * - `lookupList`: the daily list of an enhance / b2b campaign → people matching its keywords and
 *   geography, at most `limit` in all, one page at a time.
 *
 * An identity's key is the MD5 of its lowercased e-mail (what suppression lists and the lead engine
 * meet on); the rest is what the vendor disclosed. Bad input throws `IdentityRequestError`; anything
 * else thrown is an outage the caller retries later. Callers hold no database transaction across a
 * call (a vendor is a third party).
 */
import type { VendorListModule } from '@app/contracts';
export interface IdentityResolver {
  readonly name: ResolverName;
  resolveVisitor(visit: VisitorInput): Promise<VisitorResolution>;
  /**
   * Up to `MAX_VISITORS_PER_CALL` page views at once: one answer per visit, in the same order. A
   * visit the resolver refuses is answered `refused` in its place and does not fail the others;
   * an outage throws for the whole call (the caller retries every visit of it).
   */
  resolveVisitors(visits: readonly VisitorInput[]): Promise<VisitorAnswer[]>;
  lookupList(request: ListRequest): Promise<ListPage>;
}

export type ResolverName = 'sandbox';

/** One page view as the pixel reports it. */
export interface VisitorInput {
  /** The pixel's visitor id for this browser on this site, kept in the site's own localStorage (no cookie; 1-200 visible characters). */
  visitorKey: string;
  /** The visitor's address as the server saw it (IPv4 or IPv6). */
  ip: string;
  userAgent: string;
  /** The page viewed (http or https). */
  pageUrl: string;
  /** The campaign's public 8-digit id (`leadspeek_api_id`). */
  campaignId: string;
}

export type VisitorResolution = { status: 'resolved'; identity: Identity } | { status: 'unknown' };

/** One answer of `resolveVisitors`: a resolution, or the visit refused as given (retrying will not help). */
export type VisitorAnswer = VisitorResolution | { status: 'refused'; error: IdentityRequestError };

/** The most page views one `resolveVisitors` call takes (a vendor's bulk request has a size limit). */
export const MAX_VISITORS_PER_CALL = 1_000;

export interface IdentityAddress {
  street: string | null;
  city: string | null;
  /** Two-letter USPS code. */
  state: string | null;
  /** Five digits. */
  zip: string | null;
}

export interface IdentityCompany {
  name: string;
  title: string;
  industry: string;
  /** Employee count band, e.g. '11-50'. */
  size: string;
}

export interface Identity {
  /** Stable id of this person at this resolver. */
  id: string;
  /** Where it came from; a sandbox identity is synthetic and must be shown as such. */
  source: ResolverName;
  /** MD5 (32 lowercase hex digits) of the lowercased e-mail. */
  emailMd5: string;
  firstName: string | null;
  lastName: string | null;
  /** Plain e-mails, when disclosed (an MD5-only identity has none). */
  emails: string[];
  phones: string[];
  address: IdentityAddress | null;
  /** b2b: where the person works. */
  company: IdentityCompany | null;
  /**
   * The advanced information a list asked for (`ListRequest.fields`): field id of the catalogue
   * (`@app/contracts` advanced-information.ts) → value, only the fields the vendor holds for this
   * person. Absent when none was asked.
   */
  advanced?: Record<string, string>;
}

/**
 * A daily list request. Geography is a union, as the lead engine's location lock reads a campaign's
 * lists: a person matches when their state, their city (in its state) or their zip is listed;
 * `national` drops the geography. Every comparison is exact (after trimming and lowercasing place
 * names), never a substring. Keywords match a person's interests or (b2b) industry exactly; an
 * empty list matches everyone.
 */
export interface ListRequest {
  /** A module whose leads come from a vendor list (the catalogue's `vendor_list`: enhance, b2b). */
  module: VendorListModule;
  keywords: string[];
  geography: ListGeography;
  /** How many identities the whole list may hold (the campaign's limit), 1-10,000. */
  limit: number;
  /** Identities per page, 1-1,000 (default 1,000). */
  pageSize?: number;
  /** The day the list is for (YYYY-MM-DD): another day brings other people first. */
  day: string;
  /** From the previous page; absent for the first. */
  cursor?: string;
  /**
   * Advanced information to add to each identity: ids of the catalogue's fields of the module's
   * list (enhance: consumer, b2b: business). The people listed are the same with or without them.
   */
  fields?: string[];
}

export interface ListGeography {
  national: boolean;
  /** Two-letter codes. */
  states: string[];
  cities: { city: string; state: string }[];
  /** Five digits each. */
  zips: string[];
}

export interface ListPage {
  identities: Identity[];
  /** Present when the list holds more (and the limit is not reached yet). */
  nextCursor: string | null;
}

/** A request the resolver refuses as given (the caller's mistake: retrying will not help). */
export class IdentityRequestError extends Error {
  constructor(
    message: string,
    /** The input field at fault. */
    readonly param: string,
  ) {
    super(message);
    this.name = 'IdentityRequestError';
  }
}
