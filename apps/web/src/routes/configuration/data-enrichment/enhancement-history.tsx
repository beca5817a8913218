import { COUNT_OUTCOME_LABELS, type CountHistoryType, type EnhancementCountRow } from '@app/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useCountHistory } from '../../../api/data-enrichment';
import { formatCreated } from '../../../components/data-list/data-table';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { OUTCOME_COLORS } from '../../campaigns/keyword-counts/keyword-count-model';
import { fieldLines } from './data-enrichment-model';

/** A campaign's enhancement counts of one type (or all), newest first: refreshed while one is pending. */
export function EnhancementHistory({ campaignId, type }: { campaignId: number; type: CountHistoryType }) {
  const history = useCountHistory(campaignId, type);
  if (history.isError)
    return <LoadFailure error={history.error} onRetry={history.refetch} testId="enrichment-history-error" />;
  const rows = history.data?.data;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="sm" data-testid="enrichment-history" captionSide="top">
        <Table.Caption style={{ textAlign: 'start' }}>History of counts</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Counted</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Audience</Table.Th>
            <Table.Th>Fields the vendor holds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows && (
            <Table.Tr>
              <Table.Td colSpan={5}>Loading Data</Table.Td>
            </Table.Tr>
          )}
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>No counts yet: queue one above.</Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            <HistoryRow key={row.id} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryRow({ row }: { row: EnhancementCountRow }) {
  return (
    <Table.Tr data-testid={`enrichment-row-${row.id}`}>
      <Table.Td>{formatCreated(row.counted_at ?? row.created_at)}</Table.Td>
      <Table.Td>{row.type_label}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Badge
            variant="light"
            color={OUTCOME_COLORS[row.outcome]}
            data-testid={`enrichment-status-${row.id}`}
          >
            {COUNT_OUTCOME_LABELS[row.outcome]}
          </Badge>
          {row.message && (
            <Text size="xs" c={row.outcome === 'failed' ? 'red' : 'dimmed'} maw={240}>
              {row.message}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{row.audience === null ? '—' : row.audience.toLocaleString('en-US')}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {fieldLines(row).map((line) => (
            <Text key={line.id} size="sm">
              {line.label}: {line.text}
            </Text>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
