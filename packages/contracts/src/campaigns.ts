import { z } from 'zod';
import { advancedInformationIdsSchema } from './advanced-information.js';
import { optionalCalendarDaySchema } from './calendar.js';
import { emailAddressSchema } from './fields.js';
import { ID_NOT_FOUND, INT32_MAX, idOrZeroSchema, idParamSchema, idSchema } from './ids.js';
import { LEAD_MODULES, type LeadModule, moduleEntry } from './module-catalogue.js';
import { feeDollarsSchema, perLeadDollarsSchema } from './money.js';
import { pagedResponseSchema } from './paging.js';
import { siteCheckOutcomeSchema } from './site-tests.js';
import { moduleSchema, paymentTermSchema, tfSchema } from './tenancy.js';
import { multilineText } from './text.js';
import { US_STATE_CODES } from './us-states.js';

/*
 * Campaigns (spec 2 §3 "Campaign (leadspeek)", §3 Pricing "Client cost module", §7 "Campaigns and
 * reports"; issue 11). Wire names are the spec's (`leadspeek_api_id`, `campaignName`, …); amounts are
 * dollar strings (decision 0028): requests parse them into `Cents` / `Micros`, responses carry what
 * `centsToDollars` / `microsToDollars` wrote. Statuses are `@app/lead-engine`'s state machine's.
 */

/** The lead modules (the catalogue's modules with a lead source) have campaigns here; simplifi's come later. */
export const CAMPAIGN_MODULES = LEAD_MODULES as readonly [LeadModule, ...LeadModule[]];
export const campaignModuleSchema = z.enum(CAMPAIGN_MODULES);
export type CampaignModule = z.infer<typeof campaignModuleSchema>;

/** The state machine's statuses (`@app/lead-engine` CAMPAIGN_STATUSES), as the wire carries them. */
export const CAMPAIGN_STATUS_VALUES = ['running', 'paused', 'paused_on_run', 'stopped'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUS_VALUES);
export type CampaignStatusValue = z.infer<typeof campaignStatusSchema>;
export const PAUSE_REASON_VALUES = ['limit', 'module_unavailable', 'balance', 'payment_failed'] as const;
export const pauseReasonSchema = z.enum(PAUSE_REASON_VALUES);

export const REIDENTIFICATION_VALUES = ['never', '7', '30', '90', '180', '365'] as const;
export const reidentificationSchema = z.enum(REIDENTIFICATION_VALUES);
export type Reidentification = z.infer<typeof reidentificationSchema>;
export const REIDENTIFICATION_LABELS: Record<Reidentification, string> = {
  never: 'Never',
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  '180': '180 days',
  '365': '365 days',
};

export const REPORT_TYPES = ['CSV', 'Excel', 'GoogleSheet'] as const;
export const reportTypeSchema = z.enum(REPORT_TYPES);
export const LIMIT_FREQUENCIES = ['day', 'month', 'lifetime'] as const;
export const limitFrequencySchema = z.enum(LIMIT_FREQUENCIES);
export type LimitFrequency = z.infer<typeof limitFrequencySchema>;
/** Local campaigns: the state list includes or excludes visitors' states (`locationtarget`). */
export const LOCAL_STATE_MODES = ['include', 'exclude'] as const;
export const localStateModeSchema = z.enum(LOCAL_STATE_MODES);

// ---------------------------------------------------------------------------------------------
// Field rules (shared by create and the updates; the server and the forms read the same texts)
// ---------------------------------------------------------------------------------------------

export const CAMPAIGN_NAME_REQUIRED = 'Campaign name is required.';
export const CAMPAIGN_NAME_TOO_LONG = 'Campaign name must not exceed 255 characters.';
export const TIMEZONE_INVALID = 'Choose a valid time zone.';
export const URL_INVALID = 'Enter the full address of the site, starting with http:// or https://.';
export const ZIP_INVALID = 'A zip code has 5 digits.';
export const STATE_INVALID = 'Use the two-letter code of a US state.';
export const END_BEFORE_START = 'The end date must not be before the start date.';
export const TARGETING_REQUIRED =
  'Choose national targeting, or at least one zip code, state or city to target.';
export const KEYWORDS_REQUIRED = 'Enter at least one keyword.';
export const REQUIRED_FIELDS_INVALID = 'Choose the required lead fields from the list.';

export const campaignNameSchema = z
  .string()
  .trim()
  .min(1, CAMPAIGN_NAME_REQUIRED)
  .max(255, CAMPAIGN_NAME_TOO_LONG);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** An IANA zone name (spec 2 §9 default America/Chicago). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, TIMEZONE_INVALID)
  .max(64, TIMEZONE_INVALID)
  .refine(isTimeZone, TIMEZONE_INVALID);
export const DEFAULT_CAMPAIGN_TIME_ZONE = 'America/Chicago';

