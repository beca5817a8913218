import type { CampaignListRow, CampaignSortKey } from '@app/contracts';
import { Anchor, Badge, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DataColumn, formatCreated } from '../../components/data-list/data-table';
import { statusColor } from '../campaigns/campaign-format';
import {
  budgetLeftText,
  budgetUsedBarValue,
  formatCount,
  formatMoney,
  formatPercentText,
  PACING_COLORS,
  pacingState,
  pacingText,
} from './simplifi-format';
import type { SimplifiStatsRow } from './simplifi-stats';

/**
 * The Simplifi campaign list's columns: name (opens the campaign), id, client (agency staff),
 * status, then the ad platform's figures from `stats` — impressions, clicks, CTR, spend to date,
 * what is left of this period's budget with a bar of what is used, pacing — created and actions. A row whose stats are not in yet
 * shows a dash.
 */
export function simplifiColumns(options: {
  showClient: boolean;
  statsOf: (row: CampaignListRow) => SimplifiStatsRow | undefined;
  onOpen: (row: CampaignListRow) => void;
  actions: (row: CampaignListRow) => ReactNode;
}): DataColumn<CampaignListRow, CampaignSortKey>[] {
  const figure = (render: (stats: SimplifiStatsRow) => ReactNode) => (row: CampaignListRow) => {
    const stats = options.statsOf(row);
    return stats ? render(stats) : <Text c="dimmed">–</Text>;
  };
  const columns: (DataColumn<CampaignListRow, CampaignSortKey> | null)[] = [
    {
      id: 'name',
      label: 'Campaign',
      sortKey: 'campaign_name',
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="left"
            onClick={() => options.onOpen(row)}
            data-testid={`simplifi-open-${row.leadspeek_api_id}`}
          >
            {row.campaignName}
          </Anchor>
          {row.company_group_name && (
            <Text size="xs" c="dimmed">
              {row.company_group_name}
            </Text>
          )}
        </Stack>
      ),
    },
    { id: 'id', label: 'ID', sortKey: 'leadspeek_api_id', render: (row) => row.leadspeek_api_id },
    options.showClient
      ? {
          id: 'client',
          label: 'Client',
          sortKey: 'client_company_name',
          render: (row) => row.client_company_name,
        }
      : null,
    {
      id: 'status',
      label: 'Status',
      sortKey: 'status',
      render: (row) => (
        <Badge
          variant="light"
          color={statusColor(row)}
          data-testid={`campaign-status-${row.leadspeek_api_id}`}
        >
          {row.status_label}
        </Badge>
      ),
    },
    {
      id: 'impressions',
      label: 'Impressions',
      render: figure((s) => (
        <span data-testid={`simplifi-impressions-${s.leadspeek_api_id}`}>
          {formatCount(s.totals.impressions)}
        </span>
      )),
    },
    { id: 'clicks', label: 'Clicks', render: figure((s) => formatCount(s.totals.clicks)) },
    { id: 'ctr', label: 'CTR', render: figure((s) => formatPercentText(s.totals.ctr)) },
    {
      id: 'spend',
      label: 'Spend',
      render: figure((s) => (
        <span data-testid={`simplifi-spend-${s.leadspeek_api_id}`}>{formatMoney(s.totals.spend)}</span>
      )),
    },
    {
      id: 'budget',
      label: 'Budget this period',
      render: figure((s) => (
        <Stack gap={4} miw={150}>
          <Text size="sm" data-testid={`simplifi-budget-${s.leadspeek_api_id}`}>
            {budgetLeftText(s.remaining_budget, s.period_budget)}
          </Text>
          <Progress
            value={budgetUsedBarValue(s.remaining_budget, s.period_budget)}
            size="sm"
            aria-label={`Budget used of ${formatMoney(s.period_budget)}`}
          />
        </Stack>
      )),
    },
    {
      id: 'pacing',
      label: 'Pacing',
      render: figure((s) => (
        <Badge variant="light" color={PACING_COLORS[pacingState(s.pacing)]}>
          {pacingText(s.pacing)}
        </Badge>
      )),
    },
    {
      id: 'created',
      label: 'Created',
      sortKey: 'created_at',
      render: (row) => formatCreated(row.created_at),
    },
    { id: 'actions', label: 'Actions', render: options.actions },
  ];
  return columns.filter((column) => column !== null);
}
