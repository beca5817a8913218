import type { BudgetIncrease } from '@app/contracts';
import { formatMoney } from './simplifi-format';

/*
 * Raising a running campaign's daily budget (spec 2 §4 "budget increases are checked, and a campaign
 * can be charged by remaining days"): the server works out what it costs (`check-budget-increase`),
 * the screen says it in these words and asks before `charge-campaign-by-remaining-days` charges it.
 */

/**
 * 'This charges $380.00 now ($50.00 daily × 10 remaining days − $120.00 remaining budget).' from the
 * server's answer; the figures are the server's, never worked out here.
 */
export function budgetIncreaseText(increase: BudgetIncrease): string {
  const days = `${increase.remaining_days} remaining ${increase.remaining_days === 1 ? 'day' : 'days'}`;
  return (
    `This charges ${formatMoney(increase.charge_amount)} now (${formatMoney(increase.daily_budget)} daily × ` +
    `${days} − ${formatMoney(increase.remaining_budget)} remaining budget).`
  );
}

/** What the raise form shows after the check: the refusal, or the charge to confirm. */
export type IncreaseOutcome = { kind: 'refused'; text: string } | { kind: 'charge'; text: string };

export function increaseOutcome(increase: BudgetIncrease): IncreaseOutcome {
  if (increase.refused !== null) return { kind: 'refused', text: increase.refused };
  return { kind: 'charge', text: budgetIncreaseText(increase) };
}