const siteUrlSchema = z
  .string()
  .trim()
  .max(2048, URL_INVALID)
  .refine((text) => {
    if (text === '') return true;
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, URL_INVALID);

const shortText = (max = 255) => z.string().trim().max(max, `At most ${max} characters.`);
const keywordSchema = shortText(100).min(1, 'A keyword must not be empty.');
/** Up to 500 keywords (locator, enhance, b2b). */
export const keywordListSchema = z.array(keywordSchema).max(500, 'At most 500 keywords.');
export const stateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => US_STATE_CODES.has(code), STATE_INVALID);
export const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, ZIP_INVALID);
/** A city, optionally with its state: 'Austin' or 'Austin, TX'. */
export const citySchema = shortText(120).min(1, 'A city must not be empty.');
const recipientsSchema = z.array(emailAddressSchema).max(20, 'At most 20 e-mail addresses.');

/**
 * The lead fields a locator campaign may require: `locatorrequire` stores the keys comma-separated
 * ('FirstName,Email'), screens show the words.
 */
export const REQUIRABLE_LEAD_FIELDS = {
  FirstName: 'First name',
  LastName: 'Last name',
  Email: 'E-mail',
  Phone: 'Phone',
  Address: 'Address',
} as const;
export type RequirableLeadField = keyof typeof REQUIRABLE_LEAD_FIELDS;
const isRequirableList = (text: string) =>
  text === '' || text.split(',').every((key) => Object.hasOwn(REQUIRABLE_LEAD_FIELDS, key));
const requiredFieldsSchema = shortText(200).refine(isRequirableList, REQUIRED_FIELDS_INVALID);

/**
 * Where a campaign of a keyword-and-geography module looks for people, checked the same way by the
 * wizard (before Next leaves the targeting step) and by the server (create and every targeting
 * update, on the campaign as it would be after the change): somewhere to look (national, or a zip,
 * state or city), and for a campaign mirrored to the ad platform (Search ID) at least one keyword,
 * since a search campaign without one buys nothing. A vendor-list campaign without keywords takes
 * anyone in its geography. Answers the problems by field, empty when the targeting is complete.
 */
export function targetingProblems(
  module: LeadModule,
  after: { national: boolean; zips: number; states: number; cities: number; keywords: number },
): Partial<Record<'nationaltargeting' | 'locatorkeyword', string>> {
  const entry = moduleEntry(module);
  if (entry.leadSource === 'pixel') return {};
  const problems: Partial<Record<'nationaltargeting' | 'locatorkeyword', string>> = {};
  if (entry.leadSource === 'ad_platform_mirror' && after.keywords === 0)
    problems.locatorkeyword = KEYWORDS_REQUIRED;
  if (!after.national && after.zips + after.states + after.cities === 0)
    problems.nationaltargeting = TARGETING_REQUIRED;
  return problems;
}

/**
 * Spec 2 §5: 'Zip code text area keeps only digits and newlines; commas and spaces become line
 * breaks.' What a zip text area holds after each keystroke or paste (the campaign form and the
 * keyword count form): commas, spaces and tabs (a paste from a spreadsheet) break the line, a
 * carriage return is dropped, anything else that is not a digit is dropped.
 */
export function zipTextAreaValue(text: string): string {
  return text.replace(/[ ,\t]+/g, '\n').replace(/[^\d\n]/g, '');
}

/**
 * The zips a zip text area names, one per non-empty line, in the order written: the one reading
 * of the text area, on both sides (the form sends it as is; the server reads it with this).
 */
export function zipLinesOf(text: string): string[] {
  return zipTextAreaValue(text)
    .split('\n')
    .filter((line) => line !== '');
}
export const zipTextSchema = multilineText(z.string().max(60_000, 'Too many zip codes.'))
  .transform(zipLinesOf)
  .pipe(z.array(zipSchema).max(5000, 'At most 5,000 zip codes.'));

// ---------------------------------------------------------------------------------------------
// Create and update bodies
// ---------------------------------------------------------------------------------------------

/** The fields every module's campaign carries (spec 2 §3), as `PUT /leadspeek/client/update` takes them. */
const commonFields = {
  campaignName: campaignNameSchema,
  /** The company group (folder) it sits in; 0 for none. */
  companyGroupID: idOrZeroSchema,
  reportType: reportTypeSchema,
  reportSentTo: recipientsSchema,
  adminNotifyTo: recipientsSchema,
  /** E-mail the admins after this many leads (0: never). */
  leadsAmountNotification: z.number().int().min(0).max(1_000_000),
  enableMinimumLimitLeads: tfSchema,
  minimumLimitLeads: z.number().int().min(0).max(1_000_000),
  clientOrganizationID: shortText(100),
  clientCampaignID: shortText(100),
  clientHidePhone: tfSchema,
  startdatecampaign: optionalCalendarDaySchema,
  enddatecampaign: optionalCalendarDaySchema,
  timezone: timeZoneSchema,
  phoneenabled: tfSchema,
  homeaddressenabled: tfSchema,
  requireemailaddress: tfSchema,
  reidentificationtype: reidentificationSchema,
  applyreidentificationall: tfSchema,
};

