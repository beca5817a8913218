import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { LeadExportFormat } from '../../api/lead-reports';
import { SearchBox } from '../data-list/search-box';
import { DOWNLOAD_TEXTS, type DownloadStatus } from '../feedback/use-file-download';
import { type DayRangeDraft, rangeError } from './lead-range';

/** The first and newest day with leads (from initdate): what the date fields show while left open. */
export interface InitDays {
  first: string | null;
  last: string | null;
  today: string;
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
export function ReportToolbar({ search, onSearch, range, onRange, init, download }: ReportToolbarProps) {
  const error = rangeError(range);
  const shownStart = range.start || init?.first || '';
  const shownEnd = range.end || init?.today || '';
  return (
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
        {download.status !== 'idle' && (
          <Text
            size="sm"
            c={download.status === 'done' ? 'green.8' : download.status === 'preparing' ? 'dimmed' : 'red.8'}
            role="status"
            data-testid="lead-download-status"
          >
            {DOWNLOAD_TEXTS[download.status]}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={download.status === 'preparing' || error !== null}
          onClick={() => download.start('csv')}
          data-testid="lead-download-csv"
        >
          Download CSV
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={download.status === 'preparing' || error !== null}
          onClick={() => download.start('xlsx')}
          data-testid="lead-download-xlsx"
        >
          Download Excel
        </Button>
      </Group>
    </Group>
  );
}
