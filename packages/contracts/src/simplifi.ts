import { z } from 'zod';
import { calendarDaySchema, optionalCalendarDaySchema } from './calendar.js';
import {
  CAMPAIGN_STATUS_VALUES,
  campaignNameSchema,
  DEFAULT_CAMPAIGN_TIME_ZONE,
  END_BEFORE_START,
  PAUSE_REASON_VALUES,
  timeZoneSchema,
} from './campaigns.js';
import { ID_NOT_FOUND, INT32_MAX, idSchema } from './ids.js';
import { feeDollarsSchema, perLeadDollarsSchema } from './money.js';

/*
 * Simplifi (ad-platform) campaigns (spec 2 §3 "Simplifi (ad-platform) campaign", §4, §7 "Simplifi";
 * issue 24, decision 0110). A Simplifi campaign is a row of the campaigns module (the same public
 * 8-digit id, state machine, list and moves as the lead modules) with a budget: maxBid (a price per
 * thousand impressions, micro-dollars), monthlyBudget and dailyBudget (cents), goalType and goalValue,
 * agencyMarkup (whole percent), and what the server works out: remainingDays, totalSpend. Amounts are
 * dollar strings on the wire (decision 0028).
 */

export const SIMPLIFI_GOAL_TYPES = ['cpm', 'cpc', 'ctr', 'cpa'] as const;
export const simplifiGoalTypeSchema = z.enum(SIMPLIFI_GOAL_TYPES);
export type SimplifiGoalType = z.infer<typeof simplifiGoalTypeSchema>;
export const SIMPLIFI_GOAL_LABELS: Record<SimplifiGoalType, string> = {
  cpm: 'Cost per thousand impressions',
  cpc: 'Cost per click',
  ctr: 'Click-through rate (%)',
  cpa: 'Cost per action',
};

export const MAX_BID_BELOW_MINIMUM = (minimum: string) => `The max bid must be at least $${minimum}.`;
export const DAILY_BUDGET_BELOW_MINIMUM = (minimum: string) =>
  `The daily budget must be at least $${minimum}.`;
export const BUDGET_REQUIRED = 'Enter a budget greater than $0.';
export const MONTHLY_BELOW_DAILY = 'The monthly budget must be at least the daily budget.';
export const MARKUP_INVALID = 'The agency markup is a whole percent from 0 to 99.';
export const GOAL_VALUE_INVALID = 'Enter the goal as a number, for example 2.50.';
export const NOT_A_SIMPLIFI_CAMPAIGN = 'This is not a Simplifi campaign.';
export const NO_BUDGET_INCREASE = 'The daily budget is not higher than the current one.';
export const BUDGET_INCREASE_NOT_RUNNING = 'Only a running campaign is charged for a higher daily budget.';

/** The goal's value: a plain decimal number (a price for cpm/cpc/cpa, a percent for ctr). */
export const goalValueSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,4})?$/, GOAL_VALUE_INVALID);

export const agencyMarkupSchema = z
  .number({ error: MARKUP_INVALID })
  .int(MARKUP_INVALID)
  .min(0, MARKUP_INVALID)
  .max(99, MARKUP_INVALID);

const budgetFields = {
  /** Price per thousand impressions the platform may bid at most. */
  maxBid: perLeadDollarsSchema,
  monthlyBudget: feeDollarsSchema,
  dailyBudget: feeDollarsSchema,
  goalType: simplifiGoalTypeSchema,
  goalValue: goalValueSchema,
  agencyMarkup: agencyMarkupSchema,
};

/** The advertiser's landing page the ads click through to. */
const clickUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter the full address, starting with https://.' })
  .max(2000);

/** The audiences a campaign targets: the client's and its agency's own lists (ad-audiences). */
const audienceIdsSchema = z.array(idSchema).max(50, 'At most 50 audiences.');

const datesInOrder = (b: { startdatecampaign?: string; enddatecampaign?: string }) =>
  !b.startdatecampaign || !b.enddatecampaign || b.startdatecampaign <= b.enddatecampaign;

/** `POST /leadspeek/simplifi`: a new Simplifi campaign for a client, stopped until activated. */
export const createSimplifiCampaignRequestSchema = z
  .strictObject({
    clientID: idSchema,
    campaignName: campaignNameSchema,
    startdatecampaign: optionalCalendarDaySchema.default(''),
    enddatecampaign: optionalCalendarDaySchema.default(''),
    timezone: timeZoneSchema.default(DEFAULT_CAMPAIGN_TIME_ZONE),
    ...budgetFields,
    goalType: simplifiGoalTypeSchema.default('cpm'),
    goalValue: goalValueSchema.default('0'),
    agencyMarkup: agencyMarkupSchema.default(0),
    clickUrl: clickUrlSchema,
    audienceIds: audienceIdsSchema.default([]),
  })
  .refine(datesInOrder, { message: END_BEFORE_START, path: ['enddatecampaign'] });
