import type { BadLine } from '@app/contracts';
import { List, Text } from '@mantine/core';

/** The rows an upload rejected, with their line numbers (the first 100 are kept; `total` counts all). */
export function BadLinesList({ lines, total }: { lines: readonly BadLine[]; total: number }) {
  return (
    <div data-testid="exclusion-bad-lines">
      <Text size="sm" fw={500}>
        Rejected rows
        {total > lines.length ? ` (the first ${lines.length} of ${total.toLocaleString('en-US')})` : ''}
      </Text>
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line.line}>
            Line {line.line}: {line.reason}
            {line.text ? ` — “${line.text}”` : ''}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
