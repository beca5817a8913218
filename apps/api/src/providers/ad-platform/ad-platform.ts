import type { Cents, Micros } from '@app/contracts';
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
  /** The organisations directly under `parentId` (oldest first); an unknown parent is `not_found`. */
  listOrganizations(input: ListOrganizationsRequest): Promise<AdOrganization[]>;
  /** Renames an organisation or sets / clears its custom id. */
  updateOrganization(input: UpdateOrganizationInput): Promise<AdOrganization>;
  /**
   * Removes an organisation for good. Refused (`illegal_transition`) while it holds campaigns or
   * organisations; deleting one already deleted changes nothing and succeeds.
   */
  deleteOrganization(input: DeleteInput): Promise<void>;

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
   * The same days split per ad (display campaigns): one row per day and ad that served, ordered by
   * day then ad id; for every day the rows add up exactly to `getStats`'s figures of that day.
   */
  getAdStats(input: StatsRequest): Promise<AdStats>;

  /**
   * Uploads a list of people (lower-case hex MD5 of their e-mail addresses, at most
   * `MAX_AUDIENCE_KEYS_PER_CALL` a call) as an audience of the organisation. Repeats are counted once.
   */
  createAudience(input: CreateAudienceInput): Promise<AdAudience>;
  /** Adds more keys to an audience (a list too long for one call is sent in parts). */
  addAudienceKeys(input: AddAudienceKeysInput): Promise<AdAudience>;
  /** Null when the platform does not know the id (or it was deleted). */
  getAudience(id: string): Promise<AdAudience | null>;
  /**
   * Removes an audience for good. Refused (`illegal_transition`) while an active campaign targets it
   * (Simpli.fi's rule: detach it first); deleting one already deleted succeeds.
   */
  deleteAudience(input: DeleteInput): Promise<void>;
  /**
   * Sets the audiences a campaign targets (replacing the set; `[]` targets everyone in its
   * geography). Each must belong to the campaign's organisation or one above it.
   */
  attachAudiences(input: AttachAudiencesInput): Promise<AdCampaign>;

  /**
   * Adds a creative to a campaign: an image or an HTML5 zip in one of `IAB_AD_SIZES`, checked by its
   * content. It serves while the campaign is active and the ad is not paused or deleted.
   */
  createAd(input: CreateAdInput): Promise<AdCreative>;
  /** active → paused. Pausing a paused ad changes nothing; a deleted one is refused. */
  pauseAd(input: AdMove): Promise<AdCreative>;
  /** paused → active. Resuming an active ad changes nothing; a deleted one is refused. */
  resumeAd(input: AdMove): Promise<AdCreative>;
  /** Any status → deleted, for good (its past figures stay in the stats). */
  deleteAd(input: AdMove): Promise<AdCreative>;
  /** The campaign's ads that are not deleted, oldest first; an unknown campaign is `not_found`. */
  listAds(campaignId: string): Promise<AdCreative[]>;
  /**
   * The visitors the campaign's ads brought to the advertiser's site after `since` (up to `until`,
   * default now; at most 31 days), oldest first, as page views the identity resolver takes
   * (`resolveVisitor`). Ask again with the last `at` as `since`. A platform that cannot tell
   * returns none; its leads then come through the vendor callback.
   */
  pollConversions(input: ConversionRequest): Promise<Conversion[]>;
}

export type AdPlatformName = 'sandbox' | 'simplifi';

interface Mutation {
  idempotencyKey: string;
}

export interface CreateOrganizationInput extends Mutation {
  name: string;
  /** The organisation it belongs under (a client's agency); absent for an agency. */
  parentId?: string;
  /** Our own reference (the company id), echoed back. */
  reference: string;
  /**
   * The organisation's custom id at the platform (spec 2's CustomID; Simpli.fi's `custom_id`), up
   * to 100 characters. Simpli.fi has one such field: its adapter stores this there, else the reference.
   */
  customId?: string;
}

export interface AdOrganization {
  id: string;
  parentId: string | null;
  name: string;
  reference: string;
  /** Null when none was given. */
  customId: string | null;
}

export interface ListOrganizationsRequest {
  /** Whose children; null = the organisations directly under the platform account. */
  parentId: string | null;
}

export interface UpdateOrganizationInput extends Mutation {
  id: string;
  name?: string;
  /** A custom id, or null to clear it. */
  customId?: string | null;
}

