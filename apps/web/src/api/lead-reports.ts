import {
  type CampaignModule,
  type LEAD_EXPORT_FORMATS,
  type LEAD_REPORT_SORT_KEYS,
  leadChartResponseSchema,
  leadDetailResponseSchema,
  leadInitDateResponseSchema,
  leadInvoiceResponseSchema,
  leadRejectionsResponseSchema,
  leadReportResponseSchema,
  moduleDashboardResponseSchema,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export type {
  LeadChartResponse,
  LeadDetailResponse,
  LeadInitDateResponse,
  LeadInvoiceResponse,
  LeadRejectionsResponse,
  LeadReportResponse,
  LeadReportRow,
  ModuleDashboardResponse,
  RejectionCount,
} from '@app/contracts';

/*
 * Lead reports (spec 2 §7 "Campaigns and reports", contracts' lead-reports.ts). `companyID` is the
 * agency (or the client itself when a client asks), `clientID` one client or 0 for all the agency's
 * clients, `campaignID` the campaign's row id (`leadspeekID`) or 0 for every campaign in scope.
 */

export type LeadReportSortKey = (typeof LEAD_REPORT_SORT_KEYS)[number];
export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];

/** Whose leads: the company asking, the client (0: all) and the campaign (0: all). */
export interface LeadScope {
  companyID: number;
  clientID: number;
  campaignID: number;
}

/** The filters the report, its download and its chart share; empty values are not sent. */
export interface LeadFilters {
  moduleType?: CampaignModule;
  searchQuery: string;
  /** yyyy-MM-dd, '' for no bound. */
  start: string;
  end: string;
}

export interface LeadPageRequest {
  page: number;
  perPage: number;
  /** null: the server's order (newest first). */
  sort: { key: LeadReportSortKey; order: 'asc' | 'desc' } | null;
}

export interface DayRange {
  start: string;
  end: string;
}

const scopePath = (s: LeadScope) => `${s.companyID}/${s.clientID}/${s.campaignID}`;

export const leadReportPath = (s: LeadScope) => `/leadspeek/report/lead/${scopePath(s)}`;
/** The report's download: the same scope and filters, and the format (csv or xlsx). */
export const leadDownloadPath = (s: LeadScope) => `/leadspeek/report/lead-download/${scopePath(s)}`;
export const leadChartPath = (s: LeadScope) => `/leadspeek/report/chart/${scopePath(s)}`;
export const leadInitDatePath = (companyID: number, clientID: number) =>
  `/leadspeek/report/initdate/${companyID}/${clientID}`;
export const leadInvoicePath = (companyID: number, clientID: number, range: DayRange) =>
  `/leadspeek/report/invoice/${companyID}/${clientID}/${encodeURIComponent(range.start)}/${encodeURIComponent(range.end)}`;
export const leadRejectionsPath = (campaignID: number) => `/leadspeek/report/rejections/${campaignID}`;
export const moduleDashboardPath = (companyID: number, clientID: number, moduleType: CampaignModule) =>
  `/leadspeek/report/dashboard/${companyID}/${clientID}/${moduleType}`;
export const leadDetailPath = (leadID: number) => `/leadspeek/report/lead-detail/${leadID}`;

/** The filters as query parameters: blank search and open date bounds are left out. */
export function filterQuery(filters: LeadFilters): Record<string, string> {
  const search = filters.searchQuery.trim();
  return {
    ...(filters.moduleType ? { moduleType: filters.moduleType } : {}),
    ...(search !== '' ? { searchQuery: search } : {}),
    ...(filters.start ? { start: filters.start } : {}),
    ...(filters.end ? { end: filters.end } : {}),
  };
}

/** One page's query: the filters, `Page`, `PerPage` and, when sorting, `sortby` and `order`. */
export function leadReportQuery(
  filters: LeadFilters,
  page: LeadPageRequest,
): Record<string, string | number> {
  return {
    ...filterQuery(filters),
    Page: page.page,
    PerPage: page.perPage,
    ...(page.sort ? { sortby: page.sort.key, order: page.sort.order } : {}),
  };
}

export const leadReportKeys = {
  all: ['lead-reports'] as const,
  report: (scope: LeadScope, filters: LeadFilters, page: LeadPageRequest) =>
    [...leadReportKeys.all, 'lead', scope, filterQuery(filters), page] as const,
  initDate: (companyID: number, clientID: number, campaignID: number) =>
    [...leadReportKeys.all, 'initdate', companyID, clientID, campaignID] as const,
  chart: (scope: LeadScope, filters: LeadFilters) =>
    [...leadReportKeys.all, 'chart', scope, filterQuery(filters)] as const,
  invoice: (companyID: number, clientID: number, range: DayRange) =>
    [...leadReportKeys.all, 'invoice', companyID, clientID, range] as const,
  rejections: (campaignID: number, range: Partial<DayRange>) =>
    [...leadReportKeys.all, 'rejections', campaignID, range] as const,
  dashboard: (companyID: number, clientID: number, moduleType: CampaignModule) =>
    [...leadReportKeys.all, 'dashboard', companyID, clientID, moduleType] as const,
  detail: (leadID: number) => [...leadReportKeys.all, 'detail', leadID] as const,
};

