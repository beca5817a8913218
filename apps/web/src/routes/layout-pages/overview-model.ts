import type { CampaignListRow, Cents } from '@app/contracts';
import { sumCents } from '@app/pricing';
import { centsOf, ctrText } from '../simplifi/simplifi-format';
import type { SimplifiStatsRow } from '../simplifi/simplifi-stats';

/*
 * The ad platform's overview and advertised clients (the campaign layout pages /dashboard and
 * /client; issue 24, decision 0115): totals over the agency's Simplifi campaigns, worked out from the
 * list and the stats the API answers. Amounts are summed in cents by `@app/pricing`.
 */

export interface Totals {
  campaigns: number;
  running: number;
  impressions: number;
  clicks: number;
  /** Click-through rate of the totals, as the server writes rates ('0.45'). */
  ctr: string;
  spend: Cents;
  /** This period's budgets bought, and what is left of them. */
  periodBudget: Cents;
  remaining: Cents;
}

type StatsOf = (id: number) => SimplifiStatsRow | undefined;

export function totalsOf(rows: readonly CampaignListRow[], statsOf: StatsOf): Totals {
  const stats = rows.flatMap((r) => {
    const s = statsOf(r.leadspeekID);
    return s ? [s] : [];
  });
  const impressions = stats.reduce((n, s) => n + s.totals.impressions, 0);
  const clicks = stats.reduce((n, s) => n + s.totals.clicks, 0);
  return {
    campaigns: rows.length,
    running: rows.filter((r) => r.status === 'running' && r.archived === 'F').length,
    impressions,
    clicks,
    ctr: ctrText(impressions, clicks),
    spend: sumCents(stats.map((s) => centsOf(s.totals.spend))),
    periodBudget: sumCents(stats.map((s) => centsOf(s.period_budget))),
    remaining: sumCents(stats.map((s) => centsOf(s.remaining_budget))),
  };
}

export interface RankedCampaign {
  row: CampaignListRow;
  stats: SimplifiStatsRow;
  spend: Cents;
}

/** The campaigns that spent most to date (ties: more impressions first), at most `count`. */
export function topCampaigns(
  rows: readonly CampaignListRow[],
  statsOf: StatsOf,
  count = 5,
): RankedCampaign[] {
  return rows
    .flatMap((row) => {
      const stats = statsOf(row.leadspeekID);
      return stats ? [{ row, stats, spend: centsOf(stats.totals.spend) }] : [];
    })
    .sort((a, b) => b.spend - a.spend || b.stats.totals.impressions - a.stats.totals.impressions)
    .slice(0, count);
}

/** Campaigns per state, for the donut (labels as the list's statuses say them). */
export function statusCounts(rows: readonly CampaignListRow[]): { label: string; value: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const label = row.archived === 'T' ? 'Archived' : STATUS_NAMES[row.status];
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, value]) => ({ label, value }));
}

const STATUS_NAMES: Record<CampaignListRow['status'], string> = {
  running: 'Running',
  paused: 'Paused',
  paused_on_run: 'Paused on run',
  stopped: 'Stopped',
};

export interface ClientSummary {
  clientId: number;
  name: string;
  campaigns: number;
  running: number;
  impressions: number;
  clicks: number;
  spend: Cents;
  remaining: Cents;
}

/**
 * One line per advertised client: the agency's clients with the module on, and any client that has
 * Simplifi campaigns (a module switched off later keeps its campaigns), busiest spender first.
 */
export function clientSummaries(
  clients: readonly { id: number; name: string }[],
  rows: readonly CampaignListRow[],
  statsOf: StatsOf,
): ClientSummary[] {
  const names = new Map(clients.map((c) => [c.id, c.name]));
  for (const row of rows) if (!names.has(row.clientID)) names.set(row.clientID, row.client_company_name);
  return [...names]
    .map(([clientId, name]) => {
      const own = rows.filter((r) => r.clientID === clientId);
      const t = totalsOf(own, statsOf);
      return {
        clientId,
        name,
        campaigns: t.campaigns,
        running: t.running,
        impressions: t.impressions,
        clicks: t.clicks,
        spend: t.spend,
        remaining: t.remaining,
      };
    })
    .sort((a, b) => b.spend - a.spend || a.name.localeCompare(b.name));
}