export type CreateSimplifiCampaignRequest = z.input<typeof createSimplifiCampaignRequestSchema>;
export type CreateSimplifiCampaignInput = z.output<typeof createSimplifiCampaignRequestSchema>;

/** `PUT /leadspeek/simplifi/{campaignId}`: name, dates and click URL (the budget is the cost module's). */
export const updateSimplifiCampaignRequestSchema = z
  .strictObject({
    campaignName: campaignNameSchema,
    startdatecampaign: optionalCalendarDaySchema,
    enddatecampaign: optionalCalendarDaySchema,
    timezone: timeZoneSchema,
    clickUrl: clickUrlSchema,
    /** The audiences the campaign targets, all of them ([] targets none). */
    audienceIds: audienceIdsSchema,
  })
  .partial()
  .refine(datesInOrder, { message: END_BEFORE_START, path: ['enddatecampaign'] });
export type UpdateSimplifiCampaignInput = z.output<typeof updateSimplifiCampaignRequestSchema>;

/**
 * `PUT /leadspeek/simplifi/costmodule`: the campaign's budget. A higher daily budget on a running
 * campaign is charged first (`charge-campaign-by-remaining-days`); this refuses it otherwise.
 */
export const simplifiCostModuleRequestSchema = z.strictObject({ leadspeekID: idSchema, ...budgetFields });
export type SimplifiCostModuleInput = z.output<typeof simplifiCostModuleRequestSchema>;

/** `GET /leadspeek/simplifi/check-budget-increase?leadspeekID=&dailyBudget=`. */
export const checkBudgetIncreaseQuerySchema = z.strictObject({
  leadspeekID: z.coerce.number().int().min(1, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND),
  dailyBudget: feeDollarsSchema,
});

/** `POST /leadspeek/simplifi/charge-campaign-by-remaining-days`: raise the daily budget, paying the difference. */
export const chargeByRemainingDaysRequestSchema = z.strictObject({
  leadspeekID: idSchema,
  dailyBudget: feeDollarsSchema,
});

/** What raising the daily budget costs now: daily × remaining days − remaining budget (never below 0). */
export const budgetIncreaseSchema = z.object({
  leadspeekID: z.number().int(),
  current_daily_budget: z.string(),
  daily_budget: z.string(),
  remaining_days: z.number().int(),
  remaining_budget: z.string(),
  charge_amount: z.string(),
  /** Null when it may be charged; else why not (not running, not higher). */
  refused: z.string().nullable(),
});
export type BudgetIncrease = z.infer<typeof budgetIncreaseSchema>;

/** `GET /leadspeek/simplifi/remaining-budget/{leadspeek_api_id}`. */
export const remainingBudgetSchema = z.object({
  leadspeek_api_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  remaining_days: z.number().int(),
  /** Budget bought and not yet spent (the ledger's `ad_budget` account, less today's spend so far). */
  remaining_budget: z.string(),
  /** What this period's budget charges bought. */
  period_budget: z.string(),
  total_spend: z.string(),
});
export type RemainingBudget = z.infer<typeof remainingBudgetSchema>;

/** One budget charge (activation, renewal, raise) as the details show it. */
export const simplifiChargeSchema = z.object({
  reason: z.enum(['activation', 'renewal', 'raise']),
  period_start: z.string(),
  amount: z.string(),
  /** The platform's part (budget × (100 − markup) %). */
  platform_amount: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  created_at: z.string(),
});

