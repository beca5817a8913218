import { asCents, formatUsdCents, type ReconciliationRun } from '@app/contracts';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

const usd = (cents: number | null) => (cents === null ? '—' : formatUsdCents(asCents(cents)));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** One gateway's latest run: the totals of both sides, each payer's, and every difference with its operation. */
export function ReconciliationRunCard({ run }: { run: ReconciliationRun }) {
  const clean = run.difference_count === 0;
  const totals = run.gateway_totals;
  return (
    <Paper withBorder p="md" data-testid={`reconciliation-run-${run.gateway}`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Gateway: {run.gateway}</Title>
          <Text size="sm" c="dimmed">
            Run {new Date(run.ran_at).toLocaleString('en-US', { timeZone: 'UTC' })} UTC · {run.checked}{' '}
            gateway records checked
          </Text>
        </Group>
        {clean ? (
          <Alert color="green" icon={<IconCircleCheck />} data-testid="reconciliation-clean">
            0 differences: the ledger equals the gateway's records.
          </Alert>
        ) : (
          <Alert color="red" icon={<IconAlertTriangle />} data-testid="reconciliation-differences-count">
            {run.difference_count} {run.difference_count === 1 ? 'difference' : 'differences'}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Figure label="Gateway charges" value={usd(totals.charges_cents)} testId="gateway-charges" />
          <Figure label="Gateway refunds" value={usd(totals.refunds_cents)} testId="gateway-refunds" />
          <Figure label="Gateway transfers" value={usd(totals.transfers_cents)} testId="gateway-transfers" />
          <Figure label="Application fees" value={usd(totals.application_fees_cents)} testId="gateway-fees" />
          <Figure label="Gateway net (platform)" value={usd(totals.net_cents)} testId="gateway-net" />
          <Figure
            label="Ledger net (clearing)"
            value={usd(run.ledger_totals.net_cents)}
            testId="ledger-net"
          />
        </SimpleGrid>
        {!clean && (
          <Table striped data-testid="reconciliation-differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Difference</Table.Th>
                <Table.Th>Operation</Table.Th>
                <Table.Th>Gateway object</Table.Th>
                <Table.Th>Ours</Table.Th>
                <Table.Th>Gateway</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.differences.map((d) => (
                <Table.Tr key={`${d.kind}-${d.gateway_object_id}-${d.operation_key}`}>
                  <Table.Td>{d.label}</Table.Td>
                  <Table.Td>{d.operation_key ?? '—'}</Table.Td>
                  <Table.Td>{d.gateway_object_id ?? '—'}</Table.Td>
                  <Table.Td>{usd(d.ours_cents)}</Table.Td>
                  <Table.Td>{usd(d.gateway_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {run.parties.length > 0 && (
          <Table data-testid="reconciliation-parties">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payer</Table.Th>
                <Table.Th>Gateway</Table.Th>
                <Table.Th>Ledger</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.parties.map((p) => (
                <Table.Tr key={p.company_id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{usd(p.gateway_cents)}</Table.Td>
                  <Table.Td>{usd(p.ledger_cents)}</Table.Td>
                  <Table.Td>
                    {p.gateway_cents === p.ledger_cents ? (
                      <Badge color="green">Equal</Badge>
                    ) : (
                      <Badge color="red">Differs</Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