/** Local (Site ID): the client's site and the visitors' state include/exclude list. */
const localFields = {
  urlCode: siteUrlSchema,
  urlCodeThankyou: siteUrlSchema,
  gtminstalled: tfSchema,
  locatorstate: z.array(stateCodeSchema).max(51),
  locationtarget: localStateModeSchema,
};

/** Locator, enhance, b2b: keywords and geography. */
const targetingFields = {
  locatorkeyword: keywordListSchema,
  locatorkeywordcontextual: keywordListSchema,
  /** The zip text area (see `zipLinesOf`). */
  locatorzip: zipTextSchema,
  locatorstate: z.array(stateCodeSchema).max(51),
  locatorcity: z.array(citySchema).max(1000, 'At most 1,000 cities.'),
  nationaltargeting: tfSchema,
  locatordesc: multilineText(shortText(2000)),
  /** The lead fields the campaign requires (`REQUIRABLE_LEAD_FIELDS` keys, comma-separated). */
  locatorrequire: requiredFieldsSchema,
  /**
   * Enhance: the advanced-information list; b2b: the B2B information list (ids of the catalogue's
   * consumer and business fields, `advanced-information.ts`).
   */
  listAdvanceInformationId: advancedInformationIdsSchema('consumer'),
  listB2BInformationId: advancedInformationIdsSchema('b2b'),
  campaign_information_type: shortText(50),
};

const datesInOrder = (body: { startdatecampaign?: string; enddatecampaign?: string }) =>
  !body.startdatecampaign || !body.enddatecampaign || body.startdatecampaign <= body.enddatecampaign;

/** `POST /leadspeek/client/create`: a new campaign, stopped until activated. */
export const createCampaignRequestSchema = z
  .strictObject({
    leadspeekType: campaignModuleSchema,
    /** The client company the campaign belongs to. */
    clientID: idSchema,
    ...commonFields,
    companyGroupID: idOrZeroSchema.default(0),
    reportType: reportTypeSchema.default('CSV'),
    reportSentTo: recipientsSchema.default([]),
    adminNotifyTo: recipientsSchema.default([]),
    leadsAmountNotification: commonFields.leadsAmountNotification.default(0),
    enableMinimumLimitLeads: tfSchema.default('F'),
    minimumLimitLeads: commonFields.minimumLimitLeads.default(0),
    clientOrganizationID: shortText(100).default(''),
    clientCampaignID: shortText(100).default(''),
    clientHidePhone: tfSchema.default('F'),
    startdatecampaign: optionalCalendarDaySchema.default(''),
    enddatecampaign: optionalCalendarDaySchema.default(''),
    timezone: timeZoneSchema.default(DEFAULT_CAMPAIGN_TIME_ZONE),
    phoneenabled: tfSchema.default('F'),
    homeaddressenabled: tfSchema.default('F'),
    requireemailaddress: tfSchema.default('F'),
    reidentificationtype: reidentificationSchema.default('never'),
    applyreidentificationall: tfSchema.default('F'),
    // Module fields: local reads urlCode…locationtarget, the others the targeting fields.
    urlCode: siteUrlSchema.default(''),
    urlCodeThankyou: siteUrlSchema.default(''),
    gtminstalled: tfSchema.default('F'),
    locationtarget: localStateModeSchema.default('include'),
    locatorkeyword: keywordListSchema.default([]),
    locatorkeywordcontextual: keywordListSchema.default([]),
    locatorzip: zipTextSchema.prefault(''),
    locatorstate: z.array(stateCodeSchema).max(51).default([]),
    locatorcity: targetingFields.locatorcity.default([]),
    nationaltargeting: tfSchema.default('F'),
    locatordesc: targetingFields.locatordesc.default(''),
    locatorrequire: requiredFieldsSchema.default(''),
    listAdvanceInformationId: targetingFields.listAdvanceInformationId.default([]),
    listB2BInformationId: targetingFields.listB2BInformationId.default([]),
    campaign_information_type: shortText(50).default(''),
  })
  .refine(datesInOrder, { message: END_BEFORE_START, path: ['enddatecampaign'] });
export type CreateCampaignRequest = z.input<typeof createCampaignRequestSchema>;
export type CreateCampaignInput = z.output<typeof createCampaignRequestSchema>;