export interface DeleteInput extends Mutation {
  id: string;
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

/**
 * What a campaign buys. `search`: ads beside searches for its keywords (the locator mirror's, the
 * default). `display`: banner ads (`createAd`) shown to people in its geography, optionally narrowed
 * to audiences and contextual keywords — the Simplifi module's campaigns.
 */
export type AdCampaignKind = 'search' | 'display';

/**
 * What the platform optimises a CPM campaign for (Simpli.fi: "a CPM campaign can choose to have a
 * CPC, CPA, CTR or no goal"): a cost per click or per action in micro-dollars, or a click-through
 * rate in basis points of a percent (80 = 0.80 %). There is no CPM goal: the CPM is the bid.
 */
export type AdGoal = { type: 'cpc' | 'cpa'; value: Micros } | { type: 'ctr'; value: number };

export interface CreateCampaignInput extends Mutation {
  organizationId: string;
  /** Our campaign's public 8-digit id (`leadspeek_api_id`): the visitors it brings report it. */
  reference: string;
  name: string;
  /** Default `search`. */
  kind?: AdCampaignKind;
  /** Search keywords: at least one for a search campaign; a display campaign may have none. */
  keywords: string[];
  /** Page topics the ads appear beside (locator's contextual keywords). */
  contextualKeywords?: string[];
  geography: AdGeography;
  budget?: AdBudget;
  /**
   * The most paid per thousand impressions (CPM bid), 1 cent to $1,000; absent = the platform's
   * automatic bid. The sandbox's delivery is priced at the lower of this and its own market CPM.
   */
  maxBid?: Micros;
  goal?: AdGoal;
  /** Local dates (YYYY-MM-DD) in `timeZone`; the end date is the last day served. */
  startDate: string;
  endDate?: string;
  /** IANA zone the campaign's days are counted in. */
  timeZone: string;
}

export interface UpdateCampaignInput extends Mutation {
  campaignId: string;
  name?: string;
  keywords?: string[];
  contextualKeywords?: string[];
  geography?: AdGeography;
  /** Replaces the budget as a whole; `{}` removes both caps. */
  budget?: AdBudget;
  /** A bid, or null for the platform's automatic bid. */
  maxBid?: Micros | null;
  /** A goal, or null for none. */
  goal?: AdGoal | null;
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
  kind: AdCampaignKind;
  /**
   * As the platform holds it now: an active campaign whose end date has passed reads `ended`.
   */
  status: AdCampaignStatus;
  keywords: string[];
  contextualKeywords: string[];
  geography: AdGeography;
  budget: AdBudget;
  /** Null = the platform's automatic bid. */
  maxBid: Micros | null;
  goal: AdGoal | null;
  /** The audiences it targets (`attachAudiences`), in the order given. */
  audienceIds: string[];
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

export interface AdDailyStats {
  day: string;
  adId: string;
  impressions: number;
  clicks: number;
  spend: Cents;
}

export interface AdStats {
  campaignId: string;
  /** Days with no delivery have no rows. */
  rows: AdDailyStats[];
}

export interface CreateAudienceInput extends Mutation {
  organizationId: string;
  name: string;
  /** Lower-case hex MD5 (32 characters) of a normalised e-mail address each; at least one. */
  keys: string[];
}

export interface AddAudienceKeysInput extends Mutation {
  audienceId: string;
  keys: string[];
}

/**
 * `processing` while the platform matches the keys to people it can reach; `ready` once it can be
 * targeted. `size` is the number of distinct keys received.
 */
export type AdAudienceStatus = 'processing' | 'ready';

export interface AdAudience {
  id: string;
  organizationId: string;
  name: string;
  size: number;
  status: AdAudienceStatus;
}

export interface AttachAudiencesInput extends Mutation {
  campaignId: string;
  audienceIds: string[];
}

/** The ad sizes every platform sells most of (width × height in CSS pixels). */
export const IAB_AD_SIZES = [
  { width: 300, height: 250 },
  { width: 728, height: 90 },
  { width: 160, height: 600 },
  { width: 320, height: 50 },
  { width: 300, height: 600 },
] as const;

/** `image`: a PNG, JPEG or GIF; `html5`: a zip with an index.html (IAB HTML5 ad). */
export type AdCreativeKind = 'image' | 'html5';

export interface CreateAdInput extends Mutation {
  organizationId: string;
  campaignId: string;
  name: string;
  kind: AdCreativeKind;
  width: number;
  height: number;
  /** The file itself (at most `MAX_AD_IMAGE_BYTES` for an image, `MAX_AD_HTML5_BYTES` for a zip). */
  bytes: Buffer;
  /** image/png, image/jpeg, image/gif or application/zip; must agree with the bytes. */
  contentType: string;
  /** Where a click on the ad goes: an http(s) address. */
  clickUrl: string;
}

export interface AdMove extends Mutation {
  id: string;
}

export type AdCreativeStatus = 'active' | 'paused' | 'deleted';

export interface AdCreative {
  id: string;
  campaignId: string;
  name: string;
  kind: AdCreativeKind;
  width: number;
  height: number;
  clickUrl: string;
  status: AdCreativeStatus;
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
  /**
   * The move is not possible from the object's state (activating an ended campaign, deleting an
   * organisation that holds campaigns, an audience an active campaign targets).
   */
  | 'illegal_transition'
  /** This platform does not offer the call (Simpli.fi's API cannot delete an organisation). */
  | 'unsupported'
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
