import type { RejectionCount } from '@app/contracts';
import { Table, Text } from '@mantine/core';
import { focusableScroll } from '../data-list/data-table';

/**
 * Why candidates were refused: one row per reason with its label and count, most first. A table
 * (not colours) carries the numbers, so it reads the same to everyone.
 */
export function RejectionsTable({
  reasons,
  caption,
  emptyText,
  testId,
}: {
  reasons: readonly RejectionCount[];
  caption: string;
  emptyText: string;
  testId: string;
}) {
  if (reasons.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  const sorted = [...reasons].sort((a, b) => b.count - a.count);
  return (
    <Table.ScrollContainer minWidth={320} scrollAreaProps={focusableScroll(caption)}>
      <Table striped captionSide="top" data-testid={testId}>
        <Table.Caption style={{ textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col" ta="end">
              Candidates
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={`${row.step}:${row.reason}`} data-testid={`${testId}-${row.reason}`}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="end">{row.count.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
