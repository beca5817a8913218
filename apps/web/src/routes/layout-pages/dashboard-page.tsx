import { asCents, centsToDollars, formatUsdCents } from '@app/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BarChart, DonutChart } from '../../components/charts';
import { LoadFailure } from '../../components/data-list/load-failure';
import { Figure } from '../simplifi/figure';
import { formatCentsValue } from '../simplifi/report-model';
import {
  budgetUsedBarValue,
  formatCount,
  formatPercentText,
  PACING_COLORS,
  pacingState,
  pacingText,
} from '../simplifi/simplifi-format';
import type { SimplifiScreen } from '../simplifi/use-simplifi-screen';
import { LayoutPageFrame } from './layout-page-frame';
import { statusCounts, topCampaigns, totalsOf } from './overview-model';
import { MAX_CAMPAIGNS, useAllSimplifiCampaigns } from './use-all-simplifi-campaigns';

/**
 * /dashboard: the ad platform's overview for an agency running display ads (or a client's own):
 * campaigns running, impressions, clicks, CTR and spend to date over every Simplifi campaign, this
 * period's budgets against what is left of them, the top campaigns by spend with their pacing, a
 * chart of their spend and the campaigns by state.
 */
export function DashboardPage() {
  return (
    <LayoutPageFrame label="Loading dashboard">{(screen) => <Overview screen={screen} />}</LayoutPageFrame>
  );
}

function Overview({ screen }: { screen: SimplifiScreen }) {
  const all = useAllSimplifiCampaigns(screen);
  const totals = totalsOf(all.rows, all.statsOf);
  const top = topCampaigns(all.rows, all.statsOf);
  const remaining = centsToDollars(totals.remaining);
  const budget = centsToDollars(totals.periodBudget);
  return (
    <Stack gap="lg" data-testid="simplifi-dashboard">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>{`${screen.moduleName} Dashboard`}</Title>
          <Text size="sm" c="dimmed">
            {screen.isClientUser ? 'Your display advertising' : "Your clients' display advertising"} at a
            glance
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/campaign" variant="default">
            All campaigns
          </Button>
          {screen.may('campaigns.create') && screen.connected && (
            <Button component={Link} to="/campaign-setup" leftSection={<IconPlus size={16} />}>
              New Campaign
            </Button>
          )}
        </Group>
      </Group>
      {all.error !== null && (
        <LoadFailure error={all.error} onRetry={all.refetch} testId="simplifi-dashboard-error" />
      )}
      {all.error !== null ? null : all.loading ? (
        <Loader size="sm" aria-label="Loading campaigns" />
      ) : (
        <>
          {all.total > all.rows.length && (
            <Text size="sm" c="dimmed">
              The figures cover the newest {formatCount(MAX_CAMPAIGNS)} of {formatCount(all.total)} campaigns.
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label="Campaigns" value={formatCount(totals.campaigns)} testId="dashboard-campaigns" />
            <Figure label="Running" value={formatCount(totals.running)} testId="dashboard-running" />
            <Figure
              label="Impressions"
              value={formatCount(totals.impressions)}
              testId="dashboard-impressions"
            />
            <Figure label="Clicks" value={formatCount(totals.clicks)} testId="dashboard-clicks" />
            <Figure label="CTR" value={formatPercentText(totals.ctr)} />
            <Figure label="Spend to date" value={formatUsdCents(totals.spend)} testId="dashboard-spend" />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>Budgets this period</Text>
                <Text size="sm" data-testid="dashboard-budget-left">
                  {totals.periodBudget > 0
                    ? `${formatUsdCents(totals.remaining)} left of ${formatUsdCents(totals.periodBudget)}`
                    : 'No budget bought yet: a campaign buys its monthly budget when it is activated.'}
                </Text>
              </Group>
              <Progress
                value={budgetUsedBarValue(remaining, budget)}
                size="lg"
                aria-label="Share of this period's budgets used"
              />
            </Stack>
          </Paper>
          <TopCampaigns top={top} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BarChart
              title="Spend to date of the top campaigns"
              series={[
                { label: 'Spend', points: top.map((t) => ({ x: t.row.campaignName, value: t.spend })) },
              ]}
              format={formatCentsValue}
              integers={false}
              category="Campaign"
              empty="No campaign has spent yet."
              testId="dashboard-chart-spend"
            />
            <DonutChart
              title="Campaigns by state"
              slices={statusCounts(all.rows)}
              centre={formatCount(totals.campaigns)}
              empty="No campaign yet."
              testId="dashboard-chart-states"
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function TopCampaigns({ top }: { top: ReturnType<typeof topCampaigns> }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Top campaigns</Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped captionSide="top" data-testid="dashboard-top">
          <Table.Caption>The campaigns that spent most to date</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Impressions</Table.Th>
              <Table.Th>Clicks</Table.Th>
              <Table.Th>CTR</Table.Th>
              <Table.Th>Spend</Table.Th>
              <Table.Th>Pacing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {top.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed">
                    No campaign has figures yet.{' '}
                    <Anchor component={Link} to="/campaign-setup">
                      Set up a campaign
                    </Anchor>
                    .
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              top.map(({ row, stats, spend }) => (
                <Table.Tr key={row.leadspeekID}>
                  <Table.Td>
                    <Anchor component={Link} to={`/campaign?search=${row.leadspeek_api_id}`}>
                      {row.campaignName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.client_company_name}</Table.Td>
                  <Table.Td>{formatCount(stats.totals.impressions)}</Table.Td>
                  <Table.Td>{formatCount(stats.totals.clicks)}</Table.Td>
                  <Table.Td>{formatPercentText(stats.totals.ctr)}</Table.Td>
                  <Table.Td>{formatUsdCents(asCents(spend))}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={PACING_COLORS[pacingState(stats.pacing)]}>
                      {pacingText(stats.pacing)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export default DashboardPage;
