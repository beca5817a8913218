import { z } from 'zod';
import { isCalendarDay } from './calendar.js';
import { idOrZeroSchema, idSchema } from './ids.js';
import { pagedResponseSchema } from './paging.js';

/**
 * User logs (spec 2 §3 "User log row", §7 show-user, show-campaigns, log-user, log-category, log
 * export; §9 shortcuts and 9999). Who may read them: system users (any company of their system),
 * agency staff (their agency and its clients); everyone else gets 404.
 */

/** The wildcard of spec 2 §9 ("9999 means all"); `all` is accepted as well. */
export const LOG_FILTER_ALL = '9999';

/** Log user-type filter options (spec 2 §6): Enterprise (root), Admin, Client, Select All. */
export const LOG_USER_TYPES = ['root', 'admin', 'client', 'all'] as const;
export type LogUserType = (typeof LOG_USER_TYPES)[number];
export const LOG_USER_TYPE_LABELS: Record<LogUserType, string> = {
  root: 'Enterprise',
  admin: 'Admin',
  client: 'Client',
  all: 'Select All',
};
/**
 * Which stored user types each option covers. Enterprise: the account holders (root users of the
 * root company, agency owners `userdownline`/`user`); Admin: their staff; Client: clients. Sales
 * staff only appear under Select All.
 */
export const LOG_USER_TYPE_MEMBERS: Record<Exclude<LogUserType, 'all'>, readonly string[]> = {
  root: ['root', 'userdownline', 'user'],
  admin: ['admin', 'administrator'],
  client: ['client'],
};
/** Accepts the options above, `9999`/empty (= all) and the spec's labels in any case. */
export const logUserTypeSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '' || value === LOG_FILTER_ALL) return 'all';
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (v === 'enterprise') return 'root';
    if (v === 'select all') return 'all';
    return v;
  },
  z.enum(LOG_USER_TYPES, 'Unknown user type.'),
);

/** Known categories (the `category` column) and how the filter names them. */
export const LOG_CATEGORY_LABELS: Record<string, string> = {
  auth: 'Sign-in and security',
  view_mode: 'View mode',
  settings: 'Settings',
  user: 'User',
  client: 'Client',
};

/** Date-shortcuts of the filter drawer (spec 2 §9): last week, last month, last 3 months. */
export const LOG_DATE_SHORTCUTS = [
  { label: 'Last Week', days: 7 },
  { label: 'Last Month', days: 30 },
  { label: 'Last 3 Months', days: 90 },
] as const;

export const LOG_DATE_RANGE_INVALID = 'Date range must look like yyyy-MM-dd - yyyy-MM-dd.';
export const LOG_DATE_RANGE_ORDER = 'The end date must not be before the start date.';
export const LOG_PER_PAGE = 10;
/** Most rows one download holds; a narrower filter gets the rest. */
export const LOG_DOWNLOAD_MAX_ROWS = 50_000;

/**
 * Parses a log date range: 'yyyy-MM-dd - yyyy-MM-dd' (also with ' to ', '_' or '~' between the
 * days, or a single day). Empty or 9999 means no date filter (null). Days are UTC calendar days,
 * both ends included.
 */
export function parseLogDateRange(
  text: string | undefined | null,
): { ok: true; range: { start: string; end: string } | null } | { ok: false; message: string } {
  const value = (text ?? '').trim();
  if (value === '' || value === LOG_FILTER_ALL || value.toLowerCase() === 'all')
    return { ok: true, range: null };
  const match = /^(\d{4}-\d{2}-\d{2})(?:\s*(?:-|to|_|~)\s*(\d{4}-\d{2}-\d{2}))?$/i.exec(value);
  const start = match?.[1];
  const end = match?.[2] ?? start;
  if (!start || !end || !isCalendarDay(start) || !isCalendarDay(end)) {
    return { ok: false, message: LOG_DATE_RANGE_INVALID };
  }
  if (end < start) return { ok: false, message: LOG_DATE_RANGE_ORDER };
  return { ok: true, range: { start, end } };
}

