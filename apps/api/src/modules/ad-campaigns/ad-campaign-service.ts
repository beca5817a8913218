import {
  BUDGET_REQUIRED,
  type Cents,
  type CreateSimplifiCampaignInput,
  centsToDollars,
  DAILY_BUDGET_BELOW_MINIMUM,
  localDate,
  MAX_BID_BELOW_MINIMUM,
  type Micros,
  MONTHLY_BELOW_DAILY,
  microsToDollars,
  NOT_A_SIMPLIFI_CAMPAIGN,
  type SimplifiCampaignDetail,
  type SimplifiCostModuleInput,
  type UpdateSimplifiCampaignInput,
} from '@app/contracts';
import { pacingPermille } from '@app/pricing';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { Clock } from '../../lib/clock.js';
import type { CampaignRecord, CampaignService } from '../campaigns/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { AdBudgetRow, AdCampaignRepository, BudgetValues } from './ad-campaign-repository.js';
import type { BudgetPeriods } from './budget-periods.js';
import type { BudgetRefundRepository } from './budget-refund-repository.js';
import type { PlatformSync } from './platform-sync.js';

/** The ad-audiences module's links between audiences and a campaign (decision 0114). */
export interface CampaignAudienceLinks {
  attach(
    campaign: { id: number; clientId: number; agencyId: number },
    audienceIds: readonly number[],
  ): Promise<unknown>;
  detach(campaignId: number, audienceIds?: readonly number[]): Promise<number>;
  ofCampaign(campaignId: number): Promise<{ id: number; name: string; size: number }[]>;
}

export interface SimplifiMinimums {
  maxBidMicros: Micros;
  dailyBudgetCents: Cents;
}

const permilleText = (permille: number | null) =>
  permille === null ? null : `${Math.floor(permille / 10)}.${permille % 10}`;

/** Click-through rate in percent with two decimals, from integers ('0.45'). */
export function ctrText(clicks: number, impressions: number): string {
  if (impressions <= 0) return '0.00';
  const hundredths = Math.round((clicks * 10_000) / impressions);
  const whole = Math.floor(hundredths / HUNDREDTHS);
  return `${whole}.${String(hundredths - whole * HUNDREDTHS).padStart(2, '0')}`;
}

/** Hundredths of a percent in a percent. */
const HUNDREDTHS = 100;

/**
 * Simplifi campaigns (spec 2 §7 "Simplifi", decision 0110): the campaign row is the campaigns
 * module's (its checks, state machine and moves); this service adds the budget, checked against the
 * system's minimums, the platform sync and the figures.
 */
