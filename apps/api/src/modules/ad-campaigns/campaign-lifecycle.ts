import type {
  ActivationDone,
  CampaignActivation,
  CampaignMoveListener,
  CampaignRecord,
} from '../campaigns/index.js';
import type { AdCampaignRepository } from './ad-campaign-repository.js';
import type { BudgetPeriods } from './budget-periods.js';
import type { BudgetRefunds } from './budget-refunds.js';
import type { PlatformSync } from './platform-sync.js';
import type { StatsPull } from './stats-pull.js';

/**
 * What happens to a Simplifi campaign's money and platform side as it moves (decision 0110): the
 * activation charge the campaigns module asks for (the period's budget), the move listener (the
 * platform follows; a stop refunds what is left; a resume after a declined renewal pays first), and
 * the renewal of running campaigns' periods.
 */
export function createCampaignLifecycle(deps: {
  repo: AdCampaignRepository;
  periods: BudgetPeriods;
  refunds: BudgetRefunds;
  stats: StatsPull;
  sync: PlatformSync;
  campaigns: {
    found: (id: number) => Promise<CampaignRecord>;
    moveBySystem: (
      campaignId: number,
      event: { type: 'pause_on_run'; reason: 'payment_failed' },
    ) => Promise<boolean>;
  };
  /** Who pays: the agency under manual bill. */
  manualBill: (campaignId: number) => Promise<boolean>;
  /** A removed campaign's audiences let go (the ad-audiences module's). */
  detachAudiences: ((campaignId: number) => Promise<unknown>) | null;
}) {
  const { repo, periods } = deps;
  const found = (id: number) => deps.campaigns.found(id).catch(() => null);

  /** A stopped campaign's unspent budget refunded (its latest figures read first). */
  async function refundUnspent(campaignId: number) {
    const [c, budget] = await Promise.all([found(campaignId), repo.budget(campaignId)]);
    if (!c || !budget) return;
    if (budget.platformCampaignId) await deps.stats.pull(budget, c.timeZone);
    await deps.refunds.refund(c);
  }

  /**
   * A running campaign's current period bought, once. Declined (or no card): the campaign pauses on
   * run for payment, so its ads stop at the platform until someone resumes it and the period is paid.
   */
  async function renewOne(campaignId: number): Promise<'paid' | 'already' | 'failed' | 'skipped'> {
    const c = await found(campaignId);
    // Only a running campaign is renewed (the move that resumed one has committed before this runs).
    if (c?.status !== 'running') return 'skipped';
    const outcome = await periods.renew(c, await deps.manualBill(c.id));
    if (!outcome) return 'skipped';
    if (outcome.status === 'failed') {
      await deps.campaigns.moveBySystem(c.id, { type: 'pause_on_run', reason: 'payment_failed' });
      return 'failed';
    }
    return outcome.status === 'paid' ? (outcome.already ? 'already' : 'paid') : 'skipped';
  }

  /** The campaigns module's activation seam for `simplifi` campaigns: the period's budget. */
  const activation: CampaignActivation = {
    async charge(record, ctx, activationNumber, userId) {
      const done: ActivationDone = {
        campaignId: record.id,
        activation: activationNumber,
        userId,
        prepaid: null,
        rootFee: null,
      };
      const { answer, logText } = await periods.activate(record, ctx.agencyManualBill, {
        kind: 'campaign.activate',
        ...done,
      });
      return { answer, done, logText };
    },
  };

  /**
   * Every committed move of a Simplifi campaign is followed at the platform. A campaign resumed
   * after a declined renewal pays its period first (a new attempt): declined again, it pauses again.
   */
  const moved: CampaignMoveListener = async (record, from, to) => {
    if (record.module !== 'simplifi') return;
    // A removed campaign targets nothing: its audiences may be deleted again.
    if (to.removed && !from.removed) await deps.detachAudiences?.(record.id);
    if (from.status === 'paused_on_run' && from.pauseReason === 'payment_failed' && to.status === 'running')
      await renewOne(record.id);
    await repo.wantSync(record.id);
    await deps.sync.sync(record.id);
    // Stopped: the platform has stopped serving; today's figures are read, and what is left refunded.
    if (to.status === 'stopped' && from.status !== 'stopped') await refundUnspent(record.id);
  };

  return {
    activation,
    moved,
    /** The renewal job's run: every anchored campaign, a page at a time; only running ones are charged. */
    async renewDue(): Promise<{ paid: number; failed: number }> {
      let paid = 0;
      let failed = 0;
      let after = 0;
      for (;;) {
        const page = await repo.anchoredAfter(after, 100);
        if (page.length === 0) break;
        for (const budget of page) {
          after = budget.campaignId;
          const outcome = await renewOne(budget.campaignId);
          if (outcome === 'paid') paid++;
          if (outcome === 'failed') failed++;
        }
      }
      return { paid, failed };
    },
  };
}
