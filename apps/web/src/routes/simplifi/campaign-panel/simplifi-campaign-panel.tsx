import type { CampaignListRow } from '@app/contracts';
import { Alert, Badge, Drawer, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useSimplifiDetail } from '../../../api/simplifi';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { statusColor } from '../../campaigns/campaign-format';
import { isSandboxPlatform, SANDBOX_NOTE } from '../simplifi-sandbox';
import { BudgetTab } from './budget-tab';
import { CampaignAds } from './campaign-ads';
import { CampaignAudiences } from './campaign-audiences';
import { ChargesTable } from './charges-table';
import { ReportTab } from './report-tab';

export interface PanelViewer {
  userId: number;
  companyId: number;
  /** Agency staff (markup, the platform's part of charges); false for a client. */
  agencyStaff: boolean;
  mayUpdate: boolean;
  /** The budget is the agency's to change (`campaigns.prices`): raising it is theirs. */
  mayPrice: boolean;
  minimumDaily: string;
  builderPath: string | null;
  audiencesPath: string | null;
}

/**
 * One Simplifi campaign opened from the list (`details`): its report, its budget with the daily
 * raise, its charges and its ads. Figures the sandbox ad platform made up are labelled as such.
 */
export function SimplifiCampaignPanel({
  row,
  viewer,
  onClose,
}: {
  row: CampaignListRow;
  viewer: PanelViewer;
  onClose: () => void;
}) {
  const detail = useSimplifiDetail(row.leadspeekID);
  const data = detail.data?.data;
  const sandbox = data ? isSandboxPlatform(data.platform) : false;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={700}>{row.campaignName}</Text>
          <Text c="dimmed">#{row.leadspeek_api_id}</Text>
          <Badge variant="light" color={statusColor(row)}>
            {row.status_label}
          </Badge>
          {sandbox && (
            <Badge color="grape.9" variant="filled" data-testid="simplifi-sandbox-badge">
              Sandbox
            </Badge>
          )}
        </Group>
      }
    >
      <Stack gap="md" data-testid="simplifi-panel">
        {detail.isError && (
          <LoadFailure error={detail.error} onRetry={detail.refetch} testId="simplifi-detail-error" />
        )}
        {!data && !detail.isError && <Loader aria-label="Loading campaign" />}
        {data && (
          <>
            {sandbox && (
              <Alert color="grape" variant="light" role="note" data-testid="simplifi-sandbox-note">
                {SANDBOX_NOTE}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {data.company_name} · clicks go to {data.clickUrl}
            </Text>
            <Tabs defaultValue="report" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="report" data-testid="simplifi-tab-report">
                  Report
                </Tabs.Tab>
                <Tabs.Tab value="budget" data-testid="simplifi-tab-budget">
                  Budget
                </Tabs.Tab>
                <Tabs.Tab value="charges" data-testid="simplifi-tab-charges">
                  Charges ({data.charges.length})
                </Tabs.Tab>
                <Tabs.Tab value="ads" data-testid="simplifi-tab-ads">
                  Ads
                </Tabs.Tab>
                <Tabs.Tab value="audiences" data-testid="simplifi-tab-audiences">
                  Audiences
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="report" pt="md">
                <ReportTab campaignId={data.leadspeekID} apiId={data.leadspeek_api_id} />
              </Tabs.Panel>
              <Tabs.Panel value="budget" pt="md">
                <BudgetTab
                  detail={data}
                  mayRaise={viewer.mayPrice}
                  showMarkup={viewer.agencyStaff}
                  minimumDaily={viewer.minimumDaily}
                />
              </Tabs.Panel>
              <Tabs.Panel value="charges" pt="md">
                <ChargesTable charges={data.charges} showPlatformPart={viewer.agencyStaff} />
              </Tabs.Panel>
              <Tabs.Panel value="ads" pt="md">
                <CampaignAds
                  campaignId={data.leadspeekID}
                  userId={viewer.userId}
                  mayChange={viewer.mayUpdate && data.archived === 'F'}
                  builderPath={viewer.builderPath}
                />
              </Tabs.Panel>
              <Tabs.Panel value="audiences" pt="md">
                <CampaignAudiences
                  campaignId={data.leadspeekID}
                  clientId={data.clientID}
                  ownCompanyId={viewer.companyId}
                  userId={viewer.userId}
                  mayChange={viewer.mayUpdate && data.archived === 'F'}
                  audiencesPath={viewer.audiencesPath}
                />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
