import type { CampaignModule, LeadReportRow } from '@app/contracts';
import { Stack, Tabs } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  fetchLeadFile,
  type LeadExportFormat,
  type LeadFilters,
  type LeadReportSortKey,
  type LeadScope,
  useLeadInitDate,
} from '../../api/lead-reports';
import { useHttp } from '../../app/boot/boot-context';
import type { SortState } from '../data-list/list-state';
import { useFileDownload } from '../feedback/use-file-download';
import { LeadChartTab } from './lead-chart-tab';
import { LeadDetailModal } from './lead-detail-modal';
import { type DayRangeDraft, formatDay, rangeError } from './lead-range';
import { leadFileName } from './lead-rows';
import { LeadsTable } from './leads-table';
import { RejectionsTab } from './rejections-tab';
import { ReportToolbar } from './report-toolbar';

/** The campaign a report is about, as the campaign list has it. */
export interface ReportCampaign {
  leadspeekID: number;
  leadspeek_api_id: string;
  campaignName: string;
  leadspeekType: CampaignModule;
}

export interface LeadReportPanelProps {
  /** The agency, or the client itself when a client asks. */
  companyId: number;
  /** One client, or 0 for every client of the agency. */
  clientId: number;
  /** One campaign; without it the report covers every campaign in scope (of `moduleType`, if given). */
  campaign?: ReportCampaign;
  moduleType?: CampaignModule;
  /** Told when the panel's own dialog (a lead's detail) opens and closes, so a surrounding modal can stay put. */
  onDialogChange?: (open: boolean) => void;
}

const OPEN_RANGE: DayRangeDraft = { start: '', end: '' };

/** The scope and filters the panel's calls share (pure, so the tests can check what is asked). */
export function panelRequest(
  props: LeadReportPanelProps,
  search: string,
  range: DayRangeDraft,
): { scope: LeadScope; filters: LeadFilters } {
  const moduleType = props.campaign?.leadspeekType ?? props.moduleType;
  // A range being typed that is not valid yet is not applied: the last open bounds stay.
  const applied = rangeError(range) === null ? range : OPEN_RANGE;
  return {
    scope: {
      companyID: props.companyId,
      clientID: props.clientId,
      campaignID: props.campaign?.leadspeekID ?? 0,
    },
    filters: {
      ...(moduleType ? { moduleType } : {}),
      searchQuery: search,
      start: applied.start,
      end: applied.end,
    },
  };
}

/**
 * The lead report (spec 2 §7): the leads with what each party paid as far as the viewer may know,
 * searched, sorted, paged 10 at a time over a date range; each lead's detail; a campaign's refused
 * candidates by reason; leads and spend per day; the leads as CSV or Excel.
 */
export function LeadReportPanel(props: LeadReportPanelProps) {
  const http = useHttp();
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DayRangeDraft>(OPEN_RANGE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState<LeadReportSortKey> | null>(null);
  const [openLead, setOpenLead] = useState<number | null>(null);
  const { onDialogChange } = props;
  const openDetail = useCallback(
    (lead: number | null) => {
      setOpenLead(lead);
      onDialogChange?.(lead !== null);
    },
    [onDialogChange],
  );
  const [tab, setTab] = useState<string | null>('leads');
  const { scope, filters } = panelRequest(props, search, range);
  const init = useLeadInitDate(scope);
  const file = useFileDownload('lead-report-download');
  const onOpen = useCallback((row: LeadReportRow) => openDetail(row.lead_id), [openDetail]);

  const startDownload = (format: LeadExportFormat) => {
    const today = init.data?.data.today ?? formatDay(new Date());
    void file.download(
      () => fetchLeadFile(http, scope, filters, format),
      leadFileName(props.campaign?.leadspeek_api_id ?? null, today, format),
    );
  };
  const initDays = init.data
    ? {
        first: init.data.data.first_date,
        last: init.data.data.last_date,
        today: init.data.data.today,
        timeZone: init.data.data.time_zone,
        zoneOf: props.campaign ? ('campaign' as const) : ('viewer' as const),
      }
    : null;
  // One zone for the whole view (the server's): rows, date fields, chart and a lead's detail.
  const viewZone = initDays?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <Stack gap="md" data-testid="lead-report-panel">
      <ReportToolbar
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        range={range}
        onRange={(next) => {
          setRange(next);
          setPage(1);
        }}
        init={initDays}
        download={{ status: file.status, start: startDownload }}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="leads" data-testid="lead-tab-leads">
            Leads
          </Tabs.Tab>
          {props.campaign && (
            <Tabs.Tab value="rejections" data-testid="lead-tab-rejections">
              Rejections
            </Tabs.Tab>
          )}
          <Tabs.Tab value="chart" data-testid="lead-tab-chart">
            Chart
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="leads" pt="sm">
          <LeadsTable
            scope={scope}
            filters={filters}
            page={page}
            sort={sort}
            onPage={setPage}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            onOpen={onOpen}
            emptyText={
              props.campaign
                ? 'No leads yet. Leads appear here as soon as the campaign delivers them.'
                : 'No leads yet — create a campaign in Campaign Management.'
            }
          />
        </Tabs.Panel>
        {props.campaign && (
          <Tabs.Panel value="rejections" pt="sm">
            <RejectionsTab campaignID={props.campaign.leadspeekID} range={filters} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="chart" pt="sm">
          <LeadChartTab scope={scope} filters={filters} />
        </Tabs.Panel>
      </Tabs>
      <LeadDetailModal leadID={openLead} timeZone={viewZone} onClose={() => openDetail(null)} />
    </Stack>
  );
}
