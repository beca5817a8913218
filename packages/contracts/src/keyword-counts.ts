import { z } from 'zod';
import {
  INFORMATION_TYPE_VALUES,
  type InformationType,
  informationTypeSchema,
} from './advanced-information.js';
import { citySchema, keywordTags, stateCodeSchema, zipLinesOf, zipSchema } from './campaigns.js';
import { idParamSchema, idSchema } from './ids.js';
import { KEYWORD_MODULES, type KeywordModule } from './module-catalogue.js';
import { pagedResponseSchema } from './paging.js';
import { multilineText } from './text.js';

/*
 * Keyword counts and data enhancement (spec 2 §2 keyword count table, §3 keyword count row, §4
 * statuses and data enhancement counts, §5 zip text area, §7 "Keyword counts and data enhancement",
 * §8, §9; issue 22, decision 0093). The calls live under the data-vendor service prefix
 * `/data-vendor/services/…`. A count is queued and answered by the data vendor in a job; its row
 * is pending until then, an error when the vendor failed (retry allowed unless it is being
 * processed again), and done with a count: success above 0, no result at 0.
 */

export const DATA_VENDOR_PREFIX = '/data-vendor/services';

/** Spec 2 §8: what a failed count, or a call the vendor could not take, says. */
export const KEYWORD_COUNT_BUSY = 'Server might be busy. Please try again later.';
/** Spec 2 §4 and §8: what a pending count says (heavy usage; may take over an hour; an e-mail follows). */
export const KEYWORD_COUNT_PENDING =
  'Due to heavy usage, this count may be delayed by over one hour. We will e-mail you when it is complete.';
/** Spec 2 §9: a keyword counted this recently (same place, same module) is answered from history. */
export const KEYWORD_COUNT_LOOKBACK_DAYS = 7;
/** Keywords one queued request may count. */
export const MAX_KEYWORDS_PER_COUNT = 25;
export const COUNT_ALREADY_PROCESSING =
  'This count is being processed; it can be retried once it has failed.';
export const COUNT_NOT_FAILED = 'Only a failed count can be retried.';
export const KEYWORDS_NOT_COUNTED = 'Count these keywords first; only keywords with a result can be applied:';
export const NO_KEYWORD_TARGETING = 'This campaign has no keyword targeting.';
export const CAMPAIGN_REMOVED = 'This campaign was removed; it can no longer be changed.';
export const NOT_AN_ENHANCEMENT_CAMPAIGN = 'Data enhancement counts are for Enhance and B2B campaigns.';
export const INFORMATION_TYPE_NOT_FOR_CAMPAIGN =
  "This information type is not offered for this campaign's leads.";

/** Modules whose campaigns target keywords (the catalogue's: Search ID, Enhance ID, B2B ID). */
export const KEYWORD_COUNT_MODULES = KEYWORD_MODULES as readonly [KeywordModule, ...KeywordModule[]];
export const keywordCountModuleSchema = z.enum(KEYWORD_COUNT_MODULES, {
  error: 'Keyword counts are for Search, Enhance and B2B campaigns.',
});
export type KeywordCountModule = z.infer<typeof keywordCountModuleSchema>;

/** Spec 2 §2 Target Location: National Targeting, State (with states and cities), or Zip Code. */
export const TARGET_LOCATIONS = ['national', 'state', 'zip'] as const;
export const targetLocationSchema = z.enum(TARGET_LOCATIONS, { error: 'Choose a target location.' });
export type TargetLocation = z.infer<typeof targetLocationSchema>;
export const TARGET_LOCATION_LABELS: Record<TargetLocation, string> = {
  national: 'National Targeting',
  state: 'State',
  zip: 'Zip Code',
};
export const STATES_REQUIRED = 'Choose at least one state.';
export const ZIPS_REQUIRED = 'Enter at least one zip code.';
export const CITY_OUTSIDE_STATES = 'Each city must be in one of the chosen states (City, ST).';

/** The status a row stores (spec 2 §3: error, pending, other — "done" here). */
export const KEYWORD_COUNT_STATUSES = ['pending', 'error', 'done'] as const;
export type KeywordCountStatus = (typeof KEYWORD_COUNT_STATUSES)[number];