/** `PUT /leadspeek/client/update`: the common fields (any subset) of one campaign. */
export const updateCampaignRequestSchema = z
  .strictObject({ leadspeekID: idSchema, ...commonFields })
  .partial()
  .required({ leadspeekID: true })
  .refine(datesInOrder, { message: END_BEFORE_START, path: ['enddatecampaign'] });
export type UpdateCampaignRequest = z.input<typeof updateCampaignRequestSchema>;
export type UpdateCampaignInput = z.output<typeof updateCampaignRequestSchema>;

/** `PUT /leadspeek/client/local/update`: a local campaign's site and state list (any subset). */
export const updateLocalCampaignRequestSchema = z
  .strictObject({ leadspeekID: idSchema, ...localFields })
  .partial()
  .required({ leadspeekID: true });
export type UpdateLocalCampaignRequest = z.input<typeof updateLocalCampaignRequestSchema>;
export type UpdateLocalCampaignInput = z.output<typeof updateLocalCampaignRequestSchema>;

/** `PUT /leadspeek/client/locator/update`: keywords and geography of a locator, enhance or b2b campaign. */
export const updateLocatorCampaignRequestSchema = z
  .strictObject({ leadspeekID: idSchema, ...targetingFields })
  .partial()
  .required({ leadspeekID: true });
export type UpdateLocatorCampaignRequest = z.input<typeof updateLocatorCampaignRequestSchema>;
export type UpdateLocatorCampaignInput = z.output<typeof updateLocatorCampaignRequestSchema>;

// ---------------------------------------------------------------------------------------------
// A campaign as answered
// ---------------------------------------------------------------------------------------------

/**
 * A locator campaign's mirror at the ad platform: `in_sync`, `pending` (a change not yet sent),
 * `retrying` (the platform did not answer; retried on its own), `refused` (the platform refused the
 * targeting; only an edit tries again). Empty for the modules that are not mirrored.
 */
export const AD_PLATFORM_SYNC_STATES = ['', 'in_sync', 'pending', 'retrying', 'refused'] as const;
export const adPlatformSyncSchema = z.enum(AD_PLATFORM_SYNC_STATES);
export type AdPlatformSync = z.infer<typeof adPlatformSyncSchema>;

