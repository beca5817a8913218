import type { InvoiceSummary } from '@app/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { formatInvoiceAmount, formatLeadCount, formatUnitPrice } from './invoice-format';

/** What the invoice's reader is told beside its lines (the PDF's notes say the same). */
export function invoiceNote(invoice: Pick<InvoiceSummary, 'kind' | 'payer'>): string | null {
  if (invoice.kind === 'final')
    return 'Final invoice: the leads delivered since the last period, up to the stop.';
  if (invoice.kind === 'switch')
    return 'Manual bill turned on: the leads delivered since the last period, up to the switch.';
  if (invoice.payer === 'agency') return 'Manual bill: the agency pays the platform its wholesale.';
  return null;
}

/** An invoice's lines under its row: description, quantity, unit price, amount, and the total. */
export function InvoiceLines({ invoice }: { invoice: InvoiceSummary }) {
  const note = invoiceNote(invoice);
  return (
    <Stack gap={6} pl="lg" data-testid={`invoices-lines-${invoice.number}`}>
      <Text size="sm">
        Billed to <strong>{invoice.bill_to}</strong>
      </Text>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      <Table captionSide="top" withTableBorder verticalSpacing={6} maw={720}>
        <Table.Caption style={{ textAlign: 'start' }}>{`Lines of invoice ${invoice.number}`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col" ta="end">
              Quantity
            </Table.Th>
            <Table.Th scope="col" ta="end">
              Unit price
            </Table.Th>
            <Table.Th scope="col" ta="end">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  Nothing to bill in this period.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {invoice.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their place on the invoice is theirs
            <Table.Tr key={index}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="end">{formatLeadCount(line.quantity)}</Table.Td>
              <Table.Td ta="end">{formatUnitPrice(line.unit_price)}</Table.Td>
              <Table.Td ta="end">{formatInvoiceAmount(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td ta="end" fw={700}>
              {formatInvoiceAmount(invoice.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Stack>
  );
}