/** What the table shows and filters by (spec 2 §2 Status filter; §4 success > 0, no result = 0). */
export const COUNT_OUTCOMES = ['success', 'no_result', 'failed', 'pending'] as const;
export const countOutcomeSchema = z.enum(COUNT_OUTCOMES);
export type CountOutcome = z.infer<typeof countOutcomeSchema>;
export const COUNT_OUTCOME_LABELS: Record<CountOutcome, string> = {
  success: 'Success',
  no_result: 'No Result',
  failed: 'Failed',
  pending: 'Pending',
};

/** A row's outcome: the one rule, on both sides. */
export function countOutcomeOf(status: KeywordCountStatus, count: number | null): CountOutcome {
  if (status === 'pending') return 'pending';
  if (status === 'error') return 'failed';
  return (count ?? 0) > 0 ? 'success' : 'no_result';
}

// ---------------------------------------------------------------------------------------------
// The count form (POST …/queuecount, kind keyword)
// ---------------------------------------------------------------------------------------------

/** The zip text area as sent: its zips (spec 2 §5 rules, `zipLinesOf`), 5 digits each. */
const zipAreaSchema = multilineText(z.string().max(60_000, 'Too many zip codes.'))
  .transform(zipLinesOf)
  .pipe(z.array(zipSchema).max(1000, 'At most 1,000 zip codes.'));

/** A keyword as counted: trimmed, 1-100 characters. */
const countKeywordSchema = z
  .string()
  .trim()
  .min(1, 'A keyword must not be empty.')
  .max(100, 'A keyword has at most 100 characters.');

export const queueKeywordCountSchema = z
  .strictObject({
    kind: z.literal('keyword'),
    /** The agency or client the counts are for (the caller's own company or, for agency staff, a client). */
    company_id: idSchema,
    module: keywordCountModuleSchema,
    target_location: targetLocationSchema,
    states: z.array(stateCodeSchema).max(51).default([]),
    /** 'City, ST' (the state must be one of `states`). */
    cities: z.array(citySchema).max(200, 'At most 200 cities.').default([]),
    /** The zip text area, newline separated (commas and spaces become line breaks). */
    zip_code: zipAreaSchema.prefault(''),
    keywords: z
      .array(countKeywordSchema)
      .min(1, 'Enter at least one keyword.')
      .max(MAX_KEYWORDS_PER_COUNT, `At most ${MAX_KEYWORDS_PER_COUNT} keywords at a time.`),
  })
  .superRefine((body, ctx) => {
    if (body.target_location === 'state' && body.states.length === 0)
      ctx.addIssue({ code: 'custom', path: ['states'], message: STATES_REQUIRED });
    if (body.target_location === 'zip' && body.zip_code.length === 0)
      ctx.addIssue({ code: 'custom', path: ['zip_code'], message: ZIPS_REQUIRED });
    if (body.target_location === 'state') {
      const states = new Set(body.states);
      body.cities.forEach((city, i) => {
        const state = city.includes(',')
          ? city
              .slice(city.lastIndexOf(',') + 1)
              .trim()
              .toUpperCase()
          : '';
        if (!states.has(state))
          ctx.addIssue({ code: 'custom', path: ['cities', i], message: CITY_OUTSIDE_STATES });
      });
    }
  })
  .transform((body) => ({
    ...body,
    // Only what the chosen location uses is kept; keywords pasted twice are counted once.
    states: body.target_location === 'state' ? body.states : [],
    cities: body.target_location === 'state' ? body.cities : [],
    zip_code: body.target_location === 'zip' ? [...new Set(body.zip_code)] : [],
    keywords: keywordTags(body.keywords.join('\n')),
  }));
export type QueueKeywordCountRequest = z.input<typeof queueKeywordCountSchema>;
export type QueueKeywordCountInput = z.output<typeof queueKeywordCountSchema>;

/** Data enhancement (POST …/queuecount, kind enhancement): a campaign's count of one information type. */
export const queueEnhancementCountSchema = z.strictObject({
  kind: z.literal('enhancement'),
  campaign_id: idSchema,
  type: informationTypeSchema,
});
export type QueueEnhancementCountRequest = z.input<typeof queueEnhancementCountSchema>;

