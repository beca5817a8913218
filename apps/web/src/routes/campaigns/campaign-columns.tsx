import { type CampaignListRow, type CampaignSortKey, SITE_CHECK_OUTCOME_LABELS } from '@app/contracts';
import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DataColumn, formatCreated } from '../../components/data-list/data-table';
import { AD_PLATFORM_SYNC_LABELS, adPlatformSyncColor, statusColor } from './campaign-format';

/**
 * The campaign list's columns: name with its 8-digit id, client (agency staff), status (the server's
 * `status_label`), embed status (local), the ad platform's copy (locator), leads today / total,
 * created, actions.
 */
export function campaignColumns(options: {
  showClient: boolean;
  showEmbed: boolean;
  showAdPlatform: boolean;
  actions: (row: CampaignListRow) => ReactNode;
}): DataColumn<CampaignListRow, CampaignSortKey>[] {
  const columns: (DataColumn<CampaignListRow, CampaignSortKey> | null)[] = [
    {
      id: 'name',
      label: 'Campaign',
      sortKey: 'campaign_name',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.campaignName}
          </Text>
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
    options.showEmbed
      ? { id: 'embed', label: 'Embed', render: (row) => SITE_CHECK_OUTCOME_LABELS[row.embed_status] }
      : null,
    options.showAdPlatform
      ? {
          id: 'ad-platform',
          label: 'Ad platform',
          render: (row) =>
            row.ad_platform_sync === '' ? null : (
              <Tooltip label={row.ad_platform_note} disabled={row.ad_platform_note === ''} multiline w={280}>
                <Badge
                  variant="light"
                  color={adPlatformSyncColor(row.ad_platform_sync)}
                  data-testid={`campaign-ad-platform-${row.leadspeek_api_id}`}
                >
                  {AD_PLATFORM_SYNC_LABELS[row.ad_platform_sync]}
                </Badge>
              </Tooltip>
            ),
        }
      : null,
    {
      id: 'leads',
      label: 'Leads today / total',
      sortKey: 'total_leads',
      render: (row) => `${row.leads_today} / ${row.total_leads}`,
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
