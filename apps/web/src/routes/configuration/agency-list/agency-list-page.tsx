import { AGENCY_SORT_KEYS, type AgencyListFilter, type SessionUser } from '@app/contracts';
import { isSalesUser, mayReadList } from '@app/policy';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { type ManagedNode, useUserList } from '../../../api/agency-list';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { useUrlParams } from '../../../app/routing/use-url-params';
import { useSwitchUser } from '../../../app/session/view-mode';
import { groupSegment } from '../../../components/company-group/company-group';
import { useSelectedCompanyGroup } from '../../../components/company-group/selected-group';
import { nextSort, PER_PAGE } from '../../../components/data-list/list-state';
import { PagedList } from '../../../components/data-list/paged-list';
import { SearchBox } from '../../../components/data-list/search-box';
import { useClampPage, useUrlListState } from '../../../components/data-list/use-list-state';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { useListPermissions } from '../../../components/managed-list/use-list-permissions';
import { useLogCompanies } from '../../../components/user-logs/use-log-companies';
import { UserLogsModal } from '../../../components/user-logs/user-logs-modal';
import { AddAgencyForm } from './add-agency-form';
import { AgencyFilterPopover } from './agency-filter-popover';
import {
  type AgencyNarrowing,
  offeredExclusions,
  offeredFilters,
  readFilters,
  readNarrowing,
  writeFilters,
  writeNarrowing,
} from './agency-filters';
import { AgencyTable } from './agency-table';
import { salesDownlineOf, switchTarget } from './row-actions';
import { SetCostModal } from './set-cost-modal';
import { SetPackageModal } from './set-package-modal';
import { SetSalesModal } from './set-sales-modal';

/**
 * /configuration/agency-list (spec 2 §2; system users, sales included; the route guard keeps everyone
 * else out): the system's agencies (a sales user's own, through the sales downline), sortable,
 * searchable, filterable and paged with the state in the URL; rows expand to their clients, open their
 * edit and add-client forms, and carry the row icons of spec 2 §6.
 */
export function AgencyListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  if (!viewer) return <PageLoader label="Loading agencies" />;
  return <AgencyList viewer={viewer} />;
}

function useAgencyFilters(viewer: SessionUser) {
  const [params, setParams] = useUrlParams();
  const offered = useMemo(() => offeredFilters(viewer), [viewer]);
  const chosen = useMemo(() => readFilters(params, offered), [params, offered]);
  const exclusions = useMemo(() => offeredExclusions(offered), [offered]);
  const narrowing = useMemo(() => readNarrowing(params, exclusions), [params, exclusions]);
  // A new filter starts from the first page.
  const write = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) =>
      setParams((current) => {
        const next = change(current);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const choose = useCallback(
    (filters: AgencyListFilter[]) => write((current) => writeFilters(current, filters)),
    [write],
  );
  const narrow = useCallback(
    (next: AgencyNarrowing) => write((current) => writeNarrowing(current, next)),
    [write],
  );
  return { offered, chosen, choose, exclusions, narrowing, narrow };
}

interface LogsTarget {
  id: number;
  name: string;
  isAgency: boolean;
}

function AgencyList({ viewer }: { viewer: SessionUser }) {
  const [state, update] = useUrlListState(AGENCY_SORT_KEYS);
  const filters = useAgencyFilters(viewer);
  const group = groupSegment(useSelectedCompanyGroup());
  // The system's own company: the root company, else (a root company itself) its own id.
  const systemCompanyID = viewer.company_root_id || viewer.company_id;
  const list = useUserList({
    companyID: systemCompanyID,
    idsys: viewer.idsys,
    userType: 'userdownline',
    group,
    page: state.page,
    perPage: PER_PAGE,
    sort: state.sort,
    search: state.search,
    filters: filters.chosen,
    cardStatus: filters.narrowing.card,
    campaignStatus: filters.narrowing.campaigns,
    exclude: filters.narrowing.exclude,
    salesUserId: salesDownlineOf(viewer),
  });
  useClampPage(state, list.data?.last_page, update);

  const { actor, may } = useSessionPermissions();
  const permissions = useListPermissions();
  // Agencies are added by those who read the system's agency list (its staff, not sales, who see
  // their own agencies through the sales downline) and may create people.
  const canAddAgency =
    actor !== null &&
    mayReadList(actor, 'agencies', { id: systemCompanyID, isRoot: true }) &&
    may('users.create');
  const [adding, setAdding] = useState(false);

  const switchUser = useSwitchUser();
  const switchingId = switchUser.isPending ? (switchUser.variables?.usrID ?? null) : null;

  const [logsFor, setLogsFor] = useState<LogsTarget | null>(null);
  const logCompanies = useLogCompanies(logsFor, viewer.idsys);
  const [salesFor, setSalesFor] = useState<ManagedNode | null>(null);
  const [costFor, setCostFor] = useState<ManagedNode | null>(null);
  const [packageFor, setPackageFor] = useState<ManagedNode | null>(null);

  const handlers = {
    onLogs: (node: ManagedNode) =>
      setLogsFor({ id: node.company_id, name: node.company_name, isAgency: node.user_type !== 'client' }),
    onSetSales: setSalesFor,
    onSetCost: setCostFor,
    onSetPackage: setPackageFor,
    onSwitch: (node: ManagedNode) => switchUser.mutate(switchTarget(node)),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Agency List</Title>
        <Group gap="sm" align="flex-end">
          {filters.offered.length > 0 && !isSalesUser(viewer) && (
            <AgencyFilterPopover
              offered={filters.offered}
              chosen={filters.chosen}
              onChange={filters.choose}
              exclusions={filters.exclusions}
              narrowing={filters.narrowing}
              onNarrow={filters.narrow}
            />
          )}
          <SearchBox
            value={state.search}
            onSearch={(search) => update({ search, page: 1 }, { replace: true })}
            testId="agency-search"
          />
          {canAddAgency && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding((open) => !open)}
              data-testid="add-agency"
            >
              Add Agency
            </Button>
          )}
        </Group>
      </Group>

      {adding && canAddAgency && (
        <AddAgencyForm viewer={viewer} parentCompanyID={systemCompanyID} onClose={() => setAdding(false)} />
      )}

      {switchUser.isError && <FailureAlert error={switchUser.error} testId="switch-user-error" />}

      <PagedList query={list} onPage={(page) => update({ page })} testIdPrefix="agency">
        <AgencyTable
          viewer={viewer}
          rows={list.data?.data}
          loading={list.isPending}
          sort={state.sort}
          onSort={(key) => update({ sort: nextSort(state.sort, key), page: 1 })}
          parentCompanyID={systemCompanyID}
          permissions={permissions}
          billingSwitches={may('agencies.billingSwitches')}
          handlers={handlers}
          switchingId={switchingId}
        />
      </PagedList>

      <UserLogsModal
        opened={logsFor !== null}
        onClose={() => setLogsFor(null)}
        company={logsFor ?? { id: 0, name: '' }}
        companies={logCompanies}
      />
      <SetSalesModal agency={salesFor} companyID={systemCompanyID} onClose={() => setSalesFor(null)} />
      <SetPackageModal agency={packageFor} onClose={() => setPackageFor(null)} />
      {costFor && (
        <SetCostModal
          companyId={costFor.company_id}
          companyName={costFor.company_name}
          canSave={may('settings.platformPrices')}
          opened
          onClose={() => setCostFor(null)}
        />
      )}
    </Stack>
  );
}

export default AgencyListPage;
