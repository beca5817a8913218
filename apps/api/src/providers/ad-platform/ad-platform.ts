import type { Cents } from '@app/contracts';
import type { VisitorInput } from '../identities/index.js';

/**
 * The ad-platform port: what the product asks of a programmatic ad platform (Simpli.fi, or the
 * sandbox that plays one). Locator campaigns are mirrored to it (keyword and geography targeting,
 * pause and stop), and the Simplifi module runs its campaigns on it with budgets.
 *
 * The platform models what Simpli.fi's API models: **organisations** in a tree (our platform's
 * account → an agency → its clients; one per company), and **campaigns** inside an organisation,
 * created as drafts and moved by activate / pause / stop. Object inputs, typed results, money in
 * `Cents`. Every mutating call takes an `idempotencyKey` derived from the business operation
 * (e.g. `adorg:<companyId>`, `adcampaign:<campaignId>`, `adcampaign:<campaignId>:pause:<n>`): the same
 * key with the same input returns the object as it now is, the same key with other input fails with
 * `idempotency_mismatch`. Bad input and illegal moves throw `AdPlatformError`; anything else thrown is
 * an outage to retry. No database transaction may be open across a call.
 */
export interface AdPlatform {
  readonly name: AdPlatformName;

  createOrganization(input: CreateOrganizationInput): Promise<AdOrganization>;
  /** Null when the platform does not know the id. */
  getOrganization(id: string): Promise<AdOrganization | null>;

  /** Creates a campaign as a draft: it serves nothing until activated. */
  createCampaign(input: CreateCampaignInput): Promise<AdCampaign>;
  /** Replaces the parts given (targeting, budget, end date); allowed until the campaign has ended. */
  updateCampaign(input: UpdateCampaignInput): Promise<AdCampaign>;
  /** draft or paused → active. Activating an active campaign changes nothing. */
  activateCampaign(input: CampaignMove): Promise<AdCampaign>;
  /** active → paused. Pausing a paused campaign changes nothing; a draft or ended one is refused. */
  pauseCampaign(input: CampaignMove): Promise<AdCampaign>;
  /** Any status → ended, for good: an ended campaign is never activated again. */
  stopCampaign(input: CampaignMove): Promise<AdCampaign>;
  /** Null when the platform does not know the id. */
  getCampaign(id: string): Promise<AdCampaign | null>;

  /** Delivery per local day of the campaign's time zone, `from` to `to` inclusive (≤ 366 days). */
  getStats(input: StatsRequest): Promise<CampaignStats>;
  /**
   * The visitors the campaign's ads brought to the advertiser's site after `since` (up to `until`,
   * default now; at most 31 days), oldest first, as page views the identity resolver takes
   * (`resolveVisitor`). Ask again with the last `at` as `since`. A platform that cannot tell
   * returns none; its leads then come through the vendor callback.
   */
  pollConversions(input: ConversionRequest): Promise<Conversion[]>;
}

export type AdPlatformName = 'sandbox';

interface Mutation {
  idempotencyKey: string;
}

export interface CreateOrganizationInput extends Mutation {
  name: string;
  /** The organisation it belongs under (a client's agency); absent for an agency. */
  parentId?: string;
  /** Our own reference (the company id), echoed back. */
  reference: string;
}

export interface AdOrganization {
  id: string;
  parentId: string | null;
  name: string;
  reference: string;
}

/**
 * Where the ads run. National, or any of the listed states, cities (in their state) and five-digit
 * zips — the same reading as the lead engine's location lock. With `national` the lists are dropped.
 */
export interface AdGeography {
  national: boolean;
  /** Two-letter USPS codes (a state's name is accepted and stored as its code). */
  states: string[];
  cities: { city: string; state: string }[];
  zips: string[];
}

export interface AdBudget {
  /** The most spent in one local day; absent = no daily cap. */
  daily?: Cents;
  /** The most spent over the campaign's life; absent = no total cap. */
  total?: Cents;
}

export interface CreateCampaignInput extends Mutation {
  organizationId: string;
  /** Our campaign's public 8-digit id (`leadspeek_api_id`): the visitors it brings report it. */
  reference: string;
  name: string;
  /** Search keywords; at least one. */
  keywords: string[];
  /** Page topics the ads appear beside (locator's contextual keywords). */
  contextualKeywords?: string[];
  geography: AdGeography;
  budget?: AdBudget;
  /** Local dates (YYYY-MM-DD) in `timeZone`; the end date is the last day served. */
  startDate: string;
  endDate?: string;
  /** IANA zone the campaign's days are counted in. */
  timeZone: string;
}

export interface UpdateCampaignInput extends Mutation {
  campaignId: string;
  keywords?: string[];
  contextualKeywords?: string[];
  geography?: AdGeography;
  /** Replaces the budget as a whole; `{}` removes both caps. */
  budget?: AdBudget;
  /** A date, or null to run without an end. */
  endDate?: string | null;
}

export interface CampaignMove extends Mutation {
  campaignId: string;
}

export type AdCampaignStatus = 'draft' | 'active' | 'paused' | 'ended';

export interface AdCampaign {
  id: string;
  organizationId: string;
  reference: string;
  name: string;
  /**
   * As the platform holds it now: an active campaign whose end date has passed reads `ended`.
   */
  status: AdCampaignStatus;
  keywords: string[];
  contextualKeywords: string[];
  geography: AdGeography;
  budget: AdBudget;
  startDate: string;
  endDate: string | null;
  timeZone: string;
  /** Every status change, oldest first. */
  history: AdStatusChange[];
}

export interface AdStatusChange {
  change: 'created' | 'activated' | 'paused' | 'resumed' | 'stopped' | 'updated';
  from: AdCampaignStatus | null;
  to: AdCampaignStatus;
  at: Date;
}

export interface StatsRequest {
  campaignId: string;
  /** Local dates (YYYY-MM-DD) in the campaign's zone. */
  from: string;
  to: string;
}

export interface DailyStats {
  day: string;
  impressions: number;
  clicks: number;
  spend: Cents;
}

export interface CampaignStats {
  campaignId: string;
  days: DailyStats[];
  totals: { impressions: number; clicks: number; spend: Cents };
}

export interface ConversionRequest {
  campaignId: string;
  /** Exclusive. */
  since: Date;
  /** Inclusive; default now. */
  until?: Date;
}

export interface Conversion {
  /** Stable id of this visit at the platform (the same visit always has the same id). */
  id: string;
  /** When the visitor landed. */
  at: Date;
  /** The page view, ready for `IdentityResolver.resolveVisitor`. */
  visitor: VisitorInput;
}

export type AdPlatformErrorCode =
  /** The input is not acceptable as given; `param` names the field. */
  | 'invalid_request'
  /** No such organisation or campaign. */
  | 'not_found'
  /** The move is not possible from the campaign's status (e.g. activating an ended campaign). */
  | 'illegal_transition'
  /** The idempotency key was used before with other input. */
  | 'idempotency_mismatch';

/** A call the platform refuses as given: retrying it unchanged will not help. */
export class AdPlatformError extends Error {
  constructor(
    readonly code: AdPlatformErrorCode,
    message: string,
    /** The input field at fault, for `invalid_request`. */
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'AdPlatformError';
  }
}
