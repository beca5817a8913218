import {
  type ActivationChargeAnswer,
  BUDGET_INCREASE_NOT_RUNNING,
  type BudgetIncrease,
  type Cents,
  centsToDollars,
  localDate,
  NO_BUDGET_INCREASE,
  ZERO_CENTS,
} from '@app/contracts';
import { adBudgetPeriodAt, budgetIncreaseCharge, remainingDays } from '@app/pricing';
import { HttpError } from '../../http-errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentOperationRow } from '../payments/index.js';
import type { AdBudgetRow, AdCampaignRepository } from './ad-campaign-repository.js';
import type { BudgetBook } from './budget-book.js';
import type { BudgetChargeOutcome, BudgetCharges } from './budget-charges.js';

/** What this module reads of a campaign row (the campaigns module's record). */
export interface AdCampaignRecord {
  id: number;
  publicId: string;
  name: string;
  systemId: number;
  clientId: number;
  status: string;
  timeZone: string;
}

const declined = (message: string) => new HttpError(402, 'card_declined', message);
const inProgress = () =>
  new HttpError(409, 'payment_in_progress', 'The budget payment is being processed; try again in a moment.');

/**
 * A Simplifi campaign's budget over time (decision 0110): its first period bought at activation, each
 * later one by the renewal job, a daily-budget raise paid for the days left, and what is left.
 */
