import {
  DATA_WALLET_HISTORY_MAX_LINES,
  type DataWalletHistory,
  dataWalletFileName,
  formatUsdText,
} from '@app/contracts';
import { Button, Group, ScrollArea, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { fetchDataWalletCsv } from '../../../api/data-wallet';
import { DownloadStatusText } from '../../../components/feedback/download-status';
import { useFileDownload } from '../../../components/feedback/use-file-download';
import { useHttp } from '../../boot/boot-context';

const TYPE_LABELS = { topup: 'Top-up', charge: 'Charge', other: 'Other' } as const;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US');

/**
 * The wallet's history (spec 2 §2, §9): a month (YYYY-MM, the current month when the wallet opens),
 * its lines in a list that scrolls within 320px — top-ups with the date they lapse — and the month's
 * download as CSV.
 */
export function WalletHistory({
  companyId,
  month,
  onMonth,
  history,
}: {
  companyId: number;
  month: string;
  onMonth: (month: string) => void;
  history: DataWalletHistory | undefined;
}) {
  const http = useHttp();
  const csv = useFileDownload('data-wallet-download');
  const lines = history?.transaction_history ?? [];
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          Transaction history
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="month"
            label="Month"
            value={month}
            onChange={(event) => event.currentTarget.value && onMonth(event.currentTarget.value)}
            data-testid="data-wallet-month"
          />
          <DownloadStatusText status={csv.status} testId="data-wallet-download-status" />
          <Button
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={csv.status === 'preparing'}
            disabled={!month}
            onClick={() =>
              void csv.download(() => fetchDataWalletCsv(http, companyId, month), dataWalletFileName(month))
            }
            data-testid="data-wallet-download"
          >
            Download {month}
          </Button>
        </Group>
      </Group>
      <ScrollArea h={320} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Transaction history' }}>
        <Table striped aria-label="Data Wallet transactions" data-testid="data-wallet-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              <Table.Th>Expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history && lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" data-testid="data-wallet-empty">
                    No transactions in {month}.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((row) => (
              <Table.Tr key={row.id} data-testid="data-wallet-line">
                <Table.Td>{day(row.created_at)}</Table.Td>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>{TYPE_LABELS[row.transaction_type]}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {row.transaction_type === 'topup' ? '+' : '−'}
                  {formatUsdText(row.amount)}
                </Table.Td>
                <Table.Td>{row.expired_at ? day(row.expired_at) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {history && history.total_lines > lines.length && (
        <Text size="xs" c="dimmed">
          The first {DATA_WALLET_HISTORY_MAX_LINES} of {history.total_lines} lines; the download has them all.
        </Text>
      )}
    </>
  );
}
