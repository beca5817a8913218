import { COUNT_OUTCOME_LABELS, type KeywordCountRow, type KeywordCountSortKey } from '@app/contracts';
import { Badge, Button, Checkbox, Stack, Text } from '@mantine/core';
import { type DataColumn, formatCreated } from '../../../components/data-list/data-table';
import { countText, OUTCOME_COLORS, targetLocationText } from './keyword-count-model';

/**
 * The keyword count table's columns (spec 2 §2): a pick box (counts with a result can be applied to
 * a campaign), No, Target Location, Keyword, Keyword Found, Historical Count (sortable), Status
 * (with Retry on a failed count, the heavy-usage text on a delayed one), Created.
 */
export function keywordCountColumns(options: {
  /** The row number of the page's first row. */
  firstNumber: number;
  rows: readonly KeywordCountRow[];
  picked: ReadonlySet<number>;
  onPick: (row: KeywordCountRow, picked: boolean) => void;
  mayRetry: boolean;
  retrying: number | null;
  onRetry: (row: KeywordCountRow) => void;
}): DataColumn<KeywordCountRow, KeywordCountSortKey>[] {
  const numberOf = (row: KeywordCountRow) => options.firstNumber + options.rows.indexOf(row);
  return [
    {
      id: 'pick',
      label: 'Pick',
      render: (row) => (
        <Checkbox
          aria-label={`Pick ${row.keyword}`}
          checked={options.picked.has(row.id)}
          disabled={row.outcome !== 'success'}
          onChange={(e) => options.onPick(row, e.currentTarget.checked)}
          data-testid={`keyword-count-pick-${row.id}`}
        />
      ),
    },
    { id: 'no', label: 'No', render: (row) => numberOf(row) },
    {
      id: 'location',
      label: 'Target Location',
      render: (row) => {
        const { label, detail } = targetLocationText(row);
        return (
          <Stack gap={0}>
            <Text size="sm">{label}</Text>
            {detail && (
              <Text size="xs" c="dimmed" lineClamp={2} title={detail}>
                {detail}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      id: 'keyword',
      label: 'Keyword',
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.keyword}
        </Text>
      ),
    },
    { id: 'found', label: 'Keyword Found', render: (row) => countText(row.count) },
    {
      id: 'historical',
      label: 'Historical Count',
      sortKey: 'count_without_geo',
      render: (row) => countText(row.count_without_geo),
    },
    {
      id: 'status',
      label: 'Status',
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <Badge
            variant="light"
            color={OUTCOME_COLORS[row.outcome]}
            data-testid={`keyword-count-status-${row.id}`}
          >
            {COUNT_OUTCOME_LABELS[row.outcome]}
          </Badge>
          {row.from_history && (
            <Text size="xs" c="dimmed">
              From the last 7 days
            </Text>
          )}
          {row.message && (
            <Text size="xs" c={row.outcome === 'failed' ? 'red' : 'dimmed'} maw={260}>
              {row.message}
            </Text>
          )}
          {row.retryable && options.mayRetry && (
            <Button
              size="compact-xs"
              variant="light"
              loading={options.retrying === row.id}
              onClick={() => options.onRetry(row)}
              data-testid={`keyword-count-retry-${row.id}`}
            >
              Retry
            </Button>
          )}
        </Stack>
      ),
    },
    // Newest first unless Historical Count sorts the table (spec 2 §2: its one sortable column).
    { id: 'created', label: 'Created', render: (row) => formatCreated(row.created_at) },
  ];
}
