import { z } from 'zod';
import { calendarMonthSchema, DATE_INVALID, isCalendarDay } from './calendar.js';
import { idOrZeroParamSchema, idParamSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';
import { ACCOUNT_STATUSES, paymentTermSchema } from './tenancy.js';

/**
 * Reports of the root company (spec 1 §2.3, spec 2 §6–§7): report analytics, root revenue and the
 * agencies report. Figures come from data the product holds today (companies, people, sign-ins and
 * actions in the user logs, connected accounts, cards, configured prices). No charges are recorded
 * yet, so nothing here is money received: fee figures are labelled `configured`.
 */

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
 * the last 30 days to today). The company is the root company (whole system) or one of its
 * agencies (that agency and its clients); campaign 0 is all campaigns (none exist yet).
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
export const reportAnalyticsResponseSchema = z.object({
  range: z.object({ start: z.string(), end: z.string(), days: z.number().int() }),
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
  /** Campaign figures: no campaigns are stored yet. */
  campaigns: z.object({ available: z.literal(false), note: z.string() }),
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
  range: z.object({ start: z.string(), end: z.string(), days: z.number().int() }),
  /**
   * Money collected in the range (UTC days), in dollars: credits to the system's revenue and
   * application-fee accounts, less refunds paid; `series` per day (net).
   */
  collected: z.object({
    total: z.string(),
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
  /** No campaigns exist yet: `active` finds none, `inactive` every agency. */
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
