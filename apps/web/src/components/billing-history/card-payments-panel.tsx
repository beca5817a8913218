import type { CardPayment } from '@app/contracts';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useCardPayments } from '../../api/card-payments';
import { type DataColumn, DataTable } from '../data-list/data-table';
import { pageInfoOfAnswer } from '../data-list/list-state';
import { PagedList } from '../data-list/paged-list';
import { formatPostedAt, formatSignedUsd } from './billing-format';

export const CARD_PAYMENTS_EMPTY = 'No card payments yet';

/** A badge colour per status; the badge always says the status too, so colour is never alone. */
const STATUS_COLOURS: Record<CardPayment['status'], string> = {
  succeeded: 'green',
  failed: 'red',
  pending: 'yellow',
};
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const columns: DataColumn<CardPayment>[] = [
  {
    id: 'date',
    label: 'Date',
    render: (p) => <span style={NO_WRAP}>{formatPostedAt(p.created_at)}</span>,
  },
  {
    id: 'description',
    label: 'Item',
    render: (p) => (
      <Stack gap={0}>
        <Text size="sm">{p.description}</Text>
        {p.failure && (
          <Text size="xs" c="red">
            {p.failure}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'reference',
    label: 'Payment reference',
    render: (p) => (
      <Text size="xs" ff="monospace">
        {p.reference ?? '—'}
      </Text>
    ),
  },
  {
    id: 'status',
    label: 'Status',
    render: (p) => (
      <Badge variant="light" color={STATUS_COLOURS[p.status]} data-status={p.status}>
        {p.status_label}
      </Badge>
    ),
  },
  {
    id: 'amount',
    label: 'Amount',
    render: (p) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600} style={NO_WRAP}>
          {formatSignedUsd(p.amount)}
        </Text>
        {p.refund && (
          <Text
            size="xs"
            c="dimmed"
            style={NO_WRAP}
            title={formatPostedAt(p.refund.refunded_at)}
            data-testid={`card-payments-refund-${p.id}`}
          >
            Refunded {formatSignedUsd(p.refund.amount)}
          </Text>
        )}
      </Stack>
    ),
  },
];

/**
 * Every charge made to the company's card, whole, newest first (decision 0091): what a client paid
 * its agency, which the ledger statement above does not hold (it keeps the platform's books), and
 * under a charge's amount what refunds gave back to the card from it.
 */
export function CardPaymentsPanel({ companyId }: { companyId: number }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const payments = useCardPayments(companyId, page);
  const data = payments.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="card-payments-panel">
      <Stack gap={2}>
        <Title order={3} id={headingId}>
          Card payments
        </Title>
        <Text c="dimmed" size="sm">
          Every charge made to this company's card, in full, newest first.
        </Text>
      </Stack>
      {data?.total === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="card-payments-empty">
          <Text fw={600}>{CARD_PAYMENTS_EMPTY}</Text>
        </Paper>
      ) : (
        <PagedList
          query={{ ...payments, data: data && pageInfoOfAnswer(data) }}
          onPage={setPage}
          testIdPrefix="card-payments"
        >
          <DataTable
            columns={columns}
            rows={data?.payments}
            rowKey={(p) => p.id}
            loading={payments.isPending}
            emptyText="No card payments on this page"
            testIdPrefix="card-payments"
            rowTestId={(p) => `card-payments-row-${p.id}`}
            caption="Card payments"
            captionHidden
            minWidth={800}
          />
        </PagedList>
      )}
    </Stack>
  );
}
