import type { LeadReportRow } from '@app/contracts';
import { Anchor, Text } from '@mantine/core';
import type { LeadReportSortKey } from '../../api/lead-reports';
import type { DataColumn } from '../data-list/data-table';
import { formatPerLeadPrice } from './lead-money';
import {
  addressText,
  formatLeadTime,
  leadName,
  NOT_GIVEN,
  phoneText,
  visiblePriceColumns,
} from './lead-rows';

type LeadColumn = DataColumn<LeadReportRow, LeadReportSortKey>;

/**
 * The lead report's columns for this page: the campaign and client only when the report spans
 * several campaigns, and each party's price only when the viewer may see it.
 */
export function leadColumns(
  rows: readonly LeadReportRow[],
  options: { oneCampaign: boolean; onOpen: (row: LeadReportRow) => void; timeZone: string },
): LeadColumn[] {
  const prices = visiblePriceColumns(rows);
  const columns: (LeadColumn | false)[] = [
    {
      id: 'created_at',
      label: 'Date',
      sortKey: 'created_at',
      render: (row) => formatLeadTime(row.created_at, options.timeZone),
    },
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          // A button centres its text; a name that wraps should line up with the other cells.
          ta="left"
          onClick={(event) => {
            // The row's own click opens the same lead; one opening is enough.
            event.stopPropagation();
            options.onOpen(row);
          }}
          aria-label={`Lead details: ${leadName(row)}`}
          data-testid={`lead-open-${row.lead_id}`}
        >
          {leadName(row)}
        </Anchor>
      ),
    },
    { id: 'email', label: 'E-mail', sortKey: 'email', render: (row) => row.email || NOT_GIVEN },
    {
      id: 'phone',
      label: 'Phone',
      render: (row) =>
        row.phone_hidden ? (
          <Text size="sm" c="dimmed" span data-testid={`lead-phone-hidden-${row.lead_id}`}>
            {phoneText(row)}
          </Text>
        ) : (
          phoneText(row)
        ),
    },
    { id: 'address', label: 'Address', render: (row) => addressText(row) },
    !options.oneCampaign && {
      id: 'campaign_name',
      label: 'Campaign',
      sortKey: 'campaign_name',
      render: (row) => `${row.campaign_name} (${row.leadspeek_api_id})`,
    },
    !options.oneCampaign && { id: 'client', label: 'Client', render: (row) => row.client_company_name },
    {
      id: 'client_price',
      label: 'Client price',
      sortKey: 'client_price',
      render: (row) => formatPerLeadPrice(row.prices.client_price),
    },
    prices.wholesale && {
      id: 'wholesale',
      label: 'Wholesale',
      render: (row) => (row.prices.wholesale === null ? NOT_GIVEN : formatPerLeadPrice(row.prices.wholesale)),
    },
    prices.rootFee && {
      id: 'root_fee',
      label: 'Root fee',
      render: (row) => (row.prices.root_fee === null ? NOT_GIVEN : formatPerLeadPrice(row.prices.root_fee)),
    },
  ];
  return columns.filter((column): column is LeadColumn => column !== false);
}
