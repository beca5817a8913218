import { z } from 'zod';
import { calendarDaySchema, calendarMonthSchema, DATE_INVALID, isCalendarDay } from './calendar.js';
import { campaignModuleSchema } from './campaigns.js';
import { ID_NOT_FOUND, idOrZeroParamSchema, idParamSchema, isRowId } from './ids.js';
import { pagedResponseSchema } from './paging.js';
import { ACCOUNT_STATUSES, paymentTermSchema } from './tenancy.js';

/**
 * Reports of the root company (spec 1 §2.3, spec 2 §6–§7): report analytics, root revenue and the
 * agencies report. Figures come from data the product holds (companies, people, sign-ins and
 * actions in the user logs, connected accounts, cards, campaigns, leads) and money from the ledger:
 * collected money is what came in through the payment gateway (decision 0083); fee figures from
 * settings are labelled `configured`.
 */

/**
 * Where collected money came from (decision 0083), in the order charts and tables show them:
 * campaign activations and period invoices, prepaid lead blocks, Data Wallet top-ups, minimum-spend
 * shortfalls, onboarding fees, and refunds (negative: money given back).
 */
export const COLLECTED_SOURCES = [
  'campaigns',
  'prepaid',
  'wallet',
  'minimum_spend',
  'onboarding',
  'refunds',
] as const;
export type CollectedSource = (typeof COLLECTED_SOURCES)[number];
export const collectedSourceSchema = z.enum(COLLECTED_SOURCES);
export const COLLECTED_SOURCE_LABELS: Record<CollectedSource, string> = {
  campaigns: 'Campaign activations and invoices',
  prepaid: 'Prepaid blocks',
  wallet: 'Data Wallet top-ups',
  minimum_spend: 'Minimum spend',
  onboarding: 'Onboarding',
  refunds: 'Refunds',
};

/**
 * How collected money is bucketed (decision 0083): by UTC day for ranges up to 31 days, by week
 * (Monday to Sunday) up to 182 days, by calendar month beyond; `?period=` chooses another.
 */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const reportPeriodSchema = z.enum(REPORT_PERIODS, 'Choose a period: day, week or month.');
export const reportPeriodQuerySchema = z.object({ period: reportPeriodSchema.optional() });

/** Amounts per source, in dollars (every source present, '0' when none). */
const amountsBySource = z.object(
  Object.fromEntries(COLLECTED_SOURCES.map((s) => [s, z.string()])) as Record<CollectedSource, z.ZodString>,
);

/**
 * Money collected in a range, in dollars, read from the ledger: money in through the payment gateway
 * by what it paid for, refunds out as negative amounts. `total` is the sum of `by_source`, and each
 * period's `total` the sum of its sources; the periods' totals add up to `total` (tested).
 */
export const collectedMoneySchema = z.object({
  period: reportPeriodSchema,
  total: z.string(),
  by_source: amountsBySource,
  /** Every period of the range, oldest first; the first and last are cut to the range. */
  periods: z.array(
    z.object({ start: z.string(), end: z.string(), total: z.string(), sources: amountsBySource }),
  ),
});
export type CollectedMoney = z.infer<typeof collectedMoneySchema>;

export const REPORT_MAX_DAYS = 366;
export const REPORT_DATE_ORDER = 'The end date must not be before the start date.';
export const REPORT_RANGE_TOO_LONG = `The date range must not exceed ${REPORT_MAX_DAYS} days.`;

/** One point of a daily series; days are UTC calendar days, every day of the range present. */
export const seriesPointSchema = z.object({ date: z.string(), value: z.number() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;
const series = z.array(seriesPointSchema);
const countBy = <K extends z.ZodType>(key: K) => z.array(z.object({ key, value: z.number().int() }));

/**
 * `GET /configuration/report-analytics/{start}/{end}/{companyid}/{campaignid}` and
 * `/configuration/report-analytics/0/0/{companyrootid}`. Start and end are yyyy-MM-dd (0 and 0:
 * the last 30 days to today). The company is the root company (whole system), one of its agencies
 * (that agency and its clients) or a client; campaign 0 is all the company's campaigns, another id
 * one campaign of the company (a campaign outside it answers 404). `?period=` buckets the money.
 */
/** A report's day in the path: a calendar day, or 0 (both 0: the default range). */
const reportDayParamSchema = z.string().refine((text) => text === '0' || isCalendarDay(text), DATE_INVALID);

export const reportAnalyticsParamsSchema = z.object({
  start: reportDayParamSchema,
  end: reportDayParamSchema,
  companyid: idParamSchema,
  campaignid: idOrZeroParamSchema.default(0),
});
/** `/configuration/report-analytics/0/0/{companyrootid}` (or days): the whole system. */
export const reportAnalyticsRootParamsSchema = z.object({
  start: reportDayParamSchema,
  end: reportDayParamSchema,
  companyrootid: z.coerce.number().int(),
});
/** A report's days: yyyy-MM-dd in `time_zone`, the viewer's own zone or their browser's (decision 0094). */
export const reportRangeSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  time_zone: z.string(),
});