/** One row of the campaign list (and the head of a campaign's detail). */
export const campaignListRowSchema = z.object({
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaignName: z.string(),
  /** Any module: the lead modules' and the ad platform's campaigns share the list (decision 0110). */
  leadspeekType: moduleSchema,
  status: campaignStatusSchema,
  /** Why the system paused it (only when `status` is paused_on_run). */
  pause_reason: pauseReasonSchema.nullable(),
  /** The state as a person reads it: 'Running', 'Paused on run (payment failed)', 'Archived and stopped'. */
  status_label: z.string(),
  archived: tfSchema,
  statuscomplete: tfSchema,
  clientID: z.number().int(),
  client_company_name: z.string(),
  agencyID: z.number().int(),
  companyGroupID: z.number().int(),
  company_group_name: z.string(),
  PaymentTerm: paymentTermSchema,
  urlCode: z.string(),
  /** The last site check's outcome (local campaigns; 'unchecked' for the others). */
  embed_status: siteCheckOutcomeSchema,
  /** Locator campaigns: whether the ad platform holds the campaign as we do ('' for other modules). */
  ad_platform_sync: adPlatformSyncSchema,
  /** Why the ad platform is behind, in words the viewer can act on ('' when it is not). */
  ad_platform_note: z.string(),
  startdatecampaign: z.string(),
  enddatecampaign: z.string(),
  /** Leads stored for the campaign, all time. */
  total_leads: z.number().int(),
  /** Leads stored in the last 24 hours. */
  leads_today: z.number().int(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
});
export type CampaignListRow = z.infer<typeof campaignListRowSchema>;

/** The client cost module of one campaign (spec 2 §3 Pricing), as answered: dollar strings. */
export const campaignCostModuleSchema = z.object({
  PaymentTerm: paymentTermSchema,
  /** The one-time setup fee. */
  PlatformFee: z.string(),
  /** The platform fee per week or month; for One Time, the one fee. */
  CostMonth: z.string(),
  CostSet: z.string(),
  CostSetAdvanced: z.string(),
  CostSetB2b: z.string(),
  /** The most a lead may cost (locator bids); '0' for no cap. */
  CostMaxLead: z.string(),
  /** Lead limit per LimitLeadFreq; 0 for no limit. */
  LimitLead: z.number().int(),
  LimitLeadFreq: limitFrequencySchema,
  LimitLeadStart: z.string(),
  LimitLeadEnd: z.string(),
  /** The campaign runs until stopped ('T') or to its end date ('F'). */
  contiDurationSelection: tfSchema,
  /** Prepaid: buy the next block automatically ('continual') or once ('onetime'). */
  topupoptions: z.enum(['continual', 'onetime']),
  /** Prepaid: the leads bought per block. */
  leadsbuy: z.number().int(),
  /** Prepaid: leads left of what was bought. */
  leads_left: z.number().int().nullable(),
});
export type CampaignCostModule = z.infer<typeof campaignCostModuleSchema>;

/** `GET /leadspeek/getcampaign/{campaign_id}`: one campaign with every field the forms edit. */
export const campaignDetailSchema = campaignListRowSchema.extend({
  reportType: reportTypeSchema,
  reportSentTo: z.array(z.string()),
  adminNotifyTo: z.array(z.string()),
  leadsAmountNotification: z.number().int(),
  enableMinimumLimitLeads: tfSchema,
  minimumLimitLeads: z.number().int(),
  clientOrganizationID: z.string(),
  clientCampaignID: z.string(),
  clientHidePhone: tfSchema,
  timezone: z.string(),
  phoneenabled: tfSchema,
  homeaddressenabled: tfSchema,
  requireemailaddress: tfSchema,
  reidentificationtype: reidentificationSchema,
  applyreidentificationall: tfSchema,
  urlCodeThankyou: z.string(),
  gtminstalled: tfSchema,
  locationtarget: localStateModeSchema,
  locatorkeyword: z.array(z.string()),
  locatorkeywordcontextual: z.array(z.string()),
  /** Zip codes one a line, as the text area shows them. */
  locatorzip: z.string(),
  locatorstate: z.array(z.string()),
  locatorcity: z.array(z.string()),
  nationaltargeting: tfSchema,
  locatordesc: z.string(),
  locatorrequire: z.string(),
  listAdvanceInformationId: z.array(z.string()),
  listB2BInformationId: z.array(z.string()),
  campaign_information_type: z.string(),
  answers: z.record(z.string(), z.unknown()),
  embed_checked_at: z.string().nullable(),
  /** Locator: the ad-platform campaign it mirrors (null until mirrored). */
  ad_platform_campaign_id: z.string().nullable(),
  costmodule: campaignCostModuleSchema,
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;
export const campaignResponseSchema = z.object({ result: z.literal('success'), data: campaignDetailSchema });
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;

/** Create and the updates answer the saved campaign with the spec's success text. */
export const CAMPAIGN_ADDED = 'Data has been added successfully';
export const CAMPAIGN_UPDATED = 'Data has been updated successfully';
export const campaignSavedResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: campaignDetailSchema,
});
export type CampaignSavedResponse = z.infer<typeof campaignSavedResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The campaign list
// ---------------------------------------------------------------------------------------------

export const CAMPAIGN_SORT_KEYS = [
  'campaign_name',
  'leadspeek_api_id',
  'client_company_name',
  'status',
  'total_leads',
  'created_at',
] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];

/**
 * `GET /leadspeek/client/{group}/{type}/{companyID}/{clientID}/{sort}/{order}/{search}`: `group` a
 * company group id or 'all'; `type` the module; `companyID` the agency (or the client itself);
 * `clientID` one client or 0 for all the agency's clients; `sort` 'none' for the newest first;
 * `search` '-' for none (matches the name, the 8-digit id or the client's name).
 */
export const campaignListParamsSchema = z.object({
  group: z
    .union([z.literal('all'), z.coerce.number().int()])
    .refine((group) => group === 'all' || (group >= 0 && group <= INT32_MAX), ID_NOT_FOUND),
  type: moduleSchema,
  companyID: idParamSchema,
  clientID: z.coerce.number().int().min(0, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND),
  sort: z.enum([...CAMPAIGN_SORT_KEYS, 'none']),
  order: z.enum(['asc', 'desc', 'none']),
  search: z.string().max(100),
});
export type CampaignListParams = z.infer<typeof campaignListParamsSchema>;

/** CampaignStatus filter: 'active' = running, 'inactive' = anything else. */
export const CAMPAIGN_STATUS_FILTERS = ['all', 'active', 'inactive', ...CAMPAIGN_STATUS_VALUES] as const;
/** `view`: the live campaigns (not archived), the archived ones, or both. */
export const CAMPAIGN_VIEWS = ['current', 'archived', 'all'] as const;
export const campaignListQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).max(100_000).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  view: z.enum(CAMPAIGN_VIEWS).default('current'),
  CampaignStatus: z.enum(CAMPAIGN_STATUS_FILTERS).default('all'),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;
export const campaignListResponseSchema = pagedResponseSchema(campaignListRowSchema);
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;

/** `GET /campaigns/{companyID}/{groupCompanyID}`: a company's campaigns as options (group 0: all). */
export const companyCampaignsParamsSchema = z.object({
  companyID: idParamSchema,
  groupCompanyID: z.coerce.number().int().min(0, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND),
});
export const companyCampaignOptionSchema = z.object({
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaign_name: z.string(),
  company_name: z.string(),
  leadspeekType: moduleSchema,
  status: campaignStatusSchema,
});
export const companyCampaignsResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(companyCampaignOptionSchema),
});
export type CompanyCampaignsResponse = z.infer<typeof companyCampaignsResponseSchema>;

