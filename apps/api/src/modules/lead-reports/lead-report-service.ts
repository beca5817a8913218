import {
  type CampaignModule,
  type Cents,
  centsToDollars,
  type LeadChartResponse,
  type LeadDetailResponse,
  type LeadInitDateResponse,
  type LeadInvoiceResponse,
  type LeadRejectionsResponse,
  type ModuleDashboardResponse,
  pageOf,
  type RejectionCount,
} from '@app/contracts';
import { rejectionLabel, startOfLocalDay } from '@app/lead-engine';
import { chargeForLeads, sumCents } from '@app/pricing';
import { notFound } from '../../http-errors.js';
import type { SucceededByKeyPrefix } from '../payments/index.js';
import type { Principal } from '../tenancy/index.js';
import { leadExportItems } from './lead-export.js';
import type { LeadExportRepository } from './lead-export-repository.js';
import type { LeadFiguresRepository, PricedCount } from './lead-figures-repository.js';
import type { LeadFilter } from './lead-filter-sql.js';
import { explanationOf, reportRowOf } from './lead-report-view.js';
import type { LeadRowRepository, LeadSort } from './lead-row-repository.js';
import { type LeadScopes, type ResolvedScope, viewerOf } from './lead-scope.js';
import { addDays, closedRange, daysOf, openRange, todayIn } from './report-days.js';

export interface LeadReportServiceDeps {
  rows: LeadRowRepository;
  /** The download's own reading (decision 0054). */
  exportRows: LeadExportRepository;
  figures: LeadFiguresRepository;
  scopes: LeadScopes;
  /** The payments module's read of the charges that went through, whole (a campaign's activations). */
  chargedByKeyPrefix: SucceededByKeyPrefix;
}

interface FilterQuery {
  moduleType?: CampaignModule;
  searchQuery: string;
  start?: string;
  end?: string;
}

interface PathIds {
  companyID: number;
  clientID: number;
  campaignID?: number;
  /** The viewer's time zone: a day across campaigns is a day where the viewer is. */
  viewerZone: string;
}

const success = <T>(data: T) => ({ result: 'success' as const, data });
/** The activation charges' business keys (decision 0045): `campaign-activation:<id>:<n>[:attempt-<k>]`. */
const activationPrefix = (campaignId: number) => `campaign-activation:${campaignId}:`;
const TOP_REJECTIONS = 5;

/** Counts per group into cents per group, each rounded once by `@app/pricing`. */
function centsPerGroup(counts: readonly PricedCount[]): Map<string, { leads: number; cents: Cents }> {
  const groups = new Map<string, PricedCount[]>();
  for (const c of counts) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const out = new Map<string, { leads: number; cents: Cents }>();
  for (const [group, list] of groups)
    out.set(group, {
      leads: list.reduce((n, c) => n + c.leads, 0),
      cents: chargeForLeads(list.map((c) => ({ leads: c.leads, unitPrice: c.unitPrice }))),
    });
  return out;
}

const totalCents = (counts: readonly PricedCount[]) =>
  chargeForLeads(counts.map((c) => ({ leads: c.leads, unitPrice: c.unitPrice })));

const labelled = (r: { step: string; reason: string; count: number }): RejectionCount => ({
  step: r.step,
  reason: r.reason,
  label: rejectionLabel(r.reason),
  count: r.count,
});

