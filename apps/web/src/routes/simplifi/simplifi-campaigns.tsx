import {
  CAMPAIGN_SORT_KEYS,
  type CampaignListRow,
  type CampaignMoveResponse,
  CLIENT_ACCOUNT_NOT_CONNECTED,
} from '@app/contracts';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSimplifiCampaignList, useSimplifiDetail, useSimplifiStats } from '../../api/simplifi';
import { useUrlParams } from '../../app/routing/use-url-params';
import { useSelectedCompanyGroup } from '../../components/company-group/selected-group';
import { DataTable } from '../../components/data-list/data-table';
import { nextSort, PER_PAGE } from '../../components/data-list/list-state';
import { PagedList } from '../../components/data-list/paged-list';
import { useClampPage, useUrlListState } from '../../components/data-list/use-list-state';
import { BetaAgreementNotice, useBetaAgreement } from '../campaigns/beta-agreement';
import { CampaignFilters, readCampaignFilters, writeCampaignFilters } from '../campaigns/campaign-filters';
import { chargeText } from '../campaigns/campaign-format';
import { SimplifiCampaignPanel } from './campaign-panel/simplifi-campaign-panel';
import { simplifiColumns } from './simplifi-columns';
import { SimplifiRowActions } from './simplifi-row-actions';
import { isSandboxPlatform, SANDBOX_NOTE } from './simplifi-sandbox';
import { statsById } from './simplifi-stats';
import type { SimplifiScreen } from './use-simplifi-screen';
import { SimplifiWizard } from './wizard/simplifi-wizard';

type Opened = { kind: 'wizard'; campaignId: number | null } | { kind: 'panel'; row: CampaignListRow } | null;

/**
 * The Simplifi campaign list with everything around it (issue 24): New Campaign (after the beta
 * agreement, decision 0064), the lead modules' filters and paging, each row's ad-platform figures
 * from one `stats` call per page, the row moves, the campaign's report / budget / charges / ads
 * panel and the create / edit wizard. `{simplifi url}/campaign-management` and `/campaign` show it.
 */
