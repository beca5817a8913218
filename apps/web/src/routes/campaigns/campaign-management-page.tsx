import {
  CAMPAIGN_SORT_KEYS,
  type CampaignListRow,
  type CampaignModule,
  type CampaignMoveResponse,
  CLIENT_ACCOUNT_NOT_CONNECTED,
  type KeywordCountModule,
  type SessionUser,
} from '@app/contracts';
import {
  actorOf,
  groupListCompany,
  isAccountConnected,
  isAgencyUser,
  moduleNaming,
  type PolicyContext,
} from '@app/policy';
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useUserList } from '../../api/agency-list';
import { useCampaignList } from '../../api/campaigns';
import { useCompanyGroups } from '../../api/company-groups';
import { useSessionPermissions } from '../../api/roles';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { routeLeadModule } from '../../app/routing/route-lead-module';
import { useUrlParams } from '../../app/routing/use-url-params';
import { useSelectedCompanyGroup } from '../../components/company-group/selected-group';
import { DataTable } from '../../components/data-list/data-table';
import { nextSort, PER_PAGE } from '../../components/data-list/list-state';
import { PagedList } from '../../components/data-list/paged-list';
import { useClampPage, useUrlListState } from '../../components/data-list/use-list-state';
import { LeadReportModal } from '../../components/lead-report';
import { BetaAgreementNotice, useBetaAgreement } from './beta-agreement';
import { campaignColumns } from './campaign-columns';
import { CampaignFilters, readCampaignFilters, writeCampaignFilters } from './campaign-filters';
import { chargeParts, chargeText } from './campaign-format';
import { reportScopeOf } from './campaign-report-scope';
import { CampaignRowActions } from './campaign-row-actions';
import { EmbedPanel } from './embed-panel';
import { isKeywordCountModule, KEYWORD_COUNTS_TAB } from './keyword-counts/keyword-count-model';
import { KeywordCountsPanel } from './keyword-counts/keyword-counts-panel';
import { PrepaidPanel } from './prepaid-panel';
import type { Option } from './wizard/campaign-step';
import { CampaignWizard } from './wizard/campaign-wizard';

/** Loaded only when the route is the Simplifi module's (its own chunk). */
const SimplifiCampaignManagement = lazy(() => import('../simplifi/simplifi-campaign-management'));

/**
 * /{module url}/campaign-management (spec 1 §2.3, spec 2 §2): the campaigns of the module this route
 * is for (the policy's match names it from the user's slug). An agency sees its clients' campaigns
 * (client column and filter), a client its own. The guard has already sent system users to Agency
 * List and clients without campaign creation to the dashboard.
 */
export function CampaignManagementPage() {
  const current = useCurrentRoute();
  const user = current?.ctx.user ?? null;
  if (!user || !current) return <PageLoader label="Loading campaigns" />;
  const module = routeLeadModule(current);
  // The ad platform's module has campaigns of its own kind (budgets, no leads): its own screen.
  if (!module && current.match.module === 'simplifi')
    return (
      <Suspense fallback={<PageLoader label="Loading campaigns" />}>
        <SimplifiCampaignManagement user={user} ctx={current.ctx} />
      </Suspense>
    );
  if (!module)
    return (
      <Alert color="yellow" role="status">
        This module has no lead campaigns.
      </Alert>
    );
  if (!isKeywordCountModule(module))
    return <CampaignManagement key={module} user={user} ctx={current.ctx} module={module} />;
  return <KeywordModuleTabs key={module} user={user} ctx={current.ctx} module={module} />;
}

/**
 * A keyword module's campaign management (Search ID, Enhance ID, B2B ID) has the keyword count table
 * of spec 2 §2 beside its campaigns: two tabs, the open one in the URL (`tab`); switching starts
 * the other list at its first page, unsorted, unfiltered.
 */