/** `GET /leadspeek/getcampaign/{campaign_id}` (the campaign's row id). */
export const campaignIdParamsSchema = z.object({ campaign_id: idParamSchema });

// ---------------------------------------------------------------------------------------------
// State moves: active/pause, archive, remove
// ---------------------------------------------------------------------------------------------

/**
 * `PUT /leadspeek/client/activepause`: the status the person asks for. running from stopped
 * activates (and charges what the payment term says), from paused resumes; paused pauses; stopped stops.
 */
export const activePauseRequestSchema = z.strictObject({
  leadspeekID: idSchema,
  status: z.enum(['running', 'paused', 'stopped']),
});
export type ActivePauseRequest = z.input<typeof activePauseRequestSchema>;

/** What an activation charged (dollar strings), or null when the move charged nothing. */
export const activationChargeSchema = z.object({
  /** What the payer's card was charged ('0': the client pays nothing, only `agency_amount` was charged). */
  amount: z.string(),
  setup_fee: z.string(),
  period_fee: z.string(),
  leads: z.number().int(),
  leads_amount: z.string(),
  /** Who paid: the client's card (on the agency's account) or the agency's card (manual bill). */
  payer: z.enum(['client', 'agency']),
  /** The gateway's charge id (null when `amount` is '0'), and whether it is the sandbox's. */
  charge_id: z.string().nullable(),
  sandbox: z.boolean(),
  /**
   * The platform's part the client's charge could not carry (client prices below the agency's cost),
   * charged to the agency's own card (decision 0065): '0' and null when there was none.
   */
  agency_amount: z.string(),
  agency_charge_id: z.string().nullable(),
  /**
   * What the agency's Data Wallet paid instead of its card (decision 0085): the manual-bill charge or
   * the platform's part, when the wallet covered it ('0' when it paid nothing). Not in `amount` or
   * `agency_amount`, which are what cards were charged.
   */
  wallet_amount: z.string(),
});
export type ActivationChargeAnswer = z.infer<typeof activationChargeSchema>;

/** The state after a move, with the user-log line and the charge an activation made. */
export const campaignMoveResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: z.object({
    leadspeekID: z.number().int(),
    leadspeek_api_id: z.string(),
    status: campaignStatusSchema,
    pause_reason: pauseReasonSchema.nullable(),
    status_label: z.string(),
    archived: tfSchema,
    removed: tfSchema,
    charge: activationChargeSchema.nullable(),
  }),
});
export type CampaignMoveResponse = z.infer<typeof campaignMoveResponseSchema>;

/**
 * Answered with 402 when the activation charge was declined (the campaign stays stopped and its
 * payer is marked payment failed): the spec's missing-card text, or this with the gateway's reason.
 */
export const ACTIVATION_DECLINED =
  'The payment for this campaign was declined, so the campaign was not started. Update the card and try again.';
export const ACTIVATION_NO_CARD =
  'Complete your payment setup first to fully use the system. (Go to Profile -> Payment Setup)';
/** 402 when the platform's part falls to the agency's card (decision 0065) and the agency has none. */
export const PLATFORM_PART_NO_CARD =
  "This campaign's prices are below the agency's cost, so the platform's part is charged to the agency's own card, and the agency has no card on file. Add one on Card Setting first.";
/** 402 when that charge to the agency's card was declined (the agency is then payment failed). */
export const PLATFORM_PART_DECLINED =
  "The platform's part of this activation could not be charged to the agency's card, so the campaign was not started. The agency's card needs replacing on Card Setting.";
export const CLIENT_ACCOUNT_NOT_CONNECTED =
  "Your agency's payment account is not fully set up yet, so campaigns cannot be created or started.";
export const CLIENT_ADD_CAMPAIGN_DISABLED = 'Creating campaigns is disabled for your account.';
export const MODULE_NOT_ENABLED = 'This module is not enabled for this client.';

/** `PUT /leadspeek/client/archive`: `lpuserid` the campaign's row id, `status` 'T' archive, 'F' unarchive. */
export const archiveCampaignRequestSchema = z.strictObject({ lpuserid: idSchema, status: tfSchema });
export type ArchiveCampaignRequest = z.input<typeof archiveCampaignRequestSchema>;

/** `PUT /leadspeek/client/remove`: a stopped campaign is removed (kept for its leads and invoices). */
export const removeCampaignRequestSchema = z.strictObject({ leadspeekID: idSchema });
export type RemoveCampaignRequest = z.input<typeof removeCampaignRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Client cost module: PUT /configuration/user/costmodule
// ---------------------------------------------------------------------------------------------

