import type { LeadReportRow } from '@app/contracts';
import { useMemo } from 'react';
import {
  type LeadFilters,
  type LeadPageRequest,
  type LeadReportSortKey,
  type LeadScope,
  useLeadReport,
} from '../../api/lead-reports';
import { DataTable } from '../data-list/data-table';
import { nextSort, PER_PAGE, type SortState } from '../data-list/list-state';
import { PagedList } from '../data-list/paged-list';
import { leadColumns } from './lead-columns';

/** A page of the report as the panel asks for it: spec 2 §9's 10 a page, the chosen sort. */
export const leadPageRequest = (
  page: number,
  sort: SortState<LeadReportSortKey> | null,
): LeadPageRequest => ({
  page,
  perPage: PER_PAGE,
  sort,
});

interface LeadsTableProps {
  scope: LeadScope;
  filters: LeadFilters;
  page: number;
  sort: SortState<LeadReportSortKey> | null;
  onPage: (page: number) => void;
  onSort: (sort: SortState<LeadReportSortKey> | null) => void;
  onOpen: (row: LeadReportRow) => void;
  /** Say what to do when nothing is there yet (differs for a campaign and a whole module). */
  emptyText: string;
}

/** The leads, 10 a page with five page links, sortable, each row opening the lead's detail. */
export function LeadsTable({
  scope,
  filters,
  page,
  sort,
  onPage,
  onSort,
  onOpen,
  emptyText,
}: LeadsTableProps) {
  const report = useLeadReport(scope, filters, leadPageRequest(page, sort));
  const rows = report.data?.data;
  // The rows' times in the zone the answer names (the view's), like its date fields and chart.
  const timeZone = report.data?.time_zone ?? 'UTC';
  const columns = useMemo(
    () => leadColumns(rows ?? [], { oneCampaign: scope.campaignID > 0, onOpen, timeZone }),
    [rows, scope.campaignID, onOpen, timeZone],
  );
  return (
    <PagedList query={report} onPage={onPage} testIdPrefix="lead-report">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.lead_id}
        loading={report.isPending && !report.isError}
        emptyText={emptyText}
        sort={sort}
        onSort={(key) => onSort(nextSort(sort, key))}
        testIdPrefix="lead-report"
        rowTestId={(row) => `lead-row-${row.lead_id}`}
        onRowClick={onOpen}
        caption="Leads"
        captionHidden
        minWidth={960}
      />
    </PagedList>
  );
}
