import { formatUsdCents } from '@app/contracts';
import { Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailure } from '../../components/data-list/load-failure';
import { formatCount } from '../simplifi/simplifi-format';
import type { SimplifiScreen } from '../simplifi/use-simplifi-screen';
import { LayoutPageFrame } from './layout-page-frame';
import { type ClientSummary, clientSummaries } from './overview-model';
import { useAllSimplifiCampaigns } from './use-all-simplifi-campaigns';

/**
 * /client: the advertised clients — the agency's clients with the ad platform on, or with display
 * campaigns — each with its campaigns (running of all), impressions, clicks, spend to date and the
 * budget left this period, linking to its campaigns. A client sees its own line.
 */
export function ClientPage() {
  return <LayoutPageFrame label="Loading clients">{(screen) => <Clients screen={screen} />}</LayoutPageFrame>;
}

function Clients({ screen }: { screen: SimplifiScreen }) {
  const all = useAllSimplifiCampaigns(screen);
  const { user, isClientUser, allClients } = screen;
  const withModule = isClientUser
    ? [{ id: user.company_id, name: user.company_name }]
    : (allClients.data?.data ?? [])
        .filter((c) => c.selected_modules.some((m) => m.type === 'simplifi' && m.status))
        .map((c) => ({ id: c.company_id, name: c.company_name }));
  const summaries = clientSummaries(withModule, all.rows, all.statsOf);
  const loading = (all.loading || (!isClientUser && allClients.isPending)) && all.error === null;
  return (
    <Stack gap="md" data-testid="simplifi-clients">
      <Stack gap={0}>
        <Title order={2}>Advertised Clients</Title>
        <Text size="sm" c="dimmed">
          Who your {screen.moduleName} campaigns advertise, and how their ads are doing.
        </Text>
      </Stack>
      {all.error !== null && (
        <LoadFailure error={all.error} onRetry={all.refetch} testId="simplifi-clients-error" />
      )}
      {allClients.isError && (
        <LoadFailure
          error={allClients.error}
          onRetry={allClients.refetch}
          testId="simplifi-client-list-error"
        />
      )}
      {all.error !== null || allClients.isError ? null : loading ? (
        <Loader size="sm" aria-label="Loading clients" />
      ) : (
        <ClientTable rows={summaries} />
      )}
      {!isClientUser && (
        <Text size="sm" c="dimmed">
          A client advertises here once the module is on for it (Client Management, its modules).
        </Text>
      )}
    </Stack>
  );
}

function ClientTable({ rows }: { rows: ClientSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped captionSide="top" data-testid="simplifi-client-table">
        <Table.Caption>Clients and their display campaigns</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Campaigns</Table.Th>
            <Table.Th>Impressions</Table.Th>
            <Table.Th>Clicks</Table.Th>
            <Table.Th>Spend to date</Table.Th>
            <Table.Th>Budget left this period</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  No client advertises with this module yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((c) => (
              <Table.Tr key={c.clientId} data-testid={`simplifi-client-${c.clientId}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/campaign?client=${c.clientId}`}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{formatCount(c.campaigns)}</Text>
                    {c.running > 0 && (
                      <Badge variant="light" color="green">
                        {formatCount(c.running)} running
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatCount(c.impressions)}</Table.Td>
                <Table.Td>{formatCount(c.clicks)}</Table.Td>
                <Table.Td>{formatUsdCents(c.spend)}</Table.Td>
                <Table.Td>{formatUsdCents(c.remaining)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default ClientPage;