export const LIMIT_LEAD_INVALID = 'The lead limit is a whole number from 0 (no limit) to 1,000,000.';
export const LEADS_BUY_REQUIRED = 'A prepaid campaign buys at least one lead at a time.';

/**
 * The client's prices and limits of one campaign. Fees are whole dollars and cents, per-lead prices
 * up to 3 decimals (decision 0028); enhance and b2b per-lead prices may not go below the agency's
 * cost for the term (spec 2 §5: refused with '*Cost Per Lead Minimum {value}' on the field).
 */
export const costModuleRequestSchema = z
  .strictObject({
    leadspeekID: idSchema,
    PaymentTerm: paymentTermSchema,
    PlatformFee: feeDollarsSchema,
    CostMonth: feeDollarsSchema,
    CostSet: perLeadDollarsSchema,
    CostSetAdvanced: perLeadDollarsSchema.prefault('0'),
    CostSetB2b: perLeadDollarsSchema.prefault('0'),
    CostMaxLead: perLeadDollarsSchema.prefault('0'),
    LimitLead: z
      .number()
      .int(LIMIT_LEAD_INVALID)
      .min(0, LIMIT_LEAD_INVALID)
      .max(1_000_000, LIMIT_LEAD_INVALID),
    LimitLeadFreq: limitFrequencySchema,
    LimitLeadStart: optionalCalendarDaySchema.default(''),
    LimitLeadEnd: optionalCalendarDaySchema.default(''),
    contiDurationSelection: tfSchema.default('T'),
    topupoptions: z.enum(['continual', 'onetime']).default('onetime'),
    leadsbuy: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((b) => !b.LimitLeadStart || !b.LimitLeadEnd || b.LimitLeadStart <= b.LimitLeadEnd, {
    message: END_BEFORE_START,
    path: ['LimitLeadEnd'],
  })
  .refine((b) => b.PaymentTerm !== 'Prepaid' || b.leadsbuy >= 1, {
    message: LEADS_BUY_REQUIRED,
    path: ['leadsbuy'],
  });
export type CostModuleRequest = z.input<typeof costModuleRequestSchema>;
export type CostModuleInput = z.output<typeof costModuleRequestSchema>;
export const costModuleResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: campaignCostModuleSchema,
  /**
   * Said to the agency when its client's prices are below its own cost (decision 0065): what the
   * agency's card will pay at activation, and any per-lead price below its cost; null otherwise.
   */
  below_cost: z.string().nullable(),
});
export type CostModuleResponse = z.infer<typeof costModuleResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Product disable: GET /leadspeek/check-campaign-active/{companyID}
// ---------------------------------------------------------------------------------------------

/**
 * The campaigns that keep each module of a company (an agency: its clients' campaigns; a client:
 * its own) from being switched off (spec 2 §4 "Product disable"): running or paused on run, not
 * archived, not removed. Modules with none are absent.
 */
export const campaignActiveResponseSchema = z.object({
  result: z.literal('success'),
  /** True when some module has an active campaign. */
  active: z.boolean(),
  data: z.array(
    z.object({
      module: moduleSchema,
      campaigns: z.array(z.object({ leadspeek_api_id: z.string(), campaign_name: z.string() })),
    }),
  ),
});
export type CampaignActiveResponse = z.infer<typeof campaignActiveResponseSchema>;
export const PRODUCT_HAS_ACTIVE_CAMPAIGNS =
  'This product cannot be switched off while it has active campaigns. Stop them first:';

// ---------------------------------------------------------------------------------------------
// Keywords, resources, spreadsheet
// ---------------------------------------------------------------------------------------------

/** `GET /leadspeek/keyword-to-tags?keyword=`: a pasted text (commas, semicolons, lines) → keywords. */
export const keywordToTagsQuerySchema = z.object({
  keyword: multilineText(z.string().max(20_000, 'At most 20,000 characters.')),
});
export const keywordToTagsResponseSchema = z.object({
  result: z.literal('success'),
  tags: z.array(z.string()),
});
export type KeywordToTagsResponse = z.infer<typeof keywordToTagsResponseSchema>;
/** Splits and cleans pasted keywords: trimmed, inner spaces collapsed, case-insensitive duplicates dropped. */
export function keywordTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(/[,;\n\r\t]+/)) {
    const tag = part.trim().replace(/\s+/g, ' ').slice(0, 100);
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags.slice(0, 500);
}