/** `POST …/queuecount`: one call queues either kind of count (spec 2 §7 lists one). */
export const queueCountRequestSchema = z.discriminatedUnion(
  'kind',
  [queueKeywordCountSchema, queueEnhancementCountSchema],
  { error: 'Say which count to queue: keyword or enhancement.' },
);
export type QueueCountRequest = z.input<typeof queueCountRequestSchema>;
export type QueueCountInput = z.output<typeof queueCountRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Rows and answers
// ---------------------------------------------------------------------------------------------

/** Spec 2 §3 keyword count row, with what the table shows besides. */
export const keywordCountRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  module: keywordCountModuleSchema,
  target_location: targetLocationSchema,
  states: z.array(z.string()),
  cities: z.array(z.string()),
  /** Newline separated (spec 2 §3). */
  zip_code: z.string(),
  keyword: z.string(),
  /** Keyword Found: people in the target location; null until answered. */
  count: z.number().int().nullable(),
  /** Historical Count: people nationwide over the vendor's 7-day lookback; null until answered. */
  count_without_geo: z.number().int().nullable(),
  status: z.enum(KEYWORD_COUNT_STATUSES),
  outcome: countOutcomeSchema,
  /** Answered from a count of the last 7 days instead of asking the vendor again. */
  from_history: z.boolean(),
  /** A failed count nobody is retrying yet. */
  retryable: z.boolean(),
  /** The failure's text (KEYWORD_COUNT_BUSY) or the pending text; '' otherwise. */
  message: z.string(),
  api_version: z.string(),
  created_at: z.string(),
  counted_at: z.string().nullable(),
});
export type KeywordCountRow = z.infer<typeof keywordCountRowSchema>;

export const queueKeywordCountResponseSchema = z.object({
  result: z.literal('success'),
  kind: z.literal('keyword'),
  message: z.string(),
  data: z.array(keywordCountRowSchema),
});

export const enhancementFieldCountSchema = z.object({
  id: z.string(),
  label: z.string(),
  count: z.number().int(),
});

/** One data enhancement count of a campaign and type. */
export const enhancementCountRowSchema = z.object({
  id: z.number().int(),
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaign_name: z.string(),
  type: informationTypeSchema,
  type_label: z.string(),
  status: z.enum(KEYWORD_COUNT_STATUSES),
  outcome: countOutcomeSchema,
  /** People the vendor holds for the campaign's keywords and place; null until answered. */
  audience: z.number().int().nullable(),
  /** Of those, how many the vendor can give each field of the type. */
  fields: z.array(enhancementFieldCountSchema),
  message: z.string(),
  api_version: z.string(),
  created_at: z.string(),
  counted_at: z.string().nullable(),
});
export type EnhancementCountRow = z.infer<typeof enhancementCountRowSchema>;

export const queueEnhancementCountResponseSchema = z.object({
  result: z.literal('success'),
  kind: z.literal('enhancement'),
  message: z.string(),
  data: enhancementCountRowSchema,
});

export const queueCountResponseSchema = z.discriminatedUnion('kind', [
  queueKeywordCountResponseSchema,
  queueEnhancementCountResponseSchema,
]);
export type QueueCountResponse = z.infer<typeof queueCountResponseSchema>;

/** Sortable columns (spec 2 §2: Historical Count; and the creation date). */
export const KEYWORD_COUNT_SORT_KEYS = ['count_without_geo', 'created_at'] as const;
export type KeywordCountSortKey = (typeof KEYWORD_COUNT_SORT_KEYS)[number];

