import {
  asCents,
  asMicros,
  formatUsdCents,
  formatUsdMicros,
  type RootFeeStatementWire,
  type RootFeeSystem,
} from '@app/contracts';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useReceivingAccountLink } from '../../../api/root-fees';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';

const usd = (cents: number) => formatUsdCents(asCents(cents));
const STATUS_COLORS = { due: 'orange', paid: 'green', failed: 'red', nothing_due: 'gray' } as const;
const ACCOUNT_TEXTS: Record<string, string> = {
  '': "No receiving account is connected: statements stay due until the master system's owner connects one.",
  pending: 'The receiving account is waiting for its onboarding to be completed.',
  inverification: 'The receiving account is being verified.',
  completed: 'The receiving account is connected.',
  failed: 'The receiving account was not accepted.',
};

/** The statement's setup and period fees: "1 setup fee $20.00, 2 period fees $22.00", or a dash. */
function feesText(statement: RootFeeStatementWire): string {
  if (statement.fee_lines.length === 0) return '—';
  return statement.fee_lines
    .map((f) => {
      const word = f.kind === 'setup_fee' ? 'setup fee' : 'period fee';
      return `${f.count} ${word}${f.count === 1 ? '' : 's'} ${usd(f.amount_cents)}`;
    })
    .join(', ');
}

/** When a refused transfer is tried again, in UTC as the statements' months are. */
const attemptTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * Where the master's receiving account stands, and (for the master's owners, who name its bank
 * account) the link that connects it.
 */
function ReceivingAccount({ system, view }: { system: RootFeeSystem; view: 'paying' | 'master' }) {
  const link = useReceivingAccountLink();
  const { status, payouts_enabled } = system.receiving_account;
  const ready = status === 'completed' && payouts_enabled;
  const go = async () => {
    const answer = await link.mutateAsync(system.system_id).catch(() => null);
    if (answer) window.location.assign(answer.url);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Alert color={ready ? 'green' : 'yellow'} data-testid="root-fees-receiving-account">
        {ready ? ACCOUNT_TEXTS.completed : (ACCOUNT_TEXTS[status] ?? status)}
      </Alert>
      {link.isError && <FailureAlert error={link.error} testId="root-fees-link-error" />}
      {view === 'master' && !ready && status !== 'failed' && (
        <Button onClick={go} loading={link.isPending} data-testid="root-fees-connect">
          {status === '' ? 'Connect the receiving account' : 'Continue onboarding'}
        </Button>
      )}
    </Stack>
  );
}

/** One paying system: what it owes now, the receiving account, and its statements month by month. */
export function RootFeeSystemCard({ system, view }: { system: RootFeeSystem; view: 'paying' | 'master' }) {
  return (
    <Paper withBorder p="md" data-testid={`root-fees-system-${system.system_id}`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{view === 'master' ? system.system_name : 'Owed to the master system'}</Title>
          <Text fw={600} data-testid="root-fees-owed">
            Owed now: {usd(system.owed_cents)}
          </Text>
        </Group>
        <ReceivingAccount system={system} view={view} />
        {system.statements.length === 0 ? (
          <Text size="sm" data-testid="root-fees-no-statements">
            No month has been stated yet.
          </Text>
        ) : (
          <Table striped data-testid="root-fees-statements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Leads</Table.Th>
                <Table.Th>Root fee per lead</Table.Th>
                <Table.Th>Setup and period fees</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Transfer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {system.statements.map((s) => (
                <Table.Tr key={s.month} data-testid={`root-fees-month-${s.month}`}>
                  <Table.Td>{s.month}</Table.Td>
                  <Table.Td>{s.lead_count}</Table.Td>
                  <Table.Td>
                    {s.lines.length === 0
                      ? '—'
                      : s.lines
                          .map((l) => `${l.leads} × ${formatUsdMicros(asMicros(l.unit_price_micros))}`)
                          .join(', ')}
                  </Table.Td>
                  <Table.Td>{feesText(s)}</Table.Td>
                  <Table.Td>{usd(s.amount_cents)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <Badge color={STATUS_COLORS[s.status]} title={s.failure ?? undefined}>
                        {s.status_label}
                      </Badge>
                      {s.next_attempt_at && (
                        <Text size="xs" data-testid="root-fees-next-attempt">
                          Next attempt: {attemptTime(s.next_attempt_at)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{s.transfer_id ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
