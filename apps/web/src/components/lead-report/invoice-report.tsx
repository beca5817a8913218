import { type CampaignModule, DEFAULT_MODULE_NAMES } from '@app/contracts';
import { Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLeadInvoice } from '../../api/lead-reports';
import { focusableScroll } from '../data-list/data-table';
import { LoadFailure } from '../data-list/load-failure';
import { formatDollarText } from './lead-money';
import { type DayRangeDraft, monthToDate, rangeError } from './lead-range';

interface InvoiceReportProps {
  companyId: number;
  clientId: number;
  /** The module's name as the viewer's agency calls it. */
  moduleLabel?: (module: CampaignModule) => string;
}

const defaultLabel = (module: CampaignModule) => DEFAULT_MODULE_NAMES[module].name;

/**
 * The invoice report (spec 2 §7): what was charged per campaign between two days — the leads' prices
 * and the setup, period and prepaid charges — and the total. Opens on this month so far.
 */
export function InvoiceReport({ companyId, clientId, moduleLabel = defaultLabel }: InvoiceReportProps) {
  const [range, setRange] = useState<DayRangeDraft>(() => monthToDate(new Date()));
  const error = rangeError(range) ?? (range.start && range.end ? null : 'Choose both days.');
  const invoice = useLeadInvoice(companyId, clientId, error === null ? range : null);
  const data = invoice.data?.data;

  return (
    <Stack gap="sm" data-testid="invoice-report">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={range.start}
          max={range.end || undefined}
          onChange={(event) => setRange({ ...range, start: event.currentTarget.value })}
          error={error ?? undefined}
          data-testid="invoice-start"
        />
        <TextInput
          type="date"
          label="To"
          value={range.end}
          min={range.start || undefined}
          onChange={(event) => setRange({ ...range, end: event.currentTarget.value })}
          data-testid="invoice-end"
        />
      </Group>
      {invoice.isError && (
        <LoadFailure error={invoice.error} onRetry={invoice.refetch} testId="invoice-error" />
      )}
      {!data && !invoice.isError && error === null && (
        <Loader size="sm" aria-label="Loading invoice report" />
      )}
      {data && (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={focusableScroll('Charges per campaign')}>
          <Table striped captionSide="top" aria-busy={invoice.isFetching} data-testid="invoice-table">
            <Table.Caption style={{ textAlign: 'start' }}>
              Charges per campaign from {range.start} to {range.end}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Campaign</Table.Th>
                <Table.Th scope="col">Client</Table.Th>
                <Table.Th scope="col">Module</Table.Th>
                <Table.Th scope="col" ta="end">
                  Leads
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  Leads amount
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  Charges
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  Total
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" role="status" data-testid="invoice-empty">
                      Nothing was charged in this range.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.rows.map((row) => (
                <Table.Tr key={row.leadspeekID} data-testid={`invoice-row-${row.leadspeek_api_id}`}>
                  <Table.Td>
                    {row.campaign_name} ({row.leadspeek_api_id})
                  </Table.Td>
                  <Table.Td>{row.client_company_name}</Table.Td>
                  <Table.Td>{moduleLabel(row.module)}</Table.Td>
                  <Table.Td ta="end">{row.leads.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="end">{formatDollarText(row.leads_amount)}</Table.Td>
                  <Table.Td ta="end">{formatDollarText(row.charges_amount)}</Table.Td>
                  <Table.Td ta="end">{formatDollarText(row.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={6}>
                  Total
                </Table.Th>
                <Table.Td ta="end" fw={700} data-testid="invoice-total">
                  {formatDollarText(data.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
