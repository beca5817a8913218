import { z } from 'zod';
import { calendarDaySchema } from './calendar.js';
import { campaignModuleSchema } from './campaigns.js';
import { idOrZeroParamSchema, idParamSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';
import { seriesPointSchema } from './reports.js';

/*
 * Lead reports (spec 2 §7 "Campaigns and reports", issue 11): the leads a campaign stored, what each
 * party paid for each one, why the others were refused, and the figures of a module's dashboard.
 * Paths name the agency (`companyID`: the agency, or the client itself when a client asks), the
 * client (`clientID`, 0: every client of the agency) and the campaign (`campaignID`, the campaign's
 * row id, 0: every campaign in scope). Dates are yyyy-MM-dd in the campaign's (or, across campaigns,
 * the viewer's) time zone; amounts are dollar strings as `centsToDollars` / `microsToDollars` write.
 */

export const LEAD_REPORT_SORT_KEYS = [
  'created_at',
  'name',
  'email',
  'campaign_name',
  'client_price',
] as const;
export const LEAD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** `/leadspeek/report/lead/{companyID}/{clientID}/{campaignID}` and its download. */
export const leadReportParamsSchema = z.object({
  companyID: idParamSchema,
  clientID: idOrZeroParamSchema,
  campaignID: idOrZeroParamSchema,
});
export type LeadReportParams = z.infer<typeof leadReportParamsSchema>;

const dayText = calendarDaySchema.optional();

/** The filters the report, its download and the chart share. */
export const leadFilterQuerySchema = z.object({
  /** Only this module's campaigns (the module screen the report is on). */
  moduleType: campaignModuleSchema.optional(),
  /** Matches name, e-mail, phone, city, the campaign's name or its 8-digit id. */
  searchQuery: z.string().trim().max(100).default(''),
  start: dayText,
  end: dayText,
});
export const leadReportQuerySchema = leadFilterQuerySchema.extend({
  Page: z.coerce.number().int().min(1).max(100_000).default(1),
  PerPage: z.coerce.number().int().min(1).max(100).default(10),
  sortby: z.enum(LEAD_REPORT_SORT_KEYS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type LeadReportQuery = z.input<typeof leadReportQuerySchema>;
export const leadDownloadQuerySchema = leadFilterQuerySchema.extend({
  format: z.enum(LEAD_EXPORT_FORMATS).default('csv'),
});
export type LeadDownloadQuery = z.input<typeof leadDownloadQuerySchema>;

/**
 * What each party paid for a lead, as far as the viewer may know it: a client sees its own price,
 * the agency also its wholesale (the root's price to it), the root all three. Null: not the
 * viewer's to see.
 */
export const leadPricesSchema = z.object({
  client_price: z.string(),
  wholesale: z.string().nullable(),
  root_fee: z.string().nullable(),
});
export type LeadPrices = z.infer<typeof leadPricesSchema>;

export const leadReportRowSchema = z.object({
  lead_id: z.number().int(),
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaign_name: z.string(),
  client_company_name: z.string(),
  module: campaignModuleSchema,
  /** ISO time the lead was stored. */
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** '' when the campaign hides phones from its client (clientHidePhone) and the viewer is the client. */
  phone: z.string(),
  phone_hidden: z.boolean(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** B2B: the person's company (name, title, industry, size); {} otherwise. */
  company: z.record(z.string(), z.string()),
  /** Enhance / b2b: the advanced information the campaign asked for, as labelled lines (decision 0093). */
  advanced: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() })),
  page_url: z.string(),
  keyword: z.string(),
  /** pixel | vendor_list | ad_platform | vendor_callback | test */
  source: z.string(),
  prices: leadPricesSchema,
});
export type LeadReportRow = z.infer<typeof leadReportRowSchema>;
/**
 * A search's total is counted up to 1,000 matches and its pages reach that far (decision 0053):
 * `total_capped` says there are more than `total` ("1,000+").
 */
export const leadReportResponseSchema = pagedResponseSchema(leadReportRowSchema).extend({
  total_capped: z.boolean(),
  /** The view's time zone (see `reportTimeZoneSchema`): the rows' times are shown in it. */
  time_zone: z.string(),
});
export type LeadReportResponse = z.infer<typeof leadReportResponseSchema>;

/**
 * `GET /leadspeek/report/initdate/{companyID}/{clientID}`: the span of days that has leads. With
 * `?campaignID=` it is that campaign's span, in its own time zone, as its report and chart count days.
 */
export const leadInitDateParamsSchema = z.object({ companyID: idParamSchema, clientID: idOrZeroParamSchema });
export const leadInitDateQuerySchema = z.object({ campaignID: idParamSchema.optional() });
export const leadInitDateResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** yyyy-MM-dd of the first and the newest lead; null when there is none. */
    first_date: z.string().nullable(),
    last_date: z.string().nullable(),
    /** Today in the viewer's time zone (the campaign's, for one campaign), the default end of a range. */
    today: z.string(),
    /**
     * The IANA zone every day and time of this view is in: one campaign's own zone, across campaigns
     * the viewer's. The rows, the date fields and the chart use it, and the screen names it, so a
     * lead stored late in the evening is on one day everywhere (issue 20).
     */
    time_zone: z.string(),
  }),
});
export type LeadInitDateResponse = z.infer<typeof leadInitDateResponseSchema>;

