import {
  type AccountStatus,
  type agenciesReportParamsSchema,
  type agenciesReportQuerySchema,
  pageOf,
  type ReportAnalyticsResponse,
} from '@app/contracts';
import { type ReportReader, reportAnalyticsAccess } from '@app/policy';
import type { z } from 'zod';
import { forbidden, notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import { monthRange, reportRange } from './report-range.js';
import type { PersonFacts, ReportRepository } from './report-repository.js';

export const NO_REPORT_PERMISSION = 'You do not have permission to see Report Analytics.';
const NO_CAMPAIGNS = 'No campaigns are stored yet: campaign figures will appear once campaigns exist.';
const TOP_AGENCIES = 10;

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** The report rule's view of a person, from the row the repository reads. */
const readerOf = (f: PersonFacts): ReportReader => ({
  userType: f.user_type,
  companyKind: f.company_kind,
  isSystemUser: f.is_system_user,
  userPermissions: f.user_permissions,
});

type AgencyParams = z.output<typeof agenciesReportParamsSchema>;
type AgencyQuery = z.output<typeof agenciesReportQuerySchema>;

/**
 * The root company's reports, from the data the product holds: companies, people, sign-ins and
 * actions (user logs), connected accounts, cards and configured prices. Nothing is invented:
 * campaign figures are absent and fee figures are labelled as configured.
 */
export function createReportService(repo: ReportRepository, now: () => Date = () => new Date()) {
  return {
    async analytics(
      p: Principal,
      params: { start: string; end: string; companyid: number; campaignid: number },
    ) {
      const own = await repo.personFacts(p.userId);
      const real = p.actorUserId === null ? undefined : await repo.personFacts(p.actorUserId);
      if (!own) throw notFound();
      const access = reportAnalyticsAccess(readerOf(own), real ? readerOf(real) : null);
      if (access === 403) throw forbidden(NO_REPORT_PERMISSION);
      if (access === 404) throw notFound();
      const range = reportRange(params.start, params.end, now());
      if (params.campaignid !== 0) throw notFound();
      const company = await repo.company(params.companyid);
      if (!company) throw notFound();
      const [totals, daily, byStatus, byCategory, topAgencies] = await Promise.all([
        repo.analyticsTotals(p.systemId, company.id, range),
        repo.analyticsSeries(p.systemId, company.id, range),
        repo.agenciesByAccountStatus(p.systemId, company.id),
        repo.actionsByCategory(p.systemId, company.id, range),
        repo.topAgenciesByClients(p.systemId, company.id, TOP_AGENCIES),
      ]);
      const series = (
        key: 'agencies_created' | 'clients_created' | 'sign_ins' | 'active_users' | 'actions',
      ) => daily.map((d) => ({ date: d.date, value: d[key] }));
      return {
        range,
        company: { id: company.id, name: company.name, kind: company.kind },
        totals,
        series: {
          agencies_created: series('agencies_created'),
          clients_created: series('clients_created'),
          sign_ins: series('sign_ins'),
          active_users: series('active_users'),
          actions: series('actions'),
        },
        agencies_by_account_status: byStatus,
        actions_by_category: byCategory,
        clients_per_agency: topAgencies,
        campaigns: { available: false as const, note: NO_CAMPAIGNS },
      } satisfies ReportAnalyticsResponse;
    },

    async agencies(p: Principal, params: AgencyParams, query: AgencyQuery) {
      const month = query.SelectedDate ?? now().toISOString().slice(0, 7);
      const search = params.search.trim();
      const { total, rows } = await repo.agencies({
        systemId: p.systemId,
        rootCompanyId: p.rootCompanyId,
        search: search === '' || search === '-' ? null : search,
        sort: params.sort,
        order: params.order,
        card: query.CardStatus === 'with' || query.CardStatus === 'without' ? query.CardStatus : null,
        api:
          query.OpenApiStatus === 'enabled' ||
          query.OpenApiStatus === 'generated' ||
          query.OpenApiStatus === 'disabled'
            ? query.OpenApiStatus
            : null,
        onlyWithActiveCampaigns: query.CampaignStatus === 'active',
        month: monthRange(month),
        page: query.Page,
        perPage: query.PerPage,
      });
      const data = rows.map((r) => ({
        id: Number(r.id),
        company_name: String(r.company_name),
        full_name: String(r.full_name),
        email: String(r.email),
        created_at: iso(r.created_at) ?? '',
        clients: Number(r.clients),
        users: Number(r.users),
        clients_created_in_month: Number(r.clients_created_in_month),
        sign_ins_in_month: Number(r.sign_ins_in_month),
        last_login: iso(r.last_login),
        card_on_file: Boolean(r.card_on_file),
        account_status: (r.account_status === 'none' ? '' : r.account_status) as AccountStatus,
        manual_bill: Boolean(r.manual_bill),
        payment_failed: Boolean(r.payment_failed),
        api_mode: Boolean(r.api_mode),
        api_key_generated: Boolean(r.api_key_generated),
      }));
      return { month, ...pageOf(query.Page, query.PerPage, total, data) };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
