import type { LogUserRequest, LogUserType, UserLogFilter } from '@app/contracts';

/**
 * The Agency User's Logs filter (spec 2 §3 "User log row", §9): company, date range (yyyy-MM-dd, with
 * the last week / month / 3 months shortcuts), user type, user, action category and campaign; pages
 * start at 1. These turn it into the log-user request and the download's filter.
 */
export interface LogFilters {
  companyID: number;
  /** yyyy-MM-dd days, both included; '' when not set. */
  start: string;
  end: string;
  userType: LogUserType;
  userId: number | null;
  category: string | null;
  campaign: string | null;
}

export function initialLogFilters(companyID: number): LogFilters {
  return { companyID, start: '', end: '', userType: 'all', userId: null, category: null, campaign: null };
}

/** Spec 2 §3: the description column shows 30 characters; the full text is on hover. */
export const DESCRIPTION_PREVIEW = 30;

export function truncateDescription(text: string, length = DESCRIPTION_PREVIEW): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** A local calendar day as yyyy-MM-dd (the person's own day, as the date inputs show it). */
export function formatDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A shortcut (7, 30 or 90 days): from that many days before today up to today. */
export function shortcutRange(days: number, today: Date = new Date()): { start: string; end: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return { start: formatDay(start), end: formatDay(today) };
}

/**
 * The range as the server reads it ('yyyy-MM-dd - yyyy-MM-dd'); one end alone is a single day; none is
 * no date filter. Ends given in the wrong order are swapped rather than refused.
 */
export function dateRangeText(filters: Pick<LogFilters, 'start' | 'end'>): string {
  const start = filters.start || filters.end;
  const end = filters.end || filters.start;
  if (!start || !end) return '';
  return start <= end ? `${start} - ${end}` : `${end} - ${start}`;
}

/** The `POST /configuration/user/log-user` body of a page; unset filters are left out (all). */
export function logRequest(filters: LogFilters, page: number): LogUserRequest {
  const range = dateRangeText(filters);
  return {
    companyID: filters.companyID,
    page,
    user_type: filters.userType,
    ...(filters.userId ? { user_id: filters.userId } : {}),
    ...(filters.category ? { action: filters.category } : {}),
    ...(filters.campaign ? { leadspeek_api_id: filters.campaign } : {}),
    ...(range ? { log_date_range: range } : {}),
  };
}

/** The download's filter: the same choices as the table shows. */
export function downloadFilter(filters: LogFilters): UserLogFilter {
  return {
    companyID: filters.companyID,
    userType: filters.userType,
    userId: filters.userId,
    category: filters.category,
    dateRange: dateRangeText(filters) || null,
    campaign: filters.campaign,
  };
}

/** How many filters differ from the defaults (shown on the Filter button). */
export function activeFilterCount(filters: LogFilters, defaultCompanyID: number): number {
  return [
    filters.companyID !== defaultCompanyID,
    dateRangeText(filters) !== '',
    filters.userType !== 'all',
    filters.userId !== null,
    filters.category !== null,
    filters.campaign !== null,
  ].filter(Boolean).length;
}

/** The downloaded file's name, e.g. user-logs-2024-05-01.csv. */
export function downloadFileName(today: Date = new Date()): string {
  return `user-logs-${formatDay(today)}.csv`;
}