function KeywordModuleTabs({
  user,
  ctx,
  module,
}: {
  user: SessionUser;
  ctx: PolicyContext;
  module: KeywordCountModule;
}) {
  const [params, setParams] = useUrlParams();
  const tab = params.get('tab') === KEYWORD_COUNTS_TAB ? KEYWORD_COUNTS_TAB : 'campaigns';
  const { may } = useSessionPermissions();
  if (!may('keywordCounts.read')) return <CampaignManagement user={user} ctx={ctx} module={module} />;
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          value === KEYWORD_COUNTS_TAB
            ? new URLSearchParams({ tab: KEYWORD_COUNTS_TAB })
            : new URLSearchParams(),
        )
      }
      keepMounted={false}
    >
      <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap">
        <Tabs.List style={{ flex: 1 }}>
          <Tabs.Tab value="campaigns" data-testid="campaign-tab-campaigns">
            Campaigns
          </Tabs.Tab>
          <Tabs.Tab value={KEYWORD_COUNTS_TAB} data-testid="campaign-tab-keyword-counts">
            Keyword Counts
          </Tabs.Tab>
        </Tabs.List>
        {/* Enhance and b2b leads may carry advanced information: how much of it the vendor holds. */}
        {module !== 'locator' && user.user_type !== 'client' && may('enrichment.read') && (
          <Button component={Link} to="/configuration/data-enrichment" variant="subtle" size="compact-sm">
            Data Enrichment
          </Button>
        )}
      </Group>
      <Tabs.Panel value="campaigns">
        <CampaignManagement user={user} ctx={ctx} module={module} />
      </Tabs.Panel>
      <Tabs.Panel value={KEYWORD_COUNTS_TAB}>
        <KeywordCountsPanel user={user} module={module} />
      </Tabs.Panel>
    </Tabs>
  );
}

type Opened =
  | { kind: 'wizard'; campaignId: number | null }
  | { kind: 'embed' | 'report' | 'prepaid'; row: CampaignListRow }
  | null;