/** `GET …/getcountcampaign/{id}`: the counts of a company (agency or client), newest first by default. */
export const keywordCountListParamsSchema = z.strictObject({ id: idParamSchema });
export const keywordCountListQuerySchema = z.strictObject({
  Page: z.coerce.number().int().min(1).max(100_000).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  module: keywordCountModuleSchema.optional(),
  status: z.union([countOutcomeSchema, z.literal('')]).default(''),
  sortby: z.enum([...KEYWORD_COUNT_SORT_KEYS, 'none']).default('none'),
  order: z.enum(['asc', 'desc', 'none']).default('none'),
});
export const keywordCountListResponseSchema = pagedResponseSchema(keywordCountRowSchema).extend({
  /** Rows of the whole list still pending (the screen polls while there are). */
  pending: z.number().int(),
});
export type KeywordCountListResponse = z.infer<typeof keywordCountListResponseSchema>;

/** `PUT …/retrycount/{id}`: a failed count asked again. */
export const retryKeywordCountParamsSchema = z.strictObject({ id: idParamSchema });
export const retryKeywordCountResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: keywordCountRowSchema,
});

/** `GET …/configdata/{company_root_id}`: how the system's data vendor is set up. */
export const configDataParamsSchema = z.strictObject({ company_root_id: idParamSchema });
export const configDataResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** The vendor's name; 'sandbox': counts come from synthetic people and are labelled so. */
    vendor: z.string(),
    sandbox: z.boolean(),
    api_version: z.string(),
    lookback_days: z.number().int(),
    max_keywords: z.number().int(),
    modules: z.array(keywordCountModuleSchema),
    pending_text: z.string(),
    busy_text: z.string(),
  }),
});
export type ConfigDataResponse = z.infer<typeof configDataResponseSchema>;

/** `PUT …/applycampaign/{campaign_id}/{type}` with `{keywords}`: which of the campaign's lists. */
export const APPLY_KEYWORD_TYPES = ['keyword', 'contextual'] as const;
export type ApplyKeywordType = (typeof APPLY_KEYWORD_TYPES)[number];
export const APPLY_KEYWORD_TYPE_LABELS: Record<ApplyKeywordType, string> = {
  keyword: 'Keywords',
  contextual: 'Contextual keywords',
};
export const applyCampaignParamsSchema = z.strictObject({
  campaign_id: idParamSchema,
  type: z.enum(APPLY_KEYWORD_TYPES, { error: 'Choose keywords or contextual keywords.' }),
});
export const applyCampaignRequestSchema = z.strictObject({
  keywords: z
    .array(countKeywordSchema)
    .min(1, 'Choose at least one keyword.')
    .max(500, 'At most 500 keywords.'),
});
export type ApplyCampaignRequest = z.input<typeof applyCampaignRequestSchema>;
export const applyCampaignResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: z.object({
    leadspeekID: z.number().int(),
    leadspeek_api_id: z.string(),
    /** Keywords the list did not hold before. */
    added: z.array(z.string()),
    /** The campaign's list after the change. */
    keywords: z.array(z.string()),
  }),
});
export type ApplyCampaignResponse = z.infer<typeof applyCampaignResponseSchema>;

/** `GET …/getcountcampaignhistory/{campaign_id}/{type}`: type an information type, or 'all'. */
export const countHistoryParamsSchema = z.strictObject({
  campaign_id: idParamSchema,
  type: z.enum([...INFORMATION_TYPE_VALUES, 'all'], { error: 'Choose an information type from the list.' }),
});
export const countHistoryResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(enhancementCountRowSchema),
  pending: z.number().int(),
});
export type CountHistoryResponse = z.infer<typeof countHistoryResponseSchema>;
export type CountHistoryType = InformationType | 'all';

// ---------------------------------------------------------------------------------------------
// GET /general/enhance/location (type, param, limit, search)
// ---------------------------------------------------------------------------------------------

export const ENHANCE_LOCATION_TYPES = ['state', 'city', 'zip'] as const;
export const enhanceLocationQuerySchema = z.strictObject({
  type: z.enum(ENHANCE_LOCATION_TYPES, { error: 'Choose state, city or zip.' }),
  /** city: the state's code; zip: a state code, or a city as 'City, ST'; state: unused. */
  param: z.string().trim().max(130).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).default(''),
});
export type EnhanceLocationQuery = z.input<typeof enhanceLocationQuerySchema>;
export const enhanceLocationResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type EnhanceLocationResponse = z.infer<typeof enhanceLocationResponseSchema>;