export const fetchLeadReport = (
  http: HttpClient,
  scope: LeadScope,
  filters: LeadFilters,
  page: LeadPageRequest,
  signal?: AbortSignal,
) =>
  http.request(
    { path: leadReportPath(scope), query: leadReportQuery(filters, page), signal },
    leadReportResponseSchema,
  );

/** The leads as a file (CSV or Excel) with the session's token, for `useFileDownload`. */
export const fetchLeadFile = (
  http: HttpClient,
  scope: LeadScope,
  filters: LeadFilters,
  format: LeadExportFormat,
) => http.requestFile({ path: leadDownloadPath(scope), query: { ...filterQuery(filters), format } });

/** `scope` null keeps the query idle (nobody signed in yet). */
export function useLeadReport(scope: LeadScope | null, filters: LeadFilters, page: LeadPageRequest) {
  const http = useHttp();
  const s = scope ?? { companyID: 0, clientID: 0, campaignID: 0 };
  return useQuery({
    queryKey: leadReportKeys.report(s, filters, page),
    queryFn: ({ signal }) => fetchLeadReport(http, s, filters, page, signal),
    enabled: scope !== null,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /leadspeek/report/initdate/{companyID}/{clientID}`: the days that have leads, and today. For one
 * campaign (`scope.campaignID` > 0) the days are the campaign's, counted in its time zone as its report
 * counts them, so the date fields and the rows agree.
 */
export function useLeadInitDate(scope: LeadScope, enabled = true) {
  const http = useHttp();
  const { companyID, clientID, campaignID } = scope;
  return useQuery({
    queryKey: leadReportKeys.initDate(companyID, clientID, campaignID),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: leadInitDatePath(companyID, clientID),
          query: campaignID > 0 ? { campaignID } : {},
          signal,
        },
        leadInitDateResponseSchema,
      ),
    enabled: enabled && companyID > 0,
  });
}

export function useLeadChart(scope: LeadScope, filters: LeadFilters, enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: leadReportKeys.chart(scope, filters),
    queryFn: ({ signal }) =>
      http.request(
        { path: leadChartPath(scope), query: filterQuery(filters), signal },
        leadChartResponseSchema,
      ),
    enabled: enabled && scope.companyID > 0,
    placeholderData: keepPreviousData,
  });
}

/** `range` null keeps it idle (a range being typed that is not valid yet). */
export function useLeadInvoice(companyID: number, clientID: number, range: DayRange | null) {
  const http = useHttp();
  const r = range ?? { start: '', end: '' };
  return useQuery({
    queryKey: leadReportKeys.invoice(companyID, clientID, r),
    queryFn: ({ signal }) =>
      http.request({ path: leadInvoicePath(companyID, clientID, r), signal }, leadInvoiceResponseSchema),
    enabled: range !== null && companyID > 0,
    placeholderData: keepPreviousData,
  });
}

export function useLeadRejections(campaignID: number, range: Partial<DayRange>, enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: leadReportKeys.rejections(campaignID, range),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: leadRejectionsPath(campaignID),
          query: { ...(range.start ? { start: range.start } : {}), ...(range.end ? { end: range.end } : {}) },
          signal,
        },
        leadRejectionsResponseSchema,
      ),
    enabled: enabled && campaignID > 0,
  });
}

export function useModuleDashboard(companyID: number, clientID: number, moduleType: CampaignModule) {
  const http = useHttp();
  return useQuery({
    queryKey: leadReportKeys.dashboard(companyID, clientID, moduleType),
    queryFn: ({ signal }) =>
      http.request(
        { path: moduleDashboardPath(companyID, clientID, moduleType), signal },
        moduleDashboardResponseSchema,
      ),
    enabled: companyID > 0,
    placeholderData: keepPreviousData,
  });
}

/** `leadID` null: no lead chosen, nothing asked. */
export function useLeadDetail(leadID: number | null) {
  const http = useHttp();
  return useQuery({
    queryKey: leadReportKeys.detail(leadID ?? 0),
    queryFn: ({ signal }) =>
      http.request({ path: leadDetailPath(leadID ?? 0), signal }, leadDetailResponseSchema),
    enabled: leadID !== null,
  });
}