/** A log date range as text, as the filter sends it. */
export const logDateRangeSchema = z
  .string()
  .max(40, LOG_DATE_RANGE_INVALID)
  .superRefine((value, ctx) => {
    const parsed = parseLogDateRange(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

/** An optional id filter: absent, null, 0 or 9999 mean all. */
const idFilter = idOrZeroSchema.nullable().optional();

/** `POST /configuration/user/show-user`: the people of a company (and its clients) for the user filter. */
export const showUserRequestSchema = z.strictObject({
  companyID: idSchema,
  user_type: logUserTypeSchema.default('all'),
});
export type ShowUserRequest = z.input<typeof showUserRequestSchema>;
export const logUserOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_type: z.string(),
  company_name: z.string(),
});
export const showUserResponseSchema = z.object({ data: z.array(logUserOptionSchema) });

/**
 * `POST /configuration/user/show-campaigns`: campaign options of the log filter (spec 2 §3: id,
 * campaign name, company name): the campaigns of the company (the system's for a root company, an
 * agency's clients', a client's own; decision 0094), live ones by name, then removed ones (their logs
 * stay), at most `LOG_CAMPAIGN_OPTIONS`.
 */
export const showCampaignsRequestSchema = z.strictObject({ companyID: idSchema });
export type ShowCampaignsRequest = z.input<typeof showCampaignsRequestSchema>;
export const LOG_CAMPAIGN_OPTIONS = 1000;
export const logCampaignOptionSchema = z.object({
  leadspeek_api_id: z.string(),
  campaign_name: z.string(),
  /** The client's company name. */
  company_name: z.string(),
  /** The campaign's row id (Report Analytics' campaign choice). */
  id: z.number().int(),
  module: z.string(),
  status: z.string(),
  archived: z.boolean(),
  removed: z.boolean(),
});
export type LogCampaignOption = z.infer<typeof logCampaignOptionSchema>;
export const showCampaignsResponseSchema = z.object({ data: z.array(logCampaignOptionSchema) });

/** `POST /configuration/user/log-user`: one page of log rows, newest first, 10 per page. */
export const logUserRequestSchema = z.strictObject({
  /** The company whose logs are read (with its clients when it is an agency, the system for a root). */
  companyID: idSchema,
  /** The action category (the `category` column); empty or 9999 for all. */
  action: z.string().trim().max(50).optional(),
  user_type: logUserTypeSchema.default('all'),
  user_id: idFilter,
  page: z.number().int().min(1).default(1),
  /** Campaign filter: the campaign's public id (`leadspeek_api_id`); empty, all or 9999 for all. */
  leadspeek_api_id: z
    .union([z.string().trim().max(50), z.number().int()])
    .nullable()
    .optional(),
  log_date_range: logDateRangeSchema.optional(),
});
export type LogUserRequest = z.infer<typeof logUserRequestSchema>;

export const userLogRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The filter option the acting user falls under: Enterprise, Admin, Client or Sales. */
  type_user: z.string(),
  /** The acting user's city and state as stored on their profile (no IP geolocation). */
  location: z.string(),
  user_ip: z.string(),
  /** What was done, in words (`auditActionLabel` of the stored id). */
  action: z.string(),
  /** The stored action id (`login`, `cost_settings_updated`…), for programs that compare ids. */
  action_id: z.string(),
  category: z.string(),
  /** Full text; the table shows the first 30 characters (spec 2 §9). */
  description: z.string(),
  company_name: z.string(),
  /** ISO 8601 timestamp (UTC). */
  create_date: z.string(),
});
export type UserLogRow = z.infer<typeof userLogRowSchema>;

export const logUserResponseSchema = pagedResponseSchema(userLogRowSchema);
export type LogUserResponse = z.infer<typeof logUserResponseSchema>;

/** `POST /configuration/user/log-category`: the categories present in the caller's logs. */
export const logCategoryRequestSchema = z.strictObject({});
export const logCategoryResponseSchema = z.object({
  data: z.array(z.object({ category: z.string(), label: z.string() })),
});

/**
 * `GET /configuration/user/log-download/{company}/{userType}/{user}/{category}/{dateRange}/{campaign}`:
 * a CSV file of the filtered logs (newest first, at most LOG_DOWNLOAD_MAX_ROWS). Each segment accepts
 * 9999 (or `all`) for all; for the company that is the caller's whole scope. An id segment of 9999
 * names the company or user 9999 when one is visible to the caller.
 */
export const logDownloadParamsSchema = z.object({
  company: z.string().regex(/^(\d{1,10}|all)$/, 'Unknown company.'),
  userType: z.string().max(20),
  user: z.string().regex(/^(\d{1,10}|all)$/, 'Unknown user.'),
  category: z.string().max(50),
  dateRange: logDateRangeSchema,
  campaign: z.string().max(50),
});

export interface UserLogFilter {
  companyID: number;
  userType?: LogUserType;
  userId?: number | null;
  category?: string | null;
  /** 'yyyy-MM-dd - yyyy-MM-dd' */
  dateRange?: string | null;
  campaign?: string | null;
}

/** The download path (below the API base) for a filter; missing parts become 9999. */
export function userLogDownloadPath(filter: UserLogFilter): string {
  const seg = (value: string | number | null | undefined) =>
    encodeURIComponent(
      value === undefined || value === null || value === '' ? LOG_FILTER_ALL : String(value),
    );
  const userType = !filter.userType || filter.userType === 'all' ? LOG_FILTER_ALL : filter.userType;
  // A user id is sent as is; "all users" as `all`, so a real user 9999 is never mistaken for a wildcard.
  const user = filter.userId ? String(filter.userId) : 'all';
  return `/configuration/user/log-download/${filter.companyID}/${seg(userType)}/${seg(user)}/${seg(
    filter.category,
  )}/${seg(filter.dateRange)}/${seg(filter.campaign)}`;
}

/** The CSV columns of the download, in order. */
export const LOG_CSV_COLUMNS = [
  ['create_date', 'Date'],
  ['name', 'Name'],
  ['type_user', 'User Type'],
  ['company_name', 'Company'],
  ['location', 'Location'],
  ['user_ip', 'IP Address'],
  ['category', 'Category'],
  ['action', 'Action'],
  ['description', 'Description'],
] as const;