/** `GET /leadspeek/report/chart/{companyID}/{clientID}/{campaignID}` with the filters (default: 30 days). */
export const leadChartResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    range: z.object({ start: z.string(), end: z.string() }),
    /** Leads stored per day, every day of the range present. */
    leads: z.array(seriesPointSchema),
    /** What the client paid for them per day, in cents (a number for the chart; the total is a string). */
    spend_cents: z.array(seriesPointSchema),
    total_leads: z.number().int(),
    total_spend: z.string(),
    /** The zone the days are counted in (as initdate's `time_zone`). */
    time_zone: z.string(),
  }),
});
export type LeadChartResponse = z.infer<typeof leadChartResponseSchema>;

/** `GET /leadspeek/report/invoice/{companyID}/{clientID}/{start}/{end}`: charges per campaign in the range. */
export const leadInvoiceParamsSchema = z.object({
  companyID: idParamSchema,
  clientID: idOrZeroParamSchema,
  start: calendarDaySchema,
  end: calendarDaySchema,
});
export const leadInvoiceRowSchema = z.object({
  leadspeekID: z.number().int(),
  leadspeek_api_id: z.string(),
  campaign_name: z.string(),
  client_company_name: z.string(),
  module: campaignModuleSchema,
  leads: z.number().int(),
  /** The leads' client prices summed (rounded to cents once, per the ledger's rule). */
  leads_amount: z.string(),
  /** Setup, period and prepaid charges the ledger recorded for the campaign in the range. */
  charges_amount: z.string(),
  total: z.string(),
});
export const leadInvoiceResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ rows: z.array(leadInvoiceRowSchema), total: z.string() }),
});
export type LeadInvoiceResponse = z.infer<typeof leadInvoiceResponseSchema>;

/** `GET /leadspeek/report/rejections/{campaignID}` (start, end): why candidates were refused. */
export const leadRejectionsParamsSchema = z.object({ campaignID: idParamSchema });
export const rejectionCountSchema = z.object({
  /** The pipeline step and the reason code (`@app/lead-engine` REJECTION_LABELS), with its label. */
  step: z.string(),
  reason: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type RejectionCount = z.infer<typeof rejectionCountSchema>;
export const leadRejectionsResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    range: z.object({ start: z.string(), end: z.string() }),
    total: z.number().int(),
    reasons: z.array(rejectionCountSchema),
  }),
});
export type LeadRejectionsResponse = z.infer<typeof leadRejectionsResponseSchema>;

/** `GET /leadspeek/report/dashboard/{companyID}/{clientID}/{moduleType}`: a module dashboard's figures. */
export const moduleDashboardParamsSchema = z.object({
  companyID: idParamSchema,
  clientID: idOrZeroParamSchema,
  moduleType: campaignModuleSchema,
});
export const moduleDashboardResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    leads_today: z.number().int(),
    leads_7_days: z.number().int(),
    leads_30_days: z.number().int(),
    /** What the viewer's side paid over 30 days (client price for clients, wholesale for agencies). */
    spend_30_days: z.string(),
    running_campaigns: z.number().int(),
    leads: z.array(seriesPointSchema),
    top_rejections: z.array(rejectionCountSchema),
  }),
});
export type ModuleDashboardResponse = z.infer<typeof moduleDashboardResponseSchema>;

/**
 * `GET /leadspeek/report/lead-detail/{leadID}`: one lead and the answer to "what did each party pay
 * for this": the prices the viewer may see, the campaign's payment term, and how the price was set.
 */
export const leadDetailParamsSchema = z.object({ leadID: idParamSchema });
export const leadDetailResponseSchema = z.object({
  result: z.literal('success'),
  data: leadReportRowSchema.extend({
    payment_term: z.string(),
    /** Plain words per party: 'Client price: $0.50 per lead (the campaign's cost per lead, Weekly term)'. */
    explanation: z.array(z.string()),
  }),
});
export type LeadDetailResponse = z.infer<typeof leadDetailResponseSchema>;
