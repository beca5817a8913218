import { AGREEMENT_DOWNLOAD_FAILED, dataWalletFileName } from '@app/contracts';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { agreementDownloadLink, fetchDataWalletCsv, useDataWallet } from '../../../api/agreements';
import { failureMessage } from '../../../api/http';
import { DownloadStatusText } from '../../../components/feedback/download-status';
import { notifyFailure } from '../../../components/feedback/feedback';
import { useFileDownload } from '../../../components/feedback/use-file-download';
import { useHttp } from '../../boot/boot-context';

/** Spec 2 §9: the history month is YYYY-MM, the current month by default. */
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

const TYPE_LABELS = { topup: 'Top-up', charge: 'Charge', other: 'Other' } as const;

/**
 * The Data Wallet as it is today (decision 0034): the balance of the agency's wallet in the ledger and
 * that month's lines. Top-ups (presets, custom amount, continual top-up) come with the next issue, so
 * none of their controls is shown.
 */
export function DataWalletModal({
  opened,
  onClose,
  companyId,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  userId: number;
}) {
  const [month, setMonth] = useState(thisMonth);
  const wallet = useDataWallet(companyId, month, opened);
  const http = useHttp();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  // Spec 2 §2: the month's transaction history "with download", a CSV from the ledger.
  const csv = useFileDownload('data-wallet-download');
  // The accepted billing agreement as a PDF, through its single-use link (decision 0034).
  const downloadAgreement = async () => {
    setDownloading(true);
    try {
      const { url } = await agreementDownloadLink(http, userId, 'service-billing-agreement');
      onClose();
      void navigate(url);
    } catch {
      notifyFailure(AGREEMENT_DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Data Wallet" size="lg" data-testid="data-wallet-modal">
      <Stack gap="md">
        {wallet.isError ? (
          <Alert color="red" variant="light" role="alert">
            {failureMessage(wallet.error)}
          </Alert>
        ) : (
          <Group justify="space-between" align="flex-end">
            <div>
              <Text size="sm" c="dimmed">
                Balance
              </Text>
              <Title order={2} size="h3" data-testid="data-wallet-balance">
                {wallet.data ? `$${wallet.data.balance_amount}` : '…'}
              </Title>
            </div>
            <TextInput
              type="month"
              label="Month"
              value={month}
              onChange={(event) => event.currentTarget.value && setMonth(event.currentTarget.value)}
              data-testid="data-wallet-month"
            />
          </Group>
        )}
        <Text size="sm" c="dimmed">
          Top-ups of the Data Wallet are not available yet; the balance and history come from your account's
          ledger.
        </Text>
        <Group justify="space-between" align="center">
          <Title order={3} size="h5">
            Transaction history
          </Title>
          <Group gap="sm">
            <DownloadStatusText status={csv.status} testId="data-wallet-download-status" />
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={csv.status === 'preparing'}
              disabled={!wallet.data}
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
          <Table striped aria-label="Data Wallet transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wallet.data?.transaction_history.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" data-testid="data-wallet-empty">
                      No transactions in {month}.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {wallet.data?.transaction_history.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{new Date(row.created_at).toLocaleDateString('en-US')}</Table.Td>
                  <Table.Td>{row.title}</Table.Td>
                  <Table.Td>{TYPE_LABELS[row.transaction_type]}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>${row.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconFileDownload size={18} aria-hidden />}
            loading={downloading}
            onClick={() => void downloadAgreement()}
            data-testid="data-wallet-agreement-download"
          >
            Download billing agreement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
