import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One dimmed line across a table's columns ('Loading Data', 'No roles yet.'). */
export function NoticeRow({
  colSpan,
  children,
  testId,
  role,
}: {
  colSpan: number;
  children: ReactNode;
  testId?: string;
  role?: 'status';
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="sm" c="dimmed" role={role} data-testid={testId}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
