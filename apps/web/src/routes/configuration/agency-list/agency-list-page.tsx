import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { type AgencyNode, useAgencyList } from '../../../api/agency-list';
import { failureMessage } from '../../../api/http';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { useSwitchUser } from '../../../app/session/view-mode';
import { AgencyTable } from './agency-table';
import { ListPager } from './list-pager';
import { nextSort, PER_PAGE } from './list-state';
import { switchTarget } from './row-actions';
import { SearchBox } from './search-box';
import { useListState } from './use-list-state';

/**
 * /configuration/agency-list (spec 2 §2, system users; the route guard keeps everyone else out): the
 * system's agencies, paginated, sortable and searchable, with page, sort and search in the URL. This
 * slice has the 'switch to user' row action; the other icons, the filters, expandable client rows and
 * the edit/add forms come with the rest of the agency list.
 */
export function AgencyListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const [state, update] = useListState();
  const list = useAgencyList(
    viewer && {
      // The system's own company: the root company, else (a root company itself) its own id.
      companyID: viewer.company_root_id || viewer.company_id,
      idsys: viewer.idsys,
      page: state.page,
      perPage: PER_PAGE,
      sort: state.sort,
      search: state.search,
    },
  );
  const switchUser = useSwitchUser();
  const switchingId = switchUser.isPending ? (switchUser.variables?.usrID ?? null) : null;

  // A page beyond the end (a stale link, or rows removed meanwhile) moves to the last page there is.
  const lastPage = list.data?.last_page;
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && state.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [lastPage, state.page, update]);

  if (!viewer) return <PageLoader label="Loading agencies" />;

  const switchTo = (node: AgencyNode) => switchUser.mutate(switchTarget(node));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Agency List</Title>
        <SearchBox
          value={state.search}
          onSearch={(search) => update({ search, page: 1 }, { replace: true })}
        />
      </Group>

      {switchUser.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="switch-user-error"
        >
          {failureMessage(switchUser.error)}
        </Alert>
      )}
      {list.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="agency-list-error"
        >
          <Group justify="space-between">
            <Text size="sm">{failureMessage(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        <AgencyTable
          viewer={viewer}
          rows={list.data?.data}
          loading={list.isPending}
          sort={state.sort}
          onSort={(key) => update({ sort: nextSort(state.sort, key), page: 1 })}
          onSwitch={switchTo}
          switchingId={switchingId}
        />
      </div>
      {list.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          Loading Data
        </Text>
      )}

      {list.data && <ListPager page={list.data} onPage={(page) => update({ page })} />}
    </Stack>
  );
}

export default AgencyListPage;
