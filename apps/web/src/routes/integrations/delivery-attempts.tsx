import type { DeliveryView } from '@app/contracts';
import { Badge, Code, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useDeliveryAttempts } from '../../api/integrations';
import { focusableScroll } from '../../components/data-list/data-table';
import { ATTEMPT_OUTCOME_BADGES, formatWhen, hasPending, POLL_MS } from './integration-model';

/** Every attempt of one delivery: when, how it ended, the receiver's answer and what was sent. */
export function DeliveryAttempts({ companyId, delivery }: { companyId: number; delivery: DeliveryView }) {
  const pending = hasPending([delivery]);
  const attempts = useDeliveryAttempts(companyId, delivery.id, pending ? POLL_MS : false);
  const rows = attempts.data?.data ?? [];
  // The console's poll saw the delivery move on (another attempt, a final status): read the attempts again.
  const seen = useRef(`${delivery.attempts}:${delivery.status}`);
  const { refetch } = attempts;
  useEffect(() => {
    const now = `${delivery.attempts}:${delivery.status}`;
    if (seen.current === now) return;
    seen.current = now;
    void refetch();
  }, [delivery.attempts, delivery.status, refetch]);
  const label = `Attempts of delivery ${delivery.id}`;
  if (attempts.isPending)
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading attempts…
      </Text>
    );
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" role="status" data-testid={`delivery-attempts-${delivery.id}`}>
        {pending
          ? 'No attempt yet: the delivery is queued and goes out shortly.'
          : 'No attempt was recorded.'}
      </Text>
    );
  return (
    <Stack gap={4} data-testid={`delivery-attempts-${delivery.id}`}>
      <Table.ScrollContainer minWidth={720} scrollAreaProps={focusableScroll(label)}>
        <Table fz="xs" verticalSpacing={4} captionSide="top" withTableBorder>
          <Table.Caption style={{ textAlign: 'start' }}>{label}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">Time</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
              <Table.Th scope="col">HTTP status</Table.Th>
              <Table.Th scope="col">Latency (ms)</Table.Th>
              <Table.Th scope="col">Error</Table.Th>
              <Table.Th scope="col">Request</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => {
              const outcome = ATTEMPT_OUTCOME_BADGES[a.outcome];
              return (
                <Table.Tr key={a.attempt} data-testid={`delivery-attempt-${delivery.id}-${a.attempt}`}>
                  <Table.Td>{a.attempt}</Table.Td>
                  <Table.Td>{formatWhen(a.at)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={outcome.colour} variant="light">
                      {outcome.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{a.http_status ?? '—'}</Table.Td>
                  <Table.Td>{a.latency_ms.toLocaleString('en-US')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.error ?? '—'}</Table.Td>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.request}</Code>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
