import type { AgencyReportRow } from '@app/contracts';
import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type AgenciesReportParams, type AgencyReportSortKey, useAgenciesReport } from '../../../api/reports';
import { type DataColumn, DataTable, formatCreated } from '../../../components/data-list/data-table';
import { nextSort, PER_PAGE } from '../../../components/data-list/list-state';
import { PagedList } from '../../../components/data-list/paged-list';
import { SearchBox } from '../../../components/data-list/search-box';
import { useClampPage, useLocalListState } from '../../../components/data-list/use-list-state';
import { ACCOUNT_STATUS_LABELS } from './report-labels';
import { formatMonth } from './report-range';

const n = (value: number) => value.toLocaleString('en-US');

const COLUMNS: DataColumn<AgencyReportRow, AgencyReportSortKey>[] = [
  { id: 'company', label: 'Company Name', sortKey: 'company_name', render: (r) => r.company_name },
  { id: 'owner', label: 'Full Name', sortKey: 'full_name', render: (r) => r.full_name },
  { id: 'email', label: 'E-mail', sortKey: 'email', render: (r) => r.email },
  { id: 'clients', label: 'Clients', sortKey: 'clients', render: (r) => n(r.clients) },
  { id: 'users', label: 'Users', sortKey: 'users', render: (r) => n(r.users) },
  { id: 'new-clients', label: 'New Clients (month)', render: (r) => n(r.clients_created_in_month) },
  { id: 'sign-ins', label: 'Sign-ins (month)', render: (r) => n(r.sign_ins_in_month) },
  {
    id: 'last-login',
    label: 'Last Sign-in',
    sortKey: 'last_login',
    render: (r) => (r.last_login ? formatCreated(r.last_login) : 'Never'),
  },
  {
    id: 'account',
    label: 'Payment Account',
    render: (r) => (
      <Group gap={4}>
        <Badge size="sm" variant="light" color={r.account_status === 'completed' ? 'green' : 'gray'}>
          {ACCOUNT_STATUS_LABELS[r.account_status]}
        </Badge>
        {r.payment_failed && (
          <Badge size="sm" variant="light" color="red">
            Payment failed
          </Badge>
        )}
        {r.manual_bill && (
          <Badge size="sm" variant="light">
            Manual bill
          </Badge>
        )}
      </Group>
    ),
  },
  { id: 'card', label: 'Card', render: (r) => (r.card_on_file ? 'On file' : 'None') },
  {
    id: 'api',
    label: 'Open API',
    render: (r) => (r.api_key_generated ? 'Key generated' : r.api_mode ? 'Enabled' : 'Off'),
  },
  { id: 'created', label: 'Created', sortKey: 'created_at', render: (r) => formatCreated(r.created_at) },
];

const CARD_OPTIONS = [
  { value: 'all', label: 'Any card status' },
  { value: 'with', label: 'Card on file' },
  { value: 'without', label: 'No card' },
];
/** Decision 0094: active = one of the agency's clients has a running campaign. */
const CAMPAIGN_OPTIONS = [
  { value: 'all', label: 'Any campaign status' },
  { value: 'active', label: 'A campaign running' },
  { value: 'inactive', label: 'No campaign running' },
];
const API_OPTIONS = [
  { value: 'all', label: 'Any API status' },
  { value: 'enabled', label: 'Developer mode on' },
  { value: 'generated', label: 'API key generated' },
  { value: 'disabled', label: 'Developer mode off' },
];

/** The agencies report (root company only): paging, sorting, search, filters and the month's figures. */
export function AgenciesReport() {
  const [state, update] = useLocalListState<AgencyReportSortKey>();
  const [month, setMonth] = useState(() => formatMonth(new Date()));
  const [cardStatus, setCardStatus] = useState<AgenciesReportParams['cardStatus']>('all');
  const [campaignStatus, setCampaignStatus] = useState<AgenciesReportParams['campaignStatus']>('all');
  const [openApiStatus, setOpenApiStatus] = useState<AgenciesReportParams['openApiStatus']>('all');
  const query = useAgenciesReport({
    page: state.page,
    perPage: PER_PAGE,
    sort: state.sort,
    search: state.search,
    cardStatus,
    campaignStatus,
    openApiStatus,
    month,
  });
  useClampPage(state, query.data?.last_page, update);

  return (
    <Stack gap="sm" data-testid="agencies-report">
      <Title order={3}>Agencies Report</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchBox
          value={state.search}
          onSearch={(search) => update({ search, page: 1 })}
          testId="agencies-report-search"
        />
        <TextInput
          type="month"
          label="Month"
          value={month}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (/^\d{4}-\d{2}$/.test(value)) {
              setMonth(value);
              update({ page: 1 });
            }
          }}
          data-testid="agencies-report-month"
        />
        <Select
          label="Card"
          data={CARD_OPTIONS}
          value={cardStatus}
          allowDeselect={false}
          onChange={(value) => {
            setCardStatus((value ?? 'all') as AgenciesReportParams['cardStatus']);
            update({ page: 1 });
          }}
          w={170}
          data-testid="agencies-report-card"
        />
        <Select
          label="Campaigns"
          data={CAMPAIGN_OPTIONS}
          value={campaignStatus}
          allowDeselect={false}
          onChange={(value) => {
            setCampaignStatus((value ?? 'all') as AgenciesReportParams['campaignStatus']);
            update({ page: 1 });
          }}
          w={200}
          data-testid="agencies-report-campaigns"
        />
        <Select
          label="Open API"
          data={API_OPTIONS}
          value={openApiStatus}
          allowDeselect={false}
          onChange={(value) => {
            setOpenApiStatus((value ?? 'all') as AgenciesReportParams['openApiStatus']);
            update({ page: 1 });
          }}
          w={190}
          data-testid="agencies-report-api"
        />
      </Group>
      <PagedList query={query} onPage={(page) => update({ page })} testIdPrefix="agencies-report">
        <DataTable
          columns={COLUMNS}
          rows={query.data?.data}
          rowKey={(row) => row.id}
          loading={query.isPending}
          emptyText="No Data"
          sort={state.sort}
          onSort={(key) => update({ sort: nextSort(state.sort, key), page: 1 })}
          testIdPrefix="agencies-report"
          rowTestId={(row) => `agencies-report-row-${row.id}`}
          minWidth={900}
          dense
        />
      </PagedList>
      {query.data && (
        <Text size="xs" c="dimmed">
          Monthly columns count {query.data.month}.
        </Text>
      )}
    </Stack>
  );
}