export function createAdCampaignService(deps: {
  repo: AdCampaignRepository;
  refundRows: Pick<BudgetRefundRepository, 'refundsOf'>;
  audiences: CampaignAudienceLinks | null;
  campaigns: Pick<CampaignService, 'createRow' | 'found' | 'update'>;
  /** A campaign's row id from its public id (the campaigns module's). */
  idOfPublicId: (publicId: string) => Promise<number | null>;
  /** The scope check of ids a route cannot name one by one (a list of campaign ids). */
  inScope: (p: Principal, campaignId: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  periods: BudgetPeriods;
  sync: Pick<PlatformSync, 'sync'>;
  minimums: (systemId: number) => Promise<SimplifiMinimums>;
  platformName: string;
  clock: Clock;
}) {
  const { repo } = deps;

  async function checkBudget(systemId: number, b: BudgetValues): Promise<void> {
    const min = await deps.minimums(systemId);
    if (b.dailyBudgetCents <= 0) throw badRequest(BUDGET_REQUIRED, { dailyBudget: BUDGET_REQUIRED });
    if (b.monthlyBudgetCents <= 0) throw badRequest(BUDGET_REQUIRED, { monthlyBudget: BUDGET_REQUIRED });
    if (b.maxBidMicros <= 0 || b.maxBidMicros < min.maxBidMicros) {
      const text = MAX_BID_BELOW_MINIMUM(
        microsToDollars(min.maxBidMicros > 0 ? min.maxBidMicros : (1 as Micros)),
      );
      throw badRequest(text, { maxBid: text });
    }
    if (b.dailyBudgetCents < min.dailyBudgetCents) {
      const text = DAILY_BUDGET_BELOW_MINIMUM(centsToDollars(min.dailyBudgetCents));
      throw badRequest(text, { dailyBudget: text });
    }
    if (b.monthlyBudgetCents < b.dailyBudgetCents)
      throw badRequest(MONTHLY_BELOW_DAILY, { monthlyBudget: MONTHLY_BELOW_DAILY });
  }

  /** The campaign and its budget, or 404 (not a Simplifi campaign reads as not found to a form). */
  async function found(p: Principal | null, id: number): Promise<{ c: CampaignRecord; budget: AdBudgetRow }> {
    if (p) await deps.moduleAccess.requireReadable(p, 'simplifi');
    const c = await deps.campaigns.found(id);
    const budget = c.module === 'simplifi' ? await repo.budget(id) : null;
    if (!budget) throw badRequest(NOT_A_SIMPLIFI_CAMPAIGN, { leadspeekID: NOT_A_SIMPLIFI_CAMPAIGN });
    return { c, budget };
  }

  /**
   * The campaign targets exactly these audiences: the new ones attached first (each checked: the
   * client's or its agency's, ready), then the others taken off.
   */
  async function target(c: CampaignRecord, audienceIds: readonly number[]) {
    if (!deps.audiences) return;
    if (audienceIds.length > 0) await deps.audiences.attach(c, audienceIds);
    const off = (await deps.audiences.ofCampaign(c.id))
      .map((a) => a.id)
      .filter((id) => !audienceIds.includes(id));
    if (off.length > 0) await deps.audiences.detach(c.id, off);
  }

  async function detail(c: CampaignRecord, budget: AdBudgetRow): Promise<SimplifiCampaignDetail> {
    const [charges, refunds, totals, left, audiences] = await Promise.all([
      repo.chargesOf(c.id),
      deps.refundRows.refundsOf(c.id),
      repo.totals([c.id]),
      deps.periods.left(c),
      deps.audiences ? deps.audiences.ofCampaign(c.id) : [],
    ]);
    const { days } = deps.periods.periodOf(c, budget);
    const total = totals.get(c.id);
    return {
      leadspeekID: c.id,
      leadspeek_api_id: c.publicId,
      campaignName: c.name,
      clientID: c.clientId,
      company_name: c.clientName,
      status: c.status as SimplifiCampaignDetail['status'],
      pause_reason: (c.pauseReason ?? null) as SimplifiCampaignDetail['pause_reason'],
      archived: c.archived ? 'T' : 'F',
      startdatecampaign: c.startDate ?? '',
      enddatecampaign: c.endDate ?? '',
      timezone: c.timeZone,
      clickUrl: budget.clickUrl,
      maxBid: microsToDollars(budget.maxBidMicros),
      monthlyBudget: centsToDollars(budget.monthlyBudgetCents),
      dailyBudget: centsToDollars(budget.dailyBudgetCents),
      goalType: budget.goalType,
      goalValue: budget.goalValue,
      agencyMarkup: budget.agencyMarkup,
      remainingDays: budget.anchorDate ? days : 0,
      totalSpend: centsToDollars(total?.clientSpend ?? (0 as Cents)),
      remainingBudget: centsToDollars(Math.max(left, 0) as Cents),
      platform: {
        name: deps.platformName,
        campaign_id: budget.platformCampaignId,
        synced: budget.syncedRevision >= budget.wantedRevision,
      },
      audiences: audiences.map((a) => ({ id: a.id, name: a.name, size: a.size })),
      refunds: refunds.map((r) => ({
        amount: centsToDollars(r.amountCents),
        status: r.status,
        created_at: r.createdAt.toISOString(),
      })),
      charges: charges.map((r) => ({
        reason: r.reason,
        period_start: r.periodStart,
        amount: centsToDollars(r.amountCents),
        platform_amount: centsToDollars(r.platformCents),
        status: r.status,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  const budgetOf = (b: {
    maxBid: Micros;
    monthlyBudget: Cents;
    dailyBudget: Cents;
    goalType: BudgetValues['goalType'];
    goalValue: string;
    agencyMarkup: number;
  }): BudgetValues => ({
    maxBidMicros: b.maxBid,
    monthlyBudgetCents: b.monthlyBudget,
    dailyBudgetCents: b.dailyBudget,
    goalType: b.goalType,
    goalValue: b.goalValue,
    agencyMarkup: b.agencyMarkup,
  });

  return {
    found,

    /** A campaign of the caller's scope by its public id, else null (read as not found). */
    async idOfPublicId(p: Principal, publicId: string): Promise<number | null> {
      const id = await deps.idOfPublicId(publicId);
      return id !== null && (await deps.inScope(p, id)) ? id : null;
    },

    async create(p: Principal, b: CreateSimplifiCampaignInput, ip: string) {
      await deps.moduleAccess.requireReadable(p, 'simplifi');
      const values = budgetOf(b);
      // Checked before the row is made (the client is in the caller's system: the scope check), so a
      // refused budget leaves nothing behind.
      await checkBudget(p.systemId, values);
      // The campaign and its budget are one transaction: neither exists without the other.
      const c = await deps.campaigns.createRow(
        p,
        {
          clientId: b.clientID,
          module: 'simplifi',
          name: b.campaignName,
          startDate: b.startdatecampaign || null,
          endDate: b.enddatecampaign || null,
          timeZone: b.timezone,
        },
        ip,
        (row, tx) =>
          repo.insertBudget(tx, {
            ...values,
            campaignId: row.id,
            systemId: row.systemId,
            clientId: row.clientId,
            clickUrl: b.clickUrl,
          }),
      );
      await target(c, b.audienceIds);
      const budget = await repo.budget(c.id);
      if (!budget) throw new Error(`campaign ${c.id} was made without its budget`);
      return {
        result: 'success' as const,
        message: 'Campaign has been added.',
        data: await detail(c, budget),
      };
    },

    async update(p: Principal, id: number, b: UpdateSimplifiCampaignInput, ip: string) {
      const { c } = await found(p, id);
      const { clickUrl, audienceIds, ...common } = b;
      if (Object.keys(common).length > 0)
        await deps.campaigns.update(p, 'common', { leadspeekID: c.id, ...common }, ip);
      if (audienceIds !== undefined) await target(c, audienceIds);
      if (clickUrl !== undefined) await repo.updateBudget(c.id, { clickUrl });
      else await repo.wantSync(c.id);
      await deps.sync.sync(c.id);
      const after = await found(p, id);
      return {
        result: 'success' as const,
        message: 'Campaign has been updated.',
        data: await detail(after.c, after.budget),
      };
    },

    async details(p: Principal, id: number) {
      const { c, budget } = await found(p, id);
      return { result: 'success' as const, data: await detail(c, budget) };
    },

    /** The budget (cost module): a higher daily budget on a running campaign goes through the raise. */
    async costModule(p: Principal, b: SimplifiCostModuleInput) {
      const { c, budget } = await found(p, b.leadspeekID);
      const values = budgetOf(b);
      await checkBudget(c.systemId, values);
      if (c.status === 'running' && values.dailyBudgetCents > budget.dailyBudgetCents)
        throw new HttpError(
          409,
          'budget_increase_charge',
          'A higher daily budget on a running campaign is charged first: use the budget increase.',
        );
      await repo.updateBudget(c.id, values);
      await deps.sync.sync(c.id);
      const after = await found(p, b.leadspeekID);
      return {
        result: 'success' as const,
        message: 'Setting has been saved.',
        data: await detail(after.c, after.budget),
      };
    },

    async stats(p: Principal, asked: number[]) {
      await deps.moduleAccess.requireReadable(p, 'simplifi');
      // Each id is checked like a path id: one outside the caller's scope fails the whole call (404).
      for (const id of asked) if (!(await deps.inScope(p, id))) throw notFound();
      const ids = asked;
      const budgets = new Map((await repo.budgets(ids)).map((b) => [b.campaignId, b]));
      const [totals, periodBudgets] = await Promise.all([repo.totals(ids), repo.periodBudgets(ids)]);
      const rows = [];
      for (const id of ids) {
        const budget = budgets.get(id);
        if (!budget) continue;
        const c = await deps.campaigns.found(id);
        const total = totals.get(id);
        const left = await deps.periods.left(c);
        let periodBudget = 0 as Cents;
        let pacing: string | null = null;
        if (budget.anchorDate) {
          const { period, days } = deps.periods.periodOf(c, budget);
          periodBudget = (periodBudgets.get(`${id}:${period.startDate}`) ?? 0) as Cents;
          const inPeriod = Math.round((period.end.getTime() - period.start.getTime()) / 86_400_000);
          const spent = total?.since(period.startDate) ?? (0 as Cents);
          pacing = permilleText(pacingPermille(spent, periodBudget, inPeriod, inPeriod - days));
        }
        rows.push({
          leadspeekID: id,
          leadspeek_api_id: c.publicId,
          totals: {
            impressions: total?.impressions ?? 0,
            clicks: total?.clicks ?? 0,
            ctr: ctrText(total?.clicks ?? 0, total?.impressions ?? 0),
            spend: centsToDollars(total?.clientSpend ?? (0 as Cents)),
          },
          period_budget: centsToDollars(periodBudget),
          remaining_budget: centsToDollars(Math.max(left, 0) as Cents),
          pacing,
          last_pulled_at: budget.statsPulledAt?.toISOString() ?? null,
        });
      }
      return { result: 'success' as const, data: rows };
    },

    today: (c: CampaignRecord) => localDate(deps.clock.now(), c.timeZone),
  };
}

export type AdCampaignService = ReturnType<typeof createAdCampaignService>;