/** `GET /leadspeek/getcampaignresource/{organizationID}/{campaignID}`: the client and the campaign's row id. */
export const campaignResourceParamsSchema = z.object({
  organizationID: idParamSchema,
  campaignID: idParamSchema,
});
/** What a campaign needs to run outside: the embed snippet (local), the mirrored ad-platform campaign (locator). */
export const campaignResourceResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    leadspeek_api_id: z.string(),
    leadspeekType: campaignModuleSchema,
    /** Local: the snippet to paste before </body>; '' for the other modules. */
    embed_code: z.string(),
    embed_status: siteCheckOutcomeSchema,
    ad_platform_campaign_id: z.string().nullable(),
  }),
});
export type CampaignResourceResponse = z.infer<typeof campaignResourceResponseSchema>;

/** `PUT /leadspeek/spreadsheet/check`. */
export const spreadsheetCheckRequestSchema = z.strictObject({ userID: idSchema, campaignID: idSchema });
/** `PUT /leadspeek/spreadsheet/reset`. */
export const spreadsheetResetRequestSchema = z.strictObject({ userLogin: idSchema, campaignID: idSchema });
/** `GET /leadspeek/spreadsheet/history/{campaignID}`. */
export const spreadsheetHistoryParamsSchema = z.object({ campaignID: idParamSchema });
/**
 * A campaign's Google Sheets state (decision 0098), from the Google Sheets integration that takes
 * its leads (the client's own, else its agency's): whether Google is connected and as whom, the
 * campaign's spreadsheet as Google answers for it now, and the rows delivered to it so far.
 */
export const spreadsheetStateSchema = z.object({
  leadspeek_api_id: z.string(),
  /** The campaign's report type is Google Sheet. */
  report_to_sheet: z.boolean(),
  google_connected: z.boolean(),
  /** The Google account the integration signed in as. */
  google_account: z.string().nullable(),
  /** The integration is the agency's (all its clients' leads) rather than the client's own. */
  from_agency: z.boolean(),
  /** A local sandbox of Google: its spreadsheets are sandbox data. */
  sandbox: z.boolean(),
  /** The campaign's spreadsheet; null until its first lead creates it. */
  spreadsheet: z
    .object({
      id: z.string(),
      title: z.string().nullable(),
      /** Where to open it (Google's address; a sandbox page in the sandbox). */
      url: z.string().nullable(),
      /** Google answered for it just now. */
      reachable: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** Leads written to the sheet so far (delivered rows). */
  rows_sent: z.number().int(),
  last_sent_at: z.string().nullable(),
});
export const spreadsheetCheckResponseSchema = z.object({
  result: z.literal('success'),
  data: spreadsheetStateSchema,
});
/** The campaign's Google Sheets deliveries, newest first (the integration's delivery console, one campaign). */
export const spreadsheetHistoryResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(
    z.object({
      delivery_id: z.number().int(),
      lead_id: z.number().int(),
      status: z.enum(['queued', 'sending', 'delivered', 'failed']),
      attempts: z.number().int(),
      error: z.string().nullable(),
      /** Delivered through the agency's integration rather than the client's own. */
      from_agency: z.boolean(),
      created_at: z.string(),
      delivered_at: z.string().nullable(),
    }),
  ),
});
export const SPREADSHEET_RESET = 'The spreadsheet report was reset; failed rows will be sent again.';
export const spreadsheetResetResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  /** Failed sheet deliveries queued again. */
  requeued: z.number().int(),
});
export type SpreadsheetCheckResponse = z.infer<typeof spreadsheetCheckResponseSchema>;
export type SpreadsheetHistoryResponse = z.infer<typeof spreadsheetHistoryResponseSchema>;
export type SpreadsheetResetResponse = z.infer<typeof spreadsheetResetResponseSchema>;

/**
 * `GET /leadspeek/googlespreadsheet/check-connect/{companyID}`: the company's own Google Sheets
 * integration, asked of Google; `/revoke/{companyID}` disconnects it and revokes Google's access.
 */
export const googleConnectParamsSchema = z.object({ companyID: idParamSchema });
export const googleConnectResponseSchema = z.object({
  result: z.literal('success'),
  connected: z.boolean(),
  message: z.string(),
  google_account: z.string().nullable(),
  /** Google (or its sandbox) still accepts the connection; null when there is none. */
  working: z.boolean().nullable(),
  sandbox: z.boolean(),
});
export type GoogleConnectResponse = z.infer<typeof googleConnectResponseSchema>;
export const GOOGLE_NOT_CONNECTED = 'Google Sheets is not connected for this company.';
export const GOOGLE_REVOKED = 'Google Sheets was disconnected and its access to Google revoked.';

/**
 * `POST /leadspeek/client/resendgooglelink`: e-mails the campaign's client the link to connect its
 * Google account (its Google Sheets integration's page).
 */
export const resendGoogleLinkRequestSchema = z.strictObject({ leadspeekID: idSchema });
export const resendGoogleLinkResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
});
export type ResendGoogleLinkResponse = z.infer<typeof resendGoogleLinkResponseSchema>;