export function createLeadReportService(deps: LeadReportServiceDeps) {
  const { rows, figures, scopes } = deps;

  const filterOf = (p: Principal, resolved: ResolvedScope, q: FilterQuery): LeadFilter => {
    const range = openRange(q.start, q.end);
    return {
      scope: resolved.scope,
      module: q.moduleType,
      search: q.searchQuery.trim(),
      ...range,
      timeZone: resolved.timeZone,
      viewerIsClient: viewerOf(p) === 'client',
    };
  };

  return {
    async report(
      p: Principal,
      ids: PathIds,
      q: FilterQuery & { Page: number; PerPage: number; sortby: LeadSort; order: 'asc' | 'desc' },
    ) {
      const resolved = await scopes.resolve(p, ids);
      const viewer = viewerOf(p);
      const found = await rows.page(filterOf(p, resolved, q), {
        sort: q.sortby,
        order: q.order,
        page: q.Page,
        perPage: q.PerPage,
      });
      return {
        ...pageOf(
          q.Page,
          q.PerPage,
          found.total,
          found.rows.map((r) => reportRowOf(r, viewer)),
        ),
        total_capped: found.totalCapped,
        time_zone: resolved.timeZone,
      };
    },

    /** The download's viewer, file name and rows (newest first, a database batch at a time). */
    async download(p: Principal, ids: PathIds, q: FilterQuery) {
      const resolved = await scopes.resolve(p, ids);
      const viewer = viewerOf(p);
      return {
        viewer,
        baseName: `leads-${resolved.label}-${todayIn(resolved.timeZone)}`,
        items: leadExportItems(deps.exportRows, filterOf(p, resolved, q), viewer),
      };
    },

    async initDate(p: Principal, ids: PathIds): Promise<LeadInitDateResponse> {
      const resolved = await scopes.resolve(p, ids);
      const span = await figures.span(resolved.scope, resolved.timeZone);
      return success({
        first_date: span.first,
        last_date: span.last,
        today: todayIn(resolved.timeZone),
        time_zone: resolved.timeZone,
      });
    },

    async chart(p: Principal, ids: PathIds, q: FilterQuery): Promise<LeadChartResponse> {
      const resolved = await scopes.resolve(p, ids);
      const range = closedRange(resolved.timeZone, q.start, q.end);
      const counts = await figures.perDay({ ...filterOf(p, resolved, q), ...range }, 'client');
      const perDay = centsPerGroup(counts);
      const days = daysOf(range.start, range.end);
      return success({
        range,
        leads: days.map((date) => ({ date, value: perDay.get(date)?.leads ?? 0 })),
        spend_cents: days.map((date) => ({ date, value: perDay.get(date)?.cents ?? 0 })),
        total_leads: counts.reduce((n, c) => n + c.leads, 0),
        total_spend: centsToDollars(totalCents(counts)),
        time_zone: resolved.timeZone,
      });
    },

    /**
     * Charges per campaign in a range of the viewer's days: the leads' frozen client prices (rounded to cents
     * once per campaign) and the campaign's activation charges as the payer paid them. A client's
     * activation is a direct charge on its agency's account, of which the ledger holds only the
     * platform's fee: the amount comes from the payment operations, whole.
     */
    async invoice(p: Principal, ids: PathIds & { start: string; end: string }): Promise<LeadInvoiceResponse> {
      const resolved = await scopes.resolve(p, { ...ids, campaignID: undefined });
      const zone = resolved.timeZone;
      const range = closedRange(zone, ids.start, ids.end);
      const campaigns = await figures.campaigns(resolved.scope);
      const first = campaigns[0];
      if (!first) return success({ rows: [], total: '0' });
      const [counts, charged] = await Promise.all([
        figures.perCampaign(
          {
            scope: resolved.scope,
            search: '',
            ...range,
            timeZone: zone,
            viewerIsClient: viewerOf(p) === 'client',
          },
          'client',
        ),
        deps.chargedByKeyPrefix(
          first.systemId,
          campaigns.map((c) => activationPrefix(c.id)),
          { from: startOfLocalDay(range.start, zone), to: startOfLocalDay(addDays(range.end, 1), zone) },
        ),
      ]);
      const leads = centsPerGroup(counts);
      const rowsOut = campaigns.flatMap((c) => {
        const own = leads.get(String(c.id));
        const charges = sumCents(
          charged.filter((e) => e.businessKey.startsWith(activationPrefix(c.id))).map((e) => e.amount),
        );
        if (!own && charges === 0) return [];
        const leadsAmount = own?.cents ?? sumCents([]);
        const total = sumCents([leadsAmount, charges]);
        return [
          {
            row: {
              leadspeekID: c.id,
              leadspeek_api_id: c.publicId,
              campaign_name: c.name,
              client_company_name: c.clientName,
              module: c.module,
              leads: own?.leads ?? 0,
              leads_amount: centsToDollars(leadsAmount),
              charges_amount: centsToDollars(charges),
              total: centsToDollars(total),
            },
            total,
          },
        ];
      });
      return success({
        rows: rowsOut.map((r) => r.row),
        total: centsToDollars(sumCents(rowsOut.map((r) => r.total))),
      });
    },

    async rejections(
      campaignId: number,
      q: { start?: string; end?: string },
    ): Promise<LeadRejectionsResponse> {
      const timeZone = await figures.campaignZone(campaignId);
      if (!timeZone) throw notFound();
      const range = closedRange(timeZone, q.start, q.end);
      const reasons = await figures.rejections({ kind: 'campaign', id: campaignId }, { ...range, timeZone });
      // A suppression names its list (decision 0092): one campaign's lists are its system's, its
      // agency's, its client's and its own, so the reason alone says which one.
      const owners = reasons.some((r) => r.step === 'opt_out' || r.step === 'suppression')
        ? await figures.listOwnerNames(campaignId)
        : {};
      return success({
        range,
        total: reasons.reduce((n, r) => n + r.count, 0),
        reasons: reasons.map((r) => {
          const row = labelled(r);
          const owner = owners[r.reason];
          return owner ? { ...row, label: `${row.label}: ${owner}` } : row;
        }),
      });
    },

    /** A module dashboard over the viewer's last 30 days: counts, the viewer's side's spend, reasons. */
    async dashboard(
      p: Principal,
      ids: PathIds & { moduleType: CampaignModule },
    ): Promise<ModuleDashboardResponse> {
      const resolved = await scopes.resolve(p, { ...ids, campaignID: undefined });
      const zone = resolved.timeZone;
      const range = closedRange(zone);
      const viewer = viewerOf(p);
      const [counts, running, reasons] = await Promise.all([
        figures.perDay(
          {
            scope: resolved.scope,
            module: ids.moduleType,
            search: '',
            ...range,
            timeZone: zone,
            viewerIsClient: viewer === 'client',
          },
          viewer === 'client' ? 'client' : 'wholesale',
        ),
        figures.running(resolved.scope, ids.moduleType),
        figures.rejections(
          resolved.scope,
          { ...range, timeZone: zone },
          { module: ids.moduleType, limit: TOP_REJECTIONS },
        ),
      ]);
      const perDay = centsPerGroup(counts);
      const days = daysOf(range.start, range.end);
      const leadsOn = (date: string) => perDay.get(date)?.leads ?? 0;
      const sumOver = (list: string[]) => list.reduce((n, d) => n + leadsOn(d), 0);
      return success({
        leads_today: leadsOn(range.end),
        leads_7_days: sumOver(days.slice(-7)),
        leads_30_days: sumOver(days),
        spend_30_days: centsToDollars(totalCents(counts)),
        running_campaigns: running,
        leads: days.map((date) => ({ date, value: leadsOn(date) })),
        top_rejections: reasons.map(labelled),
      });
    },

    async detail(p: Principal, leadId: number): Promise<LeadDetailResponse> {
      const lead = await rows.one(leadId);
      if (!lead) throw notFound();
      const viewer = viewerOf(p);
      return success({
        ...reportRowOf(lead, viewer),
        payment_term: lead.paymentTerm,
        explanation: explanationOf(lead, viewer),
      });
    },
  };
}

export type LeadReportService = ReturnType<typeof createLeadReportService>;
