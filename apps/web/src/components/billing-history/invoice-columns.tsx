import type { InvoiceSummary } from '@app/contracts';
import { ActionIcon, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react';
import type { DataColumn } from '../data-list/data-table';
import {
  formatInvoiceAmount,
  formatInvoiceDate,
  formatInvoicePeriod,
  formatLeadCount,
  INVOICE_STATUS_COLOURS,
  invoiceLinesLabel,
  invoicePdfLabel,
} from './invoice-format';

export interface InvoiceColumnOptions {
  isOpen: (invoice: InvoiceSummary) => boolean;
  onToggle: (invoice: InvoiceSummary) => void;
  onPdf: (invoice: InvoiceSummary) => void;
  /** The invoice whose PDF is on its way (its button spins), or null. */
  downloadingId: number | null;
}

/** Numbers, days and periods stay on one line; the campaign's name takes what is left. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The Invoices table's columns: Number (with the button that opens the lines), Campaign, Period,
 * Leads, Total, Status (a badge that says the status in words), Issued, Paid, and the PDF button.
 */
export function invoiceColumns(options: InvoiceColumnOptions): DataColumn<InvoiceSummary>[] {
  return [
    {
      id: 'number',
      label: 'Number',
      render: (invoice) => {
        const open = options.isOpen(invoice);
        return (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={invoiceLinesLabel(invoice.number, open)}
              aria-expanded={open}
              onClick={() => options.onToggle(invoice)}
              data-testid={`invoices-expand-${invoice.number}`}
            >
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            </ActionIcon>
            <Stack gap={0}>
              <Text size="sm" fw={600} ff="monospace" style={NO_WRAP}>
                {invoice.number}
              </Text>
              {invoice.kind !== 'period' && (
                <Text size="xs" c="dimmed">
                  {invoice.kind === 'final' ? 'Final' : 'Manual bill on'}
                </Text>
              )}
            </Stack>
          </Group>
        );
      },
    },
    { id: 'campaign', label: 'Campaign', render: (invoice) => invoice.campaign },
    {
      id: 'period',
      label: 'Period',
      render: (invoice) => (
        <span style={NO_WRAP}>{formatInvoicePeriod(invoice.period_start, invoice.period_end)}</span>
      ),
    },
    {
      id: 'leads',
      label: 'Leads',
      render: (invoice) => (
        <Text size="sm" ta="right">
          {formatLeadCount(invoice.lead_count)}
        </Text>
      ),
    },
    {
      id: 'total',
      label: 'Total',
      render: (invoice) => (
        <Text size="sm" ta="right" fw={600}>
          {formatInvoiceAmount(invoice.total)}
        </Text>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      render: (invoice) => (
        <Badge
          variant="light"
          color={INVOICE_STATUS_COLOURS[invoice.status]}
          data-testid={`invoices-status-${invoice.number}`}
          data-status={invoice.status}
        >
          {invoice.status_label}
        </Badge>
      ),
    },
    {
      id: 'issued',
      label: 'Issued',
      render: (invoice) => <span style={NO_WRAP}>{formatInvoiceDate(invoice.issued_at)}</span>,
    },
    {
      id: 'paid',
      label: 'Paid',
      render: (invoice) =>
        invoice.paid_at ? (
          <span style={NO_WRAP}>{formatInvoiceDate(invoice.paid_at)}</span>
        ) : (
          <>
            <span aria-hidden>—</span>
            <VisuallyHidden>Not paid</VisuallyHidden>
          </>
        ),
    },
    {
      id: 'pdf',
      label: 'PDF',
      render: (invoice) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={options.downloadingId === invoice.id}
          onClick={() => options.onPdf(invoice)}
          aria-label={invoicePdfLabel(invoice.number)}
          data-testid={`invoices-pdf-${invoice.number}`}
        >
          PDF
        </Button>
      ),
    },
  ];
}
