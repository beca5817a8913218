import { type InvoiceSummary, invoiceFileName } from '@app/contracts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { fetchInvoicePdf, useCompanyInvoices } from '../../api/invoices';
import { useHttp } from '../../app/boot/boot-context';
import { DataTable } from '../data-list/data-table';
import { pageInfoOfAnswer } from '../data-list/list-state';
import { PagedList } from '../data-list/paged-list';
import { DownloadStatusText } from '../feedback/download-status';
import { useFileDownload } from '../feedback/use-file-download';
import { invoiceColumns } from './invoice-columns';
import { InvoiceLines } from './invoice-lines';

export const INVOICES_EMPTY_TITLE = 'No invoices yet';
export const INVOICES_EMPTY_TEXT = 'Weekly and Monthly campaigns are invoiced at the end of each period.';

/**
 * The company's invoices (decision 0074) on its Billing History: 10 a page, newest first, each row
 * opening to its lines, and its PDF through the app's one download helper (spec 2 §8's texts).
 */
export function InvoicesPanel({ companyId }: { companyId: number }) {
  const http = useHttp();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const invoices = useCompanyInvoices(companyId, page);
  const pdf = useFileDownload('invoice-download');
  const data = invoices.data;

  const toggle = (invoice: InvoiceSummary) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(invoice.id)) next.add(invoice.id);
      return next;
    });
  const downloadPdf = async (invoice: InvoiceSummary) => {
    setDownloadingId(invoice.id);
    await pdf.download(() => fetchInvoicePdf(http, companyId, invoice.id), invoiceFileName(invoice.number));
    setDownloadingId(null);
  };
  const columns = invoiceColumns({
    isOpen: (invoice) => open.has(invoice.id),
    onToggle: toggle,
    onPdf: (invoice) => void downloadPdf(invoice),
    downloadingId,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="invoices-panel">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3} id={headingId}>
            Invoices
          </Title>
          <Text c="dimmed" size="sm">
            Invoices of Weekly and Monthly campaigns, newest first.
          </Text>
        </Stack>
        <DownloadStatusText status={pdf.status} testId="invoices-download-status" />
      </Group>
      {data?.total === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="invoices-empty">
          <Text fw={600}>{INVOICES_EMPTY_TITLE}</Text>
          <Text size="sm" c="dimmed">
            {INVOICES_EMPTY_TEXT}
          </Text>
        </Paper>
      ) : (
        <PagedList
          query={{ ...invoices, data: data && pageInfoOfAnswer(data) }}
          onPage={setPage}
          testIdPrefix="invoices"
        >
          <DataTable
            columns={columns}
            rows={data?.invoices}
            rowKey={(invoice) => invoice.id}
            loading={invoices.isPending}
            emptyText="No invoices on this page"
            testIdPrefix="invoices"
            rowTestId={(invoice) => `invoices-row-${invoice.number}`}
            renderBelow={(invoice) => (open.has(invoice.id) ? <InvoiceLines invoice={invoice} /> : null)}
            caption="Invoices"
            captionHidden
            minWidth={900}
          />
        </PagedList>
      )}
    </Stack>
  );
}