export function SimplifiCampaigns({ screen, title }: { screen: SimplifiScreen; title: string }) {
  const { user, ctx, moduleName, isClientUser, may } = screen;
  const [list, updateList] = useUrlListState(CAMPAIGN_SORT_KEYS);
  const [params, setParams] = useUrlParams();
  const filters = readCampaignFilters(params);
  const group = useSelectedCompanyGroup();
  const [opened, setOpened] = useState<Opened>(null);
  const [moved, setMoved] = useState<CampaignMoveResponse | null>(null);
  const beta = useBetaAgreement(user, ctx, 'simplifi', moduleName);
  const openWizard = () => setOpened({ kind: 'wizard', campaignId: null });

  const query = useSimplifiCampaignList({
    companyID: user.company_id,
    clientID: isClientUser ? user.company_id : Number.parseInt(filters.client || '0', 10),
    group,
    sort: list.sort,
    search: list.search,
    page: list.page,
    perPage: PER_PAGE,
    view: filters.view,
    status: filters.status,
  });
  useClampPage(list, query.data?.last_page, updateList);
  const rows = query.data?.data;
  const ids = useMemo(() => (rows ?? []).map((r) => r.leadspeekID), [rows]);
  const stats = useSimplifiStats(ids);
  const byId = useMemo(() => statsById(stats.data?.data), [stats.data]);
  // Every campaign runs on the same ad platform: the first row's details say which one.
  const platform = useSimplifiDetail(ids[0] ?? 0).data?.data.platform;
  const sandbox = platform ? isSandboxPlatform(platform) : false;

  const rowMay = {
    update: may('campaigns.update'),
    move: may('campaigns.move'),
    remove: may('campaigns.remove'),
  };
  const columns = simplifiColumns({
    showClient: !isClientUser,
    statsOf: (row) => byId.get(row.leadspeekID),
    onOpen: (row) => setOpened({ kind: 'panel', row }),
    actions: (row) => (
      <SimplifiRowActions
        row={row}
        may={rowMay}
        onOpen={(r) => setOpened({ kind: 'panel', row: r })}
        onEdit={(r) => setOpened({ kind: 'wizard', campaignId: r.leadspeekID })}
        onMoved={setMoved}
      />
    ),
  });
  // An activation charges the first month's budget: who paid what, as the lead modules say it.
  const charge = chargeText(moved?.data.charge ?? null, isClientUser ? 'client' : 'agency');
  const clientOptions = useMemo(
    () =>
      isClientUser
        ? null
        : (screen.allClients.data?.data ?? []).map((c) => ({
            value: String(c.company_id),
            label: c.company_name,
          })),
    [isClientUser, screen.allClients.data],
  );

  return (
    <Stack gap="md" data-testid="simplifi-campaigns">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Group gap="xs">
            <Title order={2}>{title}</Title>
            {sandbox && (
              <Badge color="grape.9" variant="filled" data-testid="simplifi-list-sandbox">
                Sandbox figures
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {isClientUser ? 'Your display campaigns' : "Your clients' display campaigns"}
          </Text>
        </Stack>
        {may('campaigns.create') && screen.connected && !(isClientUser && beta.pending) && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => (beta.pending ? beta.ask(openWizard) : openWizard())}
            data-testid="simplifi-add"
          >
            New Campaign
          </Button>
        )}
      </Group>
      <BetaAgreementNotice agreement={beta} moduleName={moduleName} isClientUser={isClientUser} />
      {beta.dialog}
      {sandbox && (
        <Text size="sm" c="dimmed" data-testid="simplifi-sandbox-list-note">
          {SANDBOX_NOTE}
        </Text>
      )}
      {!screen.connected && (
        <Alert color="yellow" role="status" data-testid="campaign-account-not-connected">
          {CLIENT_ACCOUNT_NOT_CONNECTED}
        </Alert>
      )}
      {moved && (
        <Alert
          color="green"
          variant="light"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => setMoved(null)}
          role="status"
          data-testid="campaign-moved"
        >
          <Text size="sm">
            {moved.message}: {moved.data.status_label} (#{moved.data.leadspeek_api_id}).
          </Text>
          {charge && (
            <Text size="sm" data-testid="campaign-charge">
              {charge}
            </Text>
          )}
        </Alert>
      )}
      <CampaignFilters
        filters={filters}
        onChange={(next) => setParams((p) => writeCampaignFilters(p, next))}
        search={list.search}
        onSearch={(search) => updateList({ search, page: 1 }, { replace: true })}
        clients={clientOptions}
      />
      <PagedList query={query} onPage={(page) => updateList({ page })} testIdPrefix="campaign">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.leadspeekID}
          loading={query.isPending}
          emptyText="No Data"
          sort={list.sort}
          onSort={(key) => updateList({ sort: nextSort(list.sort, key), page: 1 })}
          testIdPrefix="campaign"
          rowTestId={(row) => `campaign-row-${row.leadspeek_api_id}`}
          minWidth={1240}
        />
      </PagedList>
      {opened?.kind === 'wizard' && (
        <SimplifiWizard
          moduleName={moduleName}
          campaignId={opened.campaignId}
          clients={screen.clients}
          ownClientId={isClientUser ? user.company_id : null}
          ownCompanyId={user.company_id}
          mayPrice={may('campaigns.prices')}
          minimums={screen.minimums}
          userId={user.id}
          builderPath={screen.builderPath}
          audiencesPath={screen.audiencesPath}
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.kind === 'panel' && (
        <SimplifiCampaignPanel
          row={opened.row}
          viewer={{
            userId: user.id,
            companyId: user.company_id,
            agencyStaff: !isClientUser,
            mayUpdate: may('campaigns.update'),
            mayPrice: may('campaigns.prices'),
            minimumDaily: screen.minimums?.dailyBudget ?? '0',
            builderPath: screen.builderPath,
            audiencesPath: screen.audiencesPath,
          }}
          onClose={() => setOpened(null)}
        />
      )}
    </Stack>
  );
}
