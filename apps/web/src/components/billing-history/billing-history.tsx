import type { BillingAccountKind, BillingLine } from '@app/contracts';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type BillingFilter, fetchBillingCsv, type PartyRef, useBillingHistory } from '../../api/billing';
import { useHttp } from '../../app/boot/boot-context';
import { type DataColumn, DataTable } from '../data-list/data-table';
import { PagedList } from '../data-list/paged-list';
import { DownloadStatusText } from '../feedback/download-status';
import { useFileDownload } from '../feedback/use-file-download';
import {
  billingFileName,
  formatPostedAt,
  formatSignedUsd,
  recentMonths,
  signedCentsOf,
} from './billing-format';

const ALL_MONTHS = 'all';
/** How far back the month filter reaches (the whole history stays one choice away: 'All months'). */
const MONTHS_OFFERED = 24;

const COLUMNS: DataColumn<BillingLine>[] = [
  { id: 'date', label: 'Date', render: (line) => formatPostedAt(line.posted_at) },
  {
    id: 'item',
    label: 'Item',
    render: (line) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {line.title}
        </Text>
        <Text size="xs" c="dimmed">
          {line.description}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'gateway',
    label: 'Payment reference',
    render: (line) =>
      line.gateway ? (
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" color={line.gateway.name === 'Sandbox' ? 'orange' : 'blue'}>
            {line.gateway.name}
          </Badge>
          <Text size="xs" ff="monospace">
            {line.gateway.object_id}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          —
        </Text>
      ),
  },
  {
    id: 'amount',
    label: 'Amount',
    render: (line) => (
      // The sign says it; a colour would not keep its contrast in both schemes.
      <Text size="sm" ta="right" fw={signedCentsOf(line.amount) < 0 ? undefined : 600}>
        {formatSignedUsd(line.amount)}
      </Text>
    ),
  },
  {
    id: 'balance',
    label: 'Balance',
    render: (line) => (
      <Text size="sm" ta="right">
        {formatSignedUsd(line.balance)}
      </Text>
    ),
  },
];

const accountKey = (a: { kind: string; reference: string }) => `${a.kind}|${a.reference}`;

/**
 * A party's billing history (decision 0035): its accounts with their balances, one account's lines
 * a page of 10 at a time with the running balance, a month filter and the CSV download. Amounts
 * are the ledger's, shown on each account's normal side (a charge then its payment: + then −).
 */
export function BillingHistory({ party }: { party: PartyRef }) {
  const http = useHttp();
  const [filter, setFilter] = useState<BillingFilter>({ account: null, month: null });
  const [page, setPage] = useState(1);
  const history = useBillingHistory(party, filter, page);
  const csv = useFileDownload('billing-download');
  const months = useMemo(() => recentMonths(new Date(), MONTHS_OFFERED), []);
  const data = history.data;
  const account = data?.account ?? null;

  const choose = (next: Partial<BillingFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <Stack gap="md" data-testid="billing-history">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Select
            label="Account"
            data={(data?.accounts ?? []).map((a) => ({ value: accountKey(a), label: a.label }))}
            value={account ? accountKey(account) : null}
            onChange={(value) => {
              const picked = data?.accounts.find((a) => accountKey(a) === value);
              if (picked)
                choose({ account: { kind: picked.kind as BillingAccountKind, reference: picked.reference } });
            }}
            allowDeselect={false}
            disabled={!data || data.accounts.length === 0}
            placeholder="No accounts yet"
            w={260}
            data-testid="billing-account"
          />
          <Select
            label="Month"
            data={[{ value: ALL_MONTHS, label: 'All months' }, ...months]}
            value={filter.month ?? ALL_MONTHS}
            onChange={(value) => choose({ month: value && value !== ALL_MONTHS ? value : null })}
            allowDeselect={false}
            w={200}
            data-testid="billing-month"
          />
        </Group>
        <Group gap="sm">
          <DownloadStatusText status={csv.status} testId="billing-download-status" />
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={csv.status === 'preparing'}
            disabled={!account}
            onClick={() =>
              void csv.download(
                () => fetchBillingCsv(http, party, { ...filter, account }),
                billingFileName(data?.party.name ?? '', account?.kind ?? 'none', filter.month),
              )
            }
            data-testid="billing-download"
          >
            Download CSV
          </Button>
        </Group>
      </Group>

      {data && account && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Figure label={`${account.label}: balance now`} value={account.balance} testId="billing-balance" />
          <Figure
            label={filter.month ? 'Balance at the start of the month' : 'Opening balance'}
            value={data.opening_balance}
            testId="billing-opening"
          />
          <Figure
            label={filter.month ? 'Balance at the end of the month' : 'Closing balance'}
            value={data.closing_balance}
            testId="billing-closing"
          />
        </SimpleGrid>
      )}

      <PagedList query={history} onPage={setPage} testIdPrefix="billing">
        <DataTable
          columns={COLUMNS}
          rows={data?.data}
          rowKey={(line) => line.id}
          loading={history.isPending}
          emptyText={
            data && data.accounts.length === 0
              ? party.type === 'company'
                ? 'No account statement yet: what was charged to the card is under Card payments.'
                : 'No billing history yet'
              : filter.month
                ? 'Nothing in this month'
                : 'No Data'
          }
          testIdPrefix="billing"
          rowTestId={(line) => `billing-line-${line.id}`}
          minWidth={760}
        />
      </PagedList>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {formatSignedUsd(value)}
      </Text>
    </Paper>
  );
}
