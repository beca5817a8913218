import type { CampaignListRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { SimplifiStatsRow } from '../simplifi/simplifi-stats';
import { clientSummaries, statusCounts, topCampaigns, totalsOf } from './overview-model';

const row = (id: number, over: Partial<CampaignListRow> = {}): CampaignListRow => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  campaignName: `Campaign ${id}`,
  leadspeekType: 'local',
  status: 'running',
  pause_reason: null,
  status_label: 'Running',
  archived: 'F',
  statuscomplete: 'T',
  clientID: 501,
  client_company_name: 'Harbor Dental',
  agencyID: 500,
  companyGroupID: 0,
  company_group_name: '',
  PaymentTerm: 'Monthly',
  urlCode: '',
  embed_status: 'unchecked',
  ad_platform_sync: '',
  ad_platform_note: '',
  startdatecampaign: '',
  enddatecampaign: '',
  total_leads: 0,
  leads_today: 0,
  created_at: '2026-03-01T00:00:00Z',
  activated_at: null,
  ...over,
});

const stats = (
  id: number,
  impressions: number,
  clicks: number,
  spend: string,
  budget = '0',
  left = '0',
): SimplifiStatsRow => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  totals: { impressions, clicks, ctr: '0.00', spend },
  period_budget: budget,
  remaining_budget: left,
  pacing: null,
  last_pulled_at: null,
});

const table = new Map([
  [1, stats(1, 10_000, 50, '120.50', '1500', '900')],
  [2, stats(2, 30_000, 60, '300.10', '3000', '2500.25')],
  [3, stats(3, 0, 0, '0')],
]);
const statsOf = (id: number) => table.get(id);

describe('the ad platform overview', () => {
  const rows = [
    row(1),
    row(2, { clientID: 502, client_company_name: 'Cedar Home' }),
    row(3, { status: 'stopped', status_label: 'Stopped' }),
    row(4, { status: 'paused', archived: 'T' }),
  ];

  it('adds the campaigns’ figures, money in cents', () => {
    expect(totalsOf(rows, statsOf)).toEqual({
      campaigns: 4,
      running: 2,
      impressions: 40_000,
      clicks: 110,
      ctr: '0.28',
      spend: 42_060,
      periodBudget: 450_000,
      remaining: 340_025,
    });
    expect(totalsOf([], statsOf)).toMatchObject({ campaigns: 0, spend: 0, ctr: '0.00' });
  });

  it('ranks the campaigns by spend and counts them by state', () => {
    expect(topCampaigns(rows, statsOf, 2).map((t) => t.row.leadspeekID)).toEqual([2, 1]);
    expect(topCampaigns(rows, statsOf).map((t) => t.row.leadspeekID)).toEqual([2, 1, 3]);
    expect(statusCounts(rows)).toEqual([
      { label: 'Running', value: 2 },
      { label: 'Stopped', value: 1 },
      { label: 'Archived', value: 1 },
    ]);
  });

  it('lists every client with the module and every client with campaigns, biggest spender first', () => {
    const summaries = clientSummaries(
      [
        { id: 501, name: 'Harbor Dental' },
        { id: 503, name: 'Alder Law' },
      ],
      rows,
      statsOf,
    );
    expect(summaries.map((s) => [s.name, s.campaigns, s.running, s.spend])).toEqual([
      ['Cedar Home', 1, 1, 30_010],
      ['Harbor Dental', 3, 1, 12_050],
      ['Alder Law', 0, 0, 0],
    ]);
  });
});
