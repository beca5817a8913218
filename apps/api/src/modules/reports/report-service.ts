import {
  type AccountStatus,
  type agenciesReportParamsSchema,
  type agenciesReportQuerySchema,
  CAMPAIGN_MODULES,
  pageOf,
  type ReportAnalyticsResponse,
  type ReportPeriod,
} from '@app/contracts';
import { type ReportReader, reportAnalyticsAccess } from '@app/policy';
import type { z } from 'zod';
import { forbidden, notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { CampaignCount, CampaignCounts, CampaignScope } from '../campaigns/index.js';
import type { LeadCounts } from '../leads/index.js';
import type { Ledger } from '../ledger/index.js';
import { type Principal, viewerTimeZone } from '../tenancy/index.js';
import { collectedMoney, periodFor } from './report-period.js';
import { monthRange, rangeOut, reportRange, todayIn } from './report-range.js';
import type { PersonFacts, ReportRepository } from './report-repository.js';

export const NO_REPORT_PERMISSION = 'You do not have permission to see Report Analytics.';
export const MONEY_NOTE =
  'Collected: money received through the payment gateway and recorded in the ledger, by what it paid for; refunds are money given back.';
const TOP_AGENCIES = 10;

/** What Report Analytics reads from other modules (their public faces). */
export interface AnalyticsSources {
  campaigns: Pick<CampaignCounts, 'counts' | 'byIds'>;
  leads: Pick<LeadCounts, 'perDay'>;
  collectedBySource: Ledger['collectedBySource'];
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}

/** Campaign counts as the report shows them: active = running, paused includes paused on run, archived apart. */
function campaignFigures(rows: readonly CampaignCount[]): ReportAnalyticsResponse['campaigns'] {
  const figures = (of: readonly CampaignCount[]) => {
    const n = (pick: (r: CampaignCount) => boolean) =>
      of.filter(pick).reduce((total, r) => total + r.count, 0);
    return {
      active: n((r) => !r.archived && r.status === 'running'),
      paused: n((r) => !r.archived && (r.status === 'paused' || r.status === 'paused_on_run')),
      stopped: n((r) => !r.archived && r.status === 'stopped'),
      archived: n((r) => r.archived),
    };
  };
  const all = figures(rows);
  return {
    total: all.active + all.paused + all.stopped + all.archived,
    ...all,
    by_module: CAMPAIGN_MODULES.flatMap((module) => {
      const of = rows.filter((r) => r.module === module);
      return of.length === 0 ? [] : [{ module, ...figures(of) }];
    }),
  };
}

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
 * actions (user logs), connected accounts, cards, campaigns and leads (their modules' reads), and
 * collected money from the ledger (decision 0083). Nothing is invented; fee figures elsewhere are
 * labelled as configured.
 */
export function createReportService(
  repo: ReportRepository,
  sources: AnalyticsSources,
  now: () => Date = () => new Date(),
) {
  /**
   * Whose campaigns, leads and money the report shows: the company's tree, or one campaign of it
   * (in the caller's scope, by the scope rule of every campaign id, and under the company).
   */
  async function scopeOf(
    p: Principal,
    company: { id: number; kind: 'root' | 'agency' | 'client' },
    campaignId: number,
  ): Promise<{ campaigns: CampaignScope; companyIds: number[] | null; campaignId: number | null }> {
    const systemId = p.systemId;
    if (campaignId !== 0) {
      const [campaign] = await sources.campaigns.byIds([campaignId]);
      const under =
        campaign !== undefined &&
        campaign.system_id === systemId &&
        (company.kind === 'root' ||
          (company.kind === 'agency' && campaign.agency_id === company.id) ||
          (company.kind === 'client' && campaign.client_id === company.id));
      if (!under || !(await sources.inScope(p, 'campaign', campaignId))) throw notFound();
      return { campaigns: { kind: 'campaign', systemId, campaignId }, companyIds: null, campaignId };
    }
    if (company.kind === 'root')
      return { campaigns: { kind: 'system', systemId }, companyIds: null, campaignId: null };
    if (company.kind === 'client')
      return {
        campaigns: { kind: 'client', systemId, clientId: company.id },
        companyIds: [company.id],
        campaignId: null,
      };
    return {
      campaigns: { kind: 'agency', systemId, agencyId: company.id },
      companyIds: [company.id, ...(await repo.clientIdsOf(company.id))],
      campaignId: null,
    };
  }

  return {
    async analytics(
      p: Principal,
      params: { start: string; end: string; companyid: number; campaignid: number },
      period?: ReportPeriod,
      /** The zone the browser sends; the viewer's own zone wins (decision 0094). */
      headerZone = 'UTC',
    ) {
      const own = await repo.personFacts(p.userId);
      const real = p.actorUserId === null ? undefined : await repo.personFacts(p.actorUserId);
      if (!own) throw notFound();
      const access = reportAnalyticsAccess(readerOf(own), real ? readerOf(real) : null);
      if (access === 403) throw forbidden(NO_REPORT_PERMISSION);
      if (access === 404) throw notFound();
      const range = reportRange(params.start, params.end, now(), viewerTimeZone(p, headerZone));
      const company = await repo.company(params.companyid);
      if (!company) throw notFound();
      const scope = await scopeOf(p, company, params.campaignid);
      const unit = periodFor(range, period);
      const [totals, daily, byStatus, byCategory, topAgencies, campaigns, leads, buckets] = await Promise.all(
        [
          repo.analyticsTotals(p.systemId, company.id, range),
          repo.analyticsSeries(p.systemId, company.id, range),
          repo.agenciesByAccountStatus(p.systemId, company.id),
          repo.actionsByCategory(p.systemId, company.id, range),
          repo.topAgenciesByClients(p.systemId, company.id, TOP_AGENCIES),
          sources.campaigns.counts(scope.campaigns),
          sources.leads.perDay(scope.campaigns, range),
          sources.collectedBySource({
            systemId: p.systemId,
            start: range.start,
            end: range.end,
            bucket: unit,
            companyIds: scope.companyIds,
            campaignId: scope.campaignId,
            timeZone: range.timeZone,
          }),
        ],
      );
      const series = (
        key: 'agencies_created' | 'clients_created' | 'sign_ins' | 'active_users' | 'actions',
      ) => daily.map((d) => ({ date: d.date, value: d[key] }));
      return {
        range: rangeOut(range),
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
        campaigns: campaignFigures(campaigns),
        leads: { total: leads.reduce((n, d) => n + d.value, 0), series: leads },
        money: { note: MONEY_NOTE, ...collectedMoney(buckets, range, unit) },
      } satisfies ReportAnalyticsResponse;
    },

    async agencies(p: Principal, params: AgencyParams, query: AgencyQuery, headerZone = 'UTC') {
      const zone = viewerTimeZone(p, headerZone);
      const month = query.SelectedDate ?? todayIn(zone, now()).slice(0, 7);
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
        campaigns:
          query.CampaignStatus === 'active' || query.CampaignStatus === 'inactive'
            ? query.CampaignStatus
            : null,
        month: monthRange(month, zone),
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
