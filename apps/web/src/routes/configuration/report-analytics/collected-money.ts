import { COLLECTED_SOURCE_LABELS, COLLECTED_SOURCES, type CollectedSource } from '@app/contracts';
import type { CollectedMoney } from '../../../api/reports';
import { signedCentsOf } from '../../../components/billing-history/billing-format';
import type { ChartSeries } from '../../../components/charts';

/** One colour per source, the same on every chart of the screen; refunds in red. */
export const SOURCE_COLORS: Record<CollectedSource, string> = {
  campaigns: 'var(--mantine-primary-color-filled)',
  prepaid: 'teal.7',
  wallet: 'cyan.7',
  minimum_spend: 'orange.7',
  onboarding: 'grape.6',
  refunds: 'red.7',
};

/**
 * The money chart's series: one per source that moved in the range, its value per period in cents
 * (whole numbers, never floats). Points are keyed by the period's first day.
 */
export function moneySeries(money: CollectedMoney): ChartSeries[] {
  return COLLECTED_SOURCES.filter((source) => signedCentsOf(money.by_source[source]) !== 0).map((source) => ({
    label: COLLECTED_SOURCE_LABELS[source],
    color: SOURCE_COLORS[source],
    points: money.periods.map((p) => ({ x: p.start, value: signedCentsOf(p.sources[source]) })),
  }));
}

const PERIOD_WORDS = { day: 'day', week: 'week', month: 'month' } as const;
/** "Collected per week (USD)" */
export const moneyTitle = (money: CollectedMoney) => `Collected per ${PERIOD_WORDS[money.period]} (USD)`;
