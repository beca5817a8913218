import type { UserLogRow } from '@app/contracts';
import { Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useUserLogPage } from '../../api/user-logs';
import { type DataColumn, DataTable } from '../data-list/data-table';
import { PagedList } from '../data-list/paged-list';
import { DownloadStatusText } from '../feedback/download-status';
import { type CompanyOption, LogFilterDrawer } from './log-filter-drawer';
import {
  activeFilterCount,
  DESCRIPTION_PREVIEW,
  downloadFilter,
  initialLogFilters,
  type LogFilters,
  logRequest,
  truncateDescription,
} from './log-filters';
import { useLogDownload } from './use-log-download';

function formatLogDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const COLUMNS: DataColumn<UserLogRow>[] = [
  { id: 'name', label: 'Name', render: (row) => row.name },
  { id: 'type', label: 'Type', render: (row) => row.type_user },
  { id: 'location', label: 'Location', render: (row) => row.location },
  { id: 'ip', label: 'IP', render: (row) => row.user_ip },
  { id: 'action', label: 'Action', render: (row) => row.action },
  {
    id: 'description',
    label: 'Description',
    render: (row) =>
      row.description.length > DESCRIPTION_PREVIEW ? (
        <Tooltip label={row.description} multiline w={320} withinPortal zIndex={400}>
          <Text size="sm" span title={row.description}>
            {truncateDescription(row.description)}
          </Text>
        </Tooltip>
      ) : (
        row.description
      ),
  },
  { id: 'company', label: 'Company', render: (row) => row.company_name },
  { id: 'date', label: 'Date', render: (row) => formatLogDate(row.create_date) },
];

interface UserLogsModalProps {
  opened: boolean;
  onClose: () => void;
  /** Whose logs open first (an agency's include its clients'). */
  company: { id: number; name: string };
  /** The companies the filter offers (the company itself first). */
  companies: readonly CompanyOption[];
  title?: string;
}

/** Agency User's Logs (spec 2 §2, §3): rows, paging, the filter drawer and 'Download Data'. */
export function UserLogsModal({
  opened,
  onClose,
  company,
  companies,
  title = "Agency User's Logs",
}: UserLogsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="90rem" zIndex={300}>
      {opened && <UserLogsContent key={company.id} company={company} companies={companies} />}
    </Modal>
  );
}

function UserLogsContent({ company, companies }: Pick<UserLogsModalProps, 'company' | 'companies'>) {
  const defaults = useMemo(() => initialLogFilters(company.id), [company.id]);
  const [filters, setFilters] = useState<LogFilters>(defaults);
  const [page, setPage] = useState(1);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const logs = useUserLogPage(logRequest(filters, page));
  const download = useLogDownload();
  const active = activeFilterCount(filters, company.id);
  const options = companies.length > 0 ? companies : [{ value: String(company.id), label: company.name }];

  return (
    <Stack gap="sm" data-testid="user-logs-modal">
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={active > 0 ? <Badge size="xs">{active}</Badge> : null}
          onClick={() => setDrawerOpen(true)}
          data-testid="log-filter-open"
        >
          Filter
        </Button>
        <Group gap="sm">
          <DownloadStatusText status={download.status} testId="log-download-status" />
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.status === 'preparing'}
            onClick={() => void download.download(downloadFilter(filters))}
            data-testid="log-download"
          >
            Download Data
          </Button>
        </Group>
      </Group>
      <PagedList query={logs} onPage={setPage} testIdPrefix="logs">
        <DataTable
          columns={COLUMNS}
          rows={logs.data?.data}
          rowKey={(row) => row.id}
          loading={logs.isPending}
          emptyText="No Data"
          testIdPrefix="logs"
          rowTestId={(row) => `log-row-${row.id}`}
        />
      </PagedList>
      {/* The location table's licence (CC BY 4.0) asks for this credit where its data is shown. */}
      <Text size="xs">
        Locations from IP addresses:{' '}
        <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs">
          IP Geolocation by DB-IP
        </Anchor>
      </Text>
      <LogFilterDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        filters={filters}
        defaults={defaults}
        companies={options}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
          setDrawerOpen(false);
        }}
      />
    </Stack>
  );
}