/** `GET /leadspeek/simplifi/details?leadspeekID=`: the campaign with its budget, charges and state. */
export const simplifiCampaignDetailSchema = z.object({
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaignName: z.string(),
  clientID: z.number().int(),
  company_name: z.string(),
  status: z.enum(CAMPAIGN_STATUS_VALUES),
  pause_reason: z.enum(PAUSE_REASON_VALUES).nullable(),
  archived: z.enum(['T', 'F']),
  startdatecampaign: z.string(),
  enddatecampaign: z.string(),
  timezone: z.string(),
  clickUrl: z.string(),
  maxBid: z.string(),
  monthlyBudget: z.string(),
  dailyBudget: z.string(),
  goalType: simplifiGoalTypeSchema,
  goalValue: z.string(),
  agencyMarkup: z.number().int(),
  remainingDays: z.number().int(),
  totalSpend: z.string(),
  remainingBudget: z.string(),
  /** The ad platform's campaign id once mirrored; labelled sandbox when the sandbox runs it. */
  platform: z.object({ name: z.string(), campaign_id: z.string().nullable(), synced: z.boolean() }),
  audiences: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number().int() })),
  charges: z.array(simplifiChargeSchema),
  /** Unspent budget refunded when the campaign stopped. */
  refunds: z.array(
    z.object({
      amount: z.string(),
      status: z.enum(['pending', 'refunded', 'failed']),
      created_at: z.string(),
    }),
  ),
});
export type SimplifiCampaignDetail = z.infer<typeof simplifiCampaignDetailSchema>;

/** `GET /leadspeek/simplifi/stats?campaign_ids=1,2,3` (leadspeekIDs): each campaign's totals to date. */
export const simplifiStatsQuerySchema = z.strictObject({
  campaign_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Name up to 100 campaigns by id, separated by commas.')
    .transform((text) => [...new Set(text.split(',').map(Number))]),
});

export const simplifiTotalsSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Click-through rate in percent, two decimals, as text ('0.45'). */
  ctr: z.string(),
  spend: z.string(),
});

export const simplifiStatsRowSchema = z.object({
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  totals: simplifiTotalsSchema,
  period_budget: z.string(),
  remaining_budget: z.string(),
  /** Spend so far against the budget expected by today in the period, percent ('97.5'); null before a period. */
  pacing: z.string().nullable(),
  last_pulled_at: z.string().nullable(),
});
export const simplifiStatsSchema = z.object({
  result: z.literal('success'),
  data: z.array(simplifiStatsRowSchema),
});

export const SIMPLIFI_DATE_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'custom',
] as const;

/** `GET /leadspeek/simplifi/campaign-reports/{campaign_id}` (spec 2 §7): client_now_date and date_range required. */
export const simplifiReportQuerySchema = z
  .strictObject({
    client_now_date: calendarDaySchema,
    date_range: z.enum(SIMPLIFI_DATE_RANGES),
    start_date: calendarDaySchema.optional(),
    end_date: calendarDaySchema.optional(),
    format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  })
  .refine((q) => q.date_range !== 'custom' || (q.start_date && q.end_date && q.start_date <= q.end_date), {
    message: 'Choose a start and an end date, the end not before the start.',
    path: ['end_date'],
  });
export type SimplifiReportQuery = z.output<typeof simplifiReportQuerySchema>;

export const simplifiReportDaySchema = z.object({ day: z.string(), ...simplifiTotalsSchema.shape });
export const simplifiReportSchema = z.object({
  result: z.literal('success'),
  leadspeek_api_id: z.string(),
  from: z.string(),
  to: z.string(),
  totals: simplifiTotalsSchema,
  days: z.array(simplifiReportDaySchema),
  ads: z.array(z.object({ ad_id: z.string(), name: z.string(), ...simplifiTotalsSchema.shape })),
});
export type SimplifiReport = z.infer<typeof simplifiReportSchema>;

// ---------------------------------------------------------------------------------------------
// Marketing organisations (spec 2 §3 "Company group and organization", §7): OrganizationName,
// ParentID, CustomID — a company's organisation at the ad platform.
// ---------------------------------------------------------------------------------------------

export const ORGANIZATION_NAME_REQUIRED = 'Enter the organization name.';

export const organizationParamsSchema = z.strictObject({
  id: z.coerce.number().int().min(1, ID_NOT_FOUND).max(INT32_MAX, ID_NOT_FOUND),
  type: z.enum(['agency', 'client']),
});

export const createOrganizationRequestSchema = z.strictObject({
  companyID: idSchema,
  OrganizationName: z.string().trim().min(1, ORGANIZATION_NAME_REQUIRED).max(200, 'At most 200 characters.'),
  /** The parent organisation: the client's agency's (the server derives it; another value is refused). */
  ParentID: z.string().trim().max(100).default(''),
  CustomID: z.string().trim().max(100, 'At most 100 characters.').default(''),
});

export const organizationSchema = z.object({
  organization_id: z.string(),
  OrganizationName: z.string(),
  ParentID: z.string(),
  CustomID: z.string(),
});
export type AdOrganizationView = z.infer<typeof organizationSchema>;