export const reportAnalyticsResponseSchema = z.object({
  range: reportRangeSchema,
  company: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['root', 'agency', 'client']) }),
  totals: z.object({
    /** Live counts today (not limited to the range). */
    agencies: z.number().int(),
    clients: z.number().int(),
    users: z.number().int(),
    /** Within the range. */
    agencies_created: z.number().int(),
    clients_created: z.number().int(),
    sign_ins: z.number().int(),
    /** Distinct people who signed in at least once in the range. */
    active_users: z.number().int(),
    actions: z.number().int(),
  }),
  series: z.object({
    agencies_created: series,
    clients_created: series,
    sign_ins: series,
    active_users: series,
    actions: series,
  }),
  /** Agencies by connected payment-account status ('' is not connected). */
  agencies_by_account_status: countBy(z.enum(ACCOUNT_STATUSES)),
  /** Log rows in the range per category. */
  actions_by_category: countBy(z.string()),
  /** The agencies with the most clients (top 10). */
  clients_per_agency: z.array(z.object({ id: z.number().int(), name: z.string(), value: z.number().int() })),
  /**
   * Campaigns of the company (or the one campaign) as they are now, removed ones left out: by
   * status (active = running; paused includes paused on run; archived apart) and by module.
   */
  campaigns: z.object({
    total: z.number().int(),
    active: z.number().int(),
    paused: z.number().int(),
    stopped: z.number().int(),
    archived: z.number().int(),
    by_module: z.array(
      z.object({
        module: campaignModuleSchema,
        active: z.number().int(),
        paused: z.number().int(),
        stopped: z.number().int(),
        archived: z.number().int(),
      }),
    ),
  }),
  /** Leads stored for the company's (or the campaign's) campaigns per UTC day; site-test leads left out. */
  leads: z.object({ total: z.number().int(), series }),
  /** Money collected from the company's tree (or for the campaign), from the ledger (decision 0083). */
  money: collectedMoneySchema.extend({ note: z.string() }),
});
export type ReportAnalyticsResponse = z.infer<typeof reportAnalyticsResponseSchema>;

/** `GET /configuration/root-revenue/{startDate}/{endDate}` (root company only). */
export const rootRevenueParamsSchema = z.object({
  startDate: reportDayParamSchema,
  endDate: reportDayParamSchema,
});
/** Amounts per day, as dollar strings (the wire convention of money, decision 0028). */
const amountSeries = z.array(z.object({ date: z.string(), amount: z.string() }));

export const rootRevenueResponseSchema = z.object({
  /**
   * 'collected': `collected` is money actually received, read from the ledger (decision 0035); the
   * onboarding and per-term figures beside it are the fees configured for agencies, not income.
   */
  basis: z.literal('collected'),
  note: z.string(),
  currency: z.literal('USD'),
  range: reportRangeSchema,
  /**
   * Money collected in the range (UTC days), in dollars, from the ledger's gateway money (decision
   * 0083): `revenue` came in on the platform's own charges (Data Wallet top-ups included),
   * `application_fees` is the platform's part of clients' direct charges, `refunds` was given back;
   * `total` = revenue + application_fees − refunds = the sum of `by_source` and of the periods;
   * `series` is the net per day.
   */
  collected: collectedMoneySchema.extend({
    revenue: z.string(),
    application_fees: z.string(),
    refunds: z.string(),
    series: amountSeries,
  }),
  /** What the onboarding and per-term figures are: configured prices, not money received. */
  configured_note: z.string(),
  onboarding: z.object({
    /** The onboarding charge configured on the root company, in dollars. */
    price: z.string(),
    agencies_created: z.number().int(),
    agencies_excluded: z.number().int(),
    /** Sum over agencies created in the range and not excluded of their onboarding price (their own, else the root's), in dollars. */
    configured: z.string(),
    /** Per day, in dollars. */
    series: amountSeries,
  }),
  /**
   * Per payment term: how many live agencies offer it and the sum over those agencies (and their
   * enabled modules) of the configured setup fee and platform fee per period, in dollars.
   */
  by_term: z.array(
    z.object({
      term: paymentTermSchema,
      agencies: z.number().int(),
      setup_fee: z.string(),
      platform_fee: z.string(),
    }),
  ),
  /** Agencies created per day in the range (what the onboarding figures count). */
  agencies_created: series,
});
export type RootRevenueResponse = z.infer<typeof rootRevenueResponseSchema>;