export function createBudgetPeriods(deps: {
  repo: AdCampaignRepository;
  book: BudgetBook;
  charges: BudgetCharges;
  clock: Clock;
  /** The charge that paid a budget (the payments module's): the activation's answer names it. */
  paidFor: (obligationKey: string) => Promise<PaymentOperationRow | null>;
}) {
  const { repo, book, clock } = deps;

  const owner = (c: AdCampaignRecord) => ({ systemId: c.systemId, clientId: c.clientId, campaignId: c.id });

  /** The period holding now, from the campaign's anchor (or today, before its first activation). */
  function periodOf(c: AdCampaignRecord, budget: AdBudgetRow) {
    const now = clock.now();
    const anchor = budget.anchorDate ?? localDate(now, c.timeZone);
    const period = adBudgetPeriodAt(anchor, c.timeZone, now);
    if (!period) throw new Error(`campaign ${c.id}: no budget period at ${now.toISOString()}`);
    return { period, days: remainingDays(period, c.timeZone, now) };
  }

  async function budgetOf(campaignId: number): Promise<AdBudgetRow> {
    const budget = await repo.budget(campaignId);
    if (!budget) throw new HttpError(404, 'not_found', 'Not found.');
    return budget;
  }

  /** Budget left: bought, less spend posted, less today's spend so far. */
  async function left(c: AdCampaignRecord): Promise<Cents> {
    const [inLedger, today] = await Promise.all([book.left(owner(c)), repo.unpostedSpend(c.id)]);
    return (inLedger - today) as Cents;
  }

  /** The move's answer: what the payer's card was charged, by which charge, on which gateway. */
  async function answerOf(
    outcome: Extract<BudgetChargeOutcome, { status: 'paid' }>,
    manualBill: boolean,
  ): Promise<ActivationChargeAnswer> {
    const amount = manualBill ? outcome.charge.platformCents : outcome.charge.amountCents;
    const operation = await deps.paidFor(outcome.charge.businessKey);
    // Paid without a card (the agency's Data Wallet, under manual bill): no card was charged.
    const onCard = operation?.chargeId ? amount : 0;
    return {
      amount: centsToDollars(onCard as Cents),
      setup_fee: '0',
      period_fee: centsToDollars(outcome.charge.amountCents),
      leads: 0,
      leads_amount: '0',
      payer: manualBill ? 'agency' : 'client',
      charge_id: operation?.chargeId ?? null,
      sandbox: operation?.gateway === 'sandbox',
      agency_amount: '0',
      agency_charge_id: null,
      wallet_amount: centsToDollars((amount - onCard) as Cents),
    };
  }

  function refuseFailed(
    outcome: BudgetChargeOutcome,
  ): asserts outcome is Extract<BudgetChargeOutcome, { status: 'paid' }> {
    if (outcome.status === 'pending') throw inProgress();
    if (outcome.status === 'failed') {
      if (outcome.code === 'card_missing') throw new HttpError(402, 'card_missing', outcome.message);
      throw declined(`The budget charge was declined. ${outcome.message}`.trim());
    }
  }

  return {
    periodOf,
    left,

    /**
     * Activation n's charge: the budget period holding today is bought (the first activation sets
     * the anchor). Each activation buys it once (`activation:<n>`): a retry of the same activation
     * finds it paid; a campaign stopped (its budget refunded) and started again buys it again.
     */
    async activate(
      c: AdCampaignRecord,
      manualBill: boolean,
      activation: Record<string, unknown>,
    ): Promise<{ answer: ActivationChargeAnswer | null; logText: string }> {
      const budget = await budgetOf(c.id);
      const anchorDate = await repo.anchor(c.id, localDate(clock.now(), c.timeZone));
      const { period } = periodOf(c, { ...budget, anchorDate });
      const outcome = await deps.charges.charge({
        campaign: c,
        periodStart: period.startDate,
        reason: 'activation',
        activationNumber: typeof activation.activation === 'number' ? activation.activation : 1,
        amount: budget.monthlyBudgetCents,
        markup: budget.agencyMarkup,
        manualBill,
        activation,
      });
      refuseFailed(outcome);
      if (outcome.already)
        return { answer: null, logText: `Budget of the period from ${period.startDate} already paid` };
      return {
        answer: await answerOf(outcome, manualBill),
        logText: `Ad budget charged $${centsToDollars(outcome.charge.amountCents)} for the period from ${period.startDate}`,
      };
    },

    /**
     * The renewal job's step for one running campaign: the period holding now, bought once — unless
     * an activation in it bought it already.
     */
    async renew(c: AdCampaignRecord, manualBill: boolean): Promise<BudgetChargeOutcome | null> {
      const budget = await budgetOf(c.id);
      if (!budget.anchorDate || c.status !== 'running') return null;
      const { period } = periodOf(c, budget);
      if (await repo.activatedIn(c.id, period.startDate)) return null;
      return deps.charges.charge({
        campaign: c,
        periodStart: period.startDate,
        reason: 'renewal',
        amount: budget.monthlyBudgetCents,
        markup: budget.agencyMarkup,
        manualBill,
      });
    },

    /** What raising the daily budget to `daily` would charge now, or why it would not. */
    async increase(c: AdCampaignRecord, daily: Cents): Promise<BudgetIncrease> {
      const budget = await budgetOf(c.id);
      const { days } = periodOf(c, budget);
      const remaining = await left(c);
      const refused =
        daily <= budget.dailyBudgetCents
          ? NO_BUDGET_INCREASE
          : c.status !== 'running'
            ? BUDGET_INCREASE_NOT_RUNNING
            : null;
      const charge = refused ? ZERO_CENTS : budgetIncreaseCharge(daily, days, remaining);
      return {
        leadspeekID: c.id,
        current_daily_budget: centsToDollars(budget.dailyBudgetCents),
        daily_budget: centsToDollars(daily),
        remaining_days: days,
        remaining_budget: centsToDollars(remaining < 0 ? ZERO_CENTS : remaining),
        charge_amount: centsToDollars(charge),
        refused,
      };
    },

    /**
     * Raises the daily budget, paying daily × remaining days − remaining budget first (once per
     * period and new daily budget); the new daily budget is saved by the charge's own record. Nothing
     * to pay: saved at once.
     */
    async raise(c: AdCampaignRecord, daily: Cents, manualBill: boolean) {
      const budget = await budgetOf(c.id);
      const { period, days } = periodOf(c, budget);
      const quote = await this.increase(c, daily);
      if (quote.refused) throw new HttpError(409, 'no_increase', quote.refused);
      const amount = budgetIncreaseCharge(daily, days, await left(c));
      if (amount === 0) {
        await repo.updateBudget(c.id, { dailyBudgetCents: daily });
        return { quote, charged: null };
      }
      const outcome = await deps.charges.charge({
        campaign: c,
        periodStart: period.startDate,
        reason: 'raise',
        dailyBudgetCents: daily,
        amount,
        markup: budget.agencyMarkup,
        manualBill,
      });
      refuseFailed(outcome);
      return { quote, charged: outcome.already ? null : outcome.charge };
    },
  };
}

export type BudgetPeriods = ReturnType<typeof createBudgetPeriods>;