function CampaignManagement({
  user,
  ctx,
  module,
}: {
  user: SessionUser;
  ctx: PolicyContext;
  module: CampaignModule;
}) {
  const isClientUser = user.user_type === 'client';
  const moduleName = moduleNaming(user, module).name;
  const [list, updateList] = useUrlListState(CAMPAIGN_SORT_KEYS);
  const [params, setParams] = useUrlParams();
  const filters = readCampaignFilters(params);
  const group = useSelectedCompanyGroup();
  const { may } = useSessionPermissions();
  const [opened, setOpened] = useState<Opened>(null);
  const [moved, setMoved] = useState<CampaignMoveResponse | null>(null);

  // A client's campaigns need its agency's connected payment account (spec 1 §6); the server refuses
  // creating and starting without it, so the screen says so instead of offering the button.
  const connected = !isClientUser || isAccountConnected(user, ctx.setup);
  // A beta module's agreement comes first (decision 0064): the agency's people are asked for it
  // when they start a campaign; its clients wait for their agency.
  const beta = useBetaAgreement(user, ctx, module, moduleName);
  const openWizard = () => setOpened({ kind: 'wizard', campaignId: null });

  const clientList = useUserList(
    isClientUser
      ? null
      : {
          companyID: user.company_id,
          idsys: user.idsys,
          userType: 'client',
          page: 1,
          perPage: 100,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
        },
  );
  const clients: Option[] | null = useMemo(
    () =>
      isClientUser
        ? null
        : (clientList.data?.data ?? []).map((c) => ({ value: String(c.company_id), label: c.company_name })),
    [isClientUser, clientList.data],
  );
  // The relation does not depend on the role's switches (as the sidebar's selector reads it).
  // New campaigns only for clients this module is enabled for (the server refuses the others).
  const clientsWithModule: Option[] = useMemo(
    () =>
      (clientList.data?.data ?? [])
        .filter((c) => c.selected_modules.some((m) => m.type === module && m.status))
        .map((c) => ({ value: String(c.company_id), label: c.company_name })),
    [clientList.data, module],
  );
  const groupsQuery = useCompanyGroups(groupListCompany(actorOf(user, null)) ?? 0);
  const groups: Option[] = useMemo(
    () => (groupsQuery.data?.params ?? []).map((g) => ({ value: String(g.id), label: g.group_name })),
    [groupsQuery.data],
  );

  const query = useCampaignList({
    module,
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

  const rowMay = {
    update: may('campaigns.update'),
    move: may('campaigns.move'),
    remove: may('campaigns.remove'),
  };
  const columns = campaignColumns({
    showClient: !isClientUser,
    showEmbed: module === 'local',
    showAdPlatform: module === 'locator',
    actions: (row) => (
      <CampaignRowActions
        row={row}
        may={rowMay}
        hasEmbed={row.leadspeekType === 'local'}
        onEdit={(r) => setOpened({ kind: 'wizard', campaignId: r.leadspeekID })}
        onEmbed={(r) => setOpened({ kind: 'embed', row: r })}
        onReport={(r) => setOpened({ kind: 'report', row: r })}
        onPrepaid={(r) => setOpened({ kind: 'prepaid', row: r })}
        onMoved={setMoved}
      />
    ),
  });
  const charge = chargeText(
    moved?.data.charge ?? null,
    isClientUser ? 'client' : isAgencyUser(user) ? 'agency' : 'staff',
  );
  const parts = moved?.data.charge ? chargeParts(moved.data.charge) : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>{moduleName} Campaign Management</Title>
          <Text size="sm" c="dimmed">
            {isClientUser ? 'Your campaigns' : "Your clients' campaigns"}
          </Text>
        </Stack>
        {may('campaigns.create') && connected && !(isClientUser && beta.pending) && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => (beta.pending ? beta.ask(openWizard) : openWizard())}
            data-testid="campaign-add"
          >
            New Campaign
          </Button>
        )}
      </Group>
      <BetaAgreementNotice agreement={beta} moduleName={moduleName} isClientUser={isClientUser} />
      {beta.dialog}
      {!connected && (
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
              {parts && ` (${parts})`}
            </Text>
          )}
        </Alert>
      )}
      <CampaignFilters
        filters={filters}
        onChange={(next) => setParams((p) => writeCampaignFilters(p, next))}
        search={list.search}
        onSearch={(search) => updateList({ search, page: 1 }, { replace: true })}
        clients={clients}
      />
      <PagedList query={query} onPage={(page) => updateList({ page })} testIdPrefix="campaign">
        <DataTable
          columns={columns}
          rows={query.data?.data}
          rowKey={(row) => row.leadspeekID}
          loading={query.isPending}
          emptyText="No Data"
          sort={list.sort}
          onSort={(key) => updateList({ sort: nextSort(list.sort, key), page: 1 })}
          testIdPrefix="campaign"
          rowTestId={(row) => `campaign-row-${row.leadspeek_api_id}`}
          minWidth={760}
        />
      </PagedList>
      {opened?.kind === 'wizard' && (
        <CampaignWizard
          module={module}
          moduleName={moduleName}
          campaignId={opened.campaignId}
          agency={isClientUser ? null : { id: user.company_id, clients: clientsWithModule }}
          ownClientId={isClientUser ? user.company_id : null}
          groups={groups}
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.kind === 'embed' && <EmbedPanel row={opened.row} onClose={() => setOpened(null)} />}
      {opened?.kind === 'prepaid' && (
        <PrepaidPanel
          row={opened.row}
          mayStop={may('campaigns.prepaidTopUp.stop')}
          mayRefund={may('campaigns.prepaidRefund')}
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.kind === 'report' && (
        <LeadReportModal
          opened
          onClose={() => setOpened(null)}
          {...reportScopeOf(user, opened.row)}
          // This page lists one lead module's campaigns: the row's module is that lead module.
          campaign={{ ...opened.row, leadspeekType: module }}
        />
      )}
    </Stack>
  );
}

export default CampaignManagementPage;