/** At most this many campaigns in one under-performance question. */
export const UNDER_PERFORM_MAX_CAMPAIGNS = 100;
export const UNDER_PERFORM_IDS_INVALID = `Send campaign_ids as 1 to ${UNDER_PERFORM_MAX_CAMPAIGNS} campaign ids separated by commas.`;

/**
 * `GET /configuration/get-under-perform-campaigns?campaign_ids=1,2&selected_date=yyyy-MM-dd`
 * (decision 0083): campaign row ids, comma-separated (or the parameter repeated).
 */
export const underPerformQuerySchema = z
  .object({
    campaign_ids: z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value.join(',') : value).split(',').map((t) => t.trim());
      if (parts.length > UNDER_PERFORM_MAX_CAMPAIGNS || !parts.every((t) => /^\d{1,10}$/.test(t))) {
        ctx.issues.push({ code: 'custom', message: UNDER_PERFORM_IDS_INVALID, input: value });
        return z.NEVER;
      }
      const ids = parts.map(Number);
      // An id no row can have is answered like an unknown one (404), as everywhere.
      if (!ids.every(isRowId)) {
        ctx.issues.push({ code: 'custom', message: ID_NOT_FOUND, input: value });
        return z.NEVER;
      }
      return ids;
    }),
    selected_date: calendarDaySchema,
  })
  .strict();
export const underPerformResponseSchema = z.object({
  selected_date: z.string(),
  /** The rule, in words. */
  rule: z.string(),
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      leadspeek_api_id: z.string(),
      name: z.string(),
      /** Leads on the selected day, in the campaign's time zone. */
      leads_on_date: z.number().int(),
      /** Leads on the 7 days before it. */
      leads_previous_7_days: z.number().int(),
      /**
       * What was expected on the day (decision 0094): the campaign's minimum leads per day, else its
       * daily average of the 7 days before (two decimals); null when it is not judged.
       */
      expected_leads: z.number().nullable(),
      basis: z.enum(['minimum', 'average', 'none']),
      under_perform: z.boolean(),
    }),
  ),
  /** The ids of the campaigns that under-performed, in the order asked. */
  under_perform_ids: z.array(z.number().int()),
});
export type UnderPerformResponse = z.infer<typeof underPerformResponseSchema>;

/** `GET /configuration/agencies-report/{group}/{sort}/{order}/{search}` (root company only). */
export const AGENCY_REPORT_SORT_KEYS = [
  'company_name',
  'full_name',
  'email',
  'created_at',
  'clients',
  'users',
  'last_login',
] as const;
export const agenciesReportParamsSchema = z.object({
  /** `all` (agencies are not grouped; company groups organise campaigns). */
  group: z.enum(['all', '0'], 'Unknown group.'),
  sort: z.enum([...AGENCY_REPORT_SORT_KEYS, 'none'], 'Unknown sort key.'),
  order: z.enum(['asc', 'desc', 'none'], 'Unknown sort order.'),
  /** '-' means no search. */
  search: z.string().max(100),
});
export const agenciesReportQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  /** Card on file of the agency owner. */
  CardStatus: z.enum(['all', 'with', 'without', '']).default('all'),
  /** active: one of the agency's clients has a running campaign; inactive: none has (decision 0094). */
  CampaignStatus: z.enum(['all', 'active', 'inactive', '']).default('all'),
  /** yyyy-MM: the month for the new-client and sign-in columns (default: the current month). */
  SelectedDate: calendarMonthSchema.optional(),
  /** enabled: developer mode on; generated: API key generated; disabled: developer mode off. */
  OpenApiStatus: z.enum(['all', 'enabled', 'generated', 'disabled', '']).default('all'),
});
export const agencyReportRowSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  clients: z.number().int(),
  users: z.number().int(),
  /** In SelectedDate's month. */
  clients_created_in_month: z.number().int(),
  sign_ins_in_month: z.number().int(),
  last_login: z.string().nullable(),
  card_on_file: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
  manual_bill: z.boolean(),
  payment_failed: z.boolean(),
  api_mode: z.boolean(),
  api_key_generated: z.boolean(),
});
export type AgencyReportRow = z.infer<typeof agencyReportRowSchema>;
export const agenciesReportResponseSchema = pagedResponseSchema(agencyReportRowSchema).extend({
  month: z.string(),
});
export type AgenciesReportResponse = z.infer<typeof agenciesReportResponseSchema>;
