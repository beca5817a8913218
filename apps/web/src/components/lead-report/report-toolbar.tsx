import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { LeadExportFormat } from '../../api/lead-reports';
import { SearchBox } from '../data-list/search-box';
import { DownloadStatusText } from '../feedback/download-status';
import type { DownloadStatus } from '../feedback/use-file-download';
import { type DayRangeDraft, rangeError } from './lead-range';
import { zoneLabel } from './lead-rows';

/** The first and newest day with leads (from initdate): what the date fields show while left open. */
export interface InitDays {
  first: string | null;
  last: string | null;
  today: string;
  /** The view's time zone, and whose it is: one campaign's own, or the viewer's across campaigns. */
  timeZone: string;
  zoneOf: 'campaign' | 'viewer';
}

/** 'Dates and times in Central Time (America/Chicago), the campaign's time zone.' */
export function zoneNote(init: Pick<InitDays, 'timeZone' | 'zoneOf'>): string {
  const whose = init.zoneOf === 'campaign' ? "the campaign's time zone" : 'your time zone';
  return `Dates and times in ${zoneLabel(init.timeZone)}, ${whose}.`;
}

interface ReportToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  range: DayRangeDraft;
  onRange: (range: DayRangeDraft) => void;
  init: InitDays | null;
  download: { status: DownloadStatus; start: (format: LeadExportFormat) => void };
}

/**
 * Search, the date range and the downloads. A date left open shows the first day with leads (or
 * today) and is not sent, so the report covers every lead until a day is chosen; a range that is
 * not valid stays in the fields with its reason and is not applied.
 */
/** The report's two file formats, in the order the buttons stand. */
const DOWNLOADS: ReadonlyArray<{ format: LeadExportFormat; label: string }> = [
  { format: 'csv', label: 'Download CSV' },
  { format: 'xlsx', label: 'Download Excel' },
];

export function ReportToolbar({ search, onSearch, range, onRange, init, download }: ReportToolbarProps) {
  const error = rangeError(range);
  const shownStart = range.start || init?.first || '';
  const shownEnd = range.end || init?.today || '';
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchBox value={search} onSearch={onSearch} testId="lead-report-search" />
          <TextInput
            type="date"
            label="From"
            value={shownStart}
            max={shownEnd || undefined}
            onChange={(event) => onRange({ ...range, start: event.currentTarget.value })}
            error={error ?? undefined}
            data-testid="lead-report-start"
          />
          <TextInput
            type="date"
            label="To"
            value={shownEnd}
            min={shownStart || undefined}
            onChange={(event) => onRange({ ...range, end: event.currentTarget.value })}
            data-testid="lead-report-end"
          />
        </Group>
        <Group gap="sm" align="center">
          <DownloadStatusText status={download.status} testId="lead-download-status" />
          {DOWNLOADS.map(({ format, label }) => (
            <Button
              key={format}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={download.status === 'preparing' || error !== null}
              onClick={() => download.start(format)}
              data-testid={`lead-download-${format}`}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
      {init && (
        <Text size="sm" c="dimmed" data-testid="lead-report-zone">
          {zoneNote(init)}
        </Text>
      )}
    </Stack>
  );
}
