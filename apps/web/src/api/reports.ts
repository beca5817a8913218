import {
  type AGENCY_REPORT_SORT_KEYS,
  type AgenciesReportResponse,
  agenciesReportResponseSchema,
  type CollectedMoney,
  type ReportAnalyticsResponse,
  type ReportPeriod,
  type RootRevenueResponse,
  reportAnalyticsResponseSchema,
  rootRevenueResponseSchema,
  type UnderPerformResponse,
  underPerformResponseSchema,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export type {
  AgenciesReportResponse,
  CollectedMoney,
  ReportAnalyticsResponse,
  ReportPeriod,
  RootRevenueResponse,
  UnderPerformResponse,
};
export type AgencyReportSortKey = (typeof AGENCY_REPORT_SORT_KEYS)[number];

export interface ReportRange {
  start: string;
  end: string;
}

/** How collected money is bucketed: 'auto' lets the server choose by the range's length (decision 0083). */
export type PeriodChoice = ReportPeriod | 'auto';
const periodQuery = (period: PeriodChoice) => (period === 'auto' ? undefined : { period });

export const reportKeys = {
  all: ['reports'] as const,
  analytics: (range: ReportRange, companyID: number, campaignID: number, period: PeriodChoice) =>
    [...reportKeys.all, 'analytics', range, companyID, campaignID, period] as const,
  revenue: (range: ReportRange, period: PeriodChoice) =>
    [...reportKeys.all, 'root-revenue', range, period] as const,
  agencies: (params: AgenciesReportParams) => [...reportKeys.all, 'agencies', params] as const,
  underPerform: (ids: readonly number[], day: string) =>
    [...reportKeys.all, 'under-perform', ids, day] as const,
};

/**
 * `GET /configuration/get-under-perform-campaigns?campaign_ids=&selected_date=` (decision 0094): each
 * campaign's leads on the day against what was expected of it. Idle without campaigns (at most 100).
 */
export function useUnderPerform(ids: readonly number[], day: string) {
  const http = useHttp();
  return useQuery({
    queryKey: reportKeys.underPerform(ids, day),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: '/configuration/get-under-perform-campaigns',
          query: { campaign_ids: ids.join(','), selected_date: day },
          signal,
        },
        underPerformResponseSchema,
      ),
    enabled: ids.length > 0 && day !== '',
    placeholderData: keepPreviousData,
  });
}

/** `GET /configuration/report-analytics/{start}/{end}/{companyid}/{campaignid}` (campaign 0: all). */
export const reportAnalyticsQuery = (
  http: HttpClient,
  range: ReportRange,
  companyID: number,
  campaignID = 0,
  period: PeriodChoice = 'auto',
) =>
  queryOptions({
    queryKey: reportKeys.analytics(range, companyID, campaignID, period),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: `/configuration/report-analytics/${encodeURIComponent(range.start)}/${encodeURIComponent(range.end)}/${companyID}/${campaignID}`,
          query: periodQuery(period),
          signal,
        },
        reportAnalyticsResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });

export function useReportAnalytics(
  range: ReportRange | null,
  companyID: number,
  period: PeriodChoice = 'auto',
  campaignID = 0,
) {
  const http = useHttp();
  return useQuery({
    ...reportAnalyticsQuery(http, range ?? { start: '0', end: '0' }, companyID, campaignID, period),
    enabled: range !== null,
  });
}

/** `GET /configuration/root-revenue/{startDate}/{endDate}` (root company only). */
export function useRootRevenue(range: ReportRange | null, period: PeriodChoice = 'auto') {
  const http = useHttp();
  const r = range ?? { start: '0', end: '0' };
  return useQuery({
    queryKey: reportKeys.revenue(r, period),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: `/configuration/root-revenue/${encodeURIComponent(r.start)}/${encodeURIComponent(r.end)}`,
          query: periodQuery(period),
          signal,
        },
        rootRevenueResponseSchema,
      ),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export interface AgenciesReportParams {
  page: number;
  perPage: number;
  sort: { key: AgencyReportSortKey; order: 'asc' | 'desc' } | null;
  search: string;
  cardStatus: 'all' | 'with' | 'without';
  campaignStatus: 'all' | 'active' | 'inactive';
  openApiStatus: 'all' | 'enabled' | 'generated' | 'disabled';
  /** yyyy-MM */
  month: string;
}

/** `GET /configuration/agencies-report/all/{sort}/{order}/{search}`: 'none' when not sorting, '-' when not searching. */
export function agenciesReportPath(params: Pick<AgenciesReportParams, 'sort' | 'search'>): string {
  const text = params.search.trim();
  return `/configuration/agencies-report/all/${params.sort?.key ?? 'none'}/${params.sort?.order ?? 'none'}/${
    text === '' ? '-' : encodeURIComponent(text)
  }`;
}

export function useAgenciesReport(params: AgenciesReportParams) {
  const http = useHttp();
  return useQuery({
    queryKey: reportKeys.agencies(params),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: agenciesReportPath(params),
          query: {
            Page: params.page,
            PerPage: params.perPage,
            CardStatus: params.cardStatus,
            CampaignStatus: params.campaignStatus,
            OpenApiStatus: params.openApiStatus,
            SelectedDate: params.month,
          },
          signal,
        },
        agenciesReportResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });
}
