import { moduleEntry } from '@app/contracts';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReportAnalyticsResponse } from '../../../api/reports';
import { BarChart, type ChartPoint, TrendChart } from '../../../components/charts';
import { CollectedMoneyPanel } from './collected-money-panel';
import { ACCOUNT_STATUS_LABELS, categoryLabel } from './report-labels';

export function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const n = (value: number) => value.toLocaleString('en-US');

const STATUS_LABELS = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  archived: 'Archived',
} as const;

/** The report's per-day values as chart points. */
const daily = (points: readonly { date: string; value: number }[]): ChartPoint[] =>
  points.map((p) => ({ x: p.date, value: p.value }));

/** One bar series from the report's rows. */
const bars = (label: string, rows: readonly { label: string; value: number }[]) => [
  { label, points: rows.map((row) => ({ x: row.label, value: row.value })) },
];

/** Summary figures and the charts of report analytics for the chosen range. */
export function AnalyticsPanel({ data }: { data: ReportAnalyticsResponse }) {
  const { totals, series } = data;
  const rangeHint = `in ${data.range.days} ${data.range.days === 1 ? 'day' : 'days'}`;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Agencies" value={n(totals.agencies)} hint="today" testId="report-total-agencies" />
        <StatCard label="Clients" value={n(totals.clients)} hint="today" testId="report-total-clients" />
        <StatCard label="Users" value={n(totals.users)} hint="today" testId="report-total-users" />
        <StatCard
          label="Active Users"
          value={n(totals.active_users)}
          hint={rangeHint}
          testId="report-active-users"
        />
        <StatCard
          label="New Agencies"
          value={n(totals.agencies_created)}
          hint={rangeHint}
          testId="report-new-agencies"
        />
        <StatCard
          label="New Clients"
          value={n(totals.clients_created)}
          hint={rangeHint}
          testId="report-new-clients"
        />
        <StatCard label="Sign-ins" value={n(totals.sign_ins)} hint={rangeHint} testId="report-sign-ins" />
        <StatCard label="Actions" value={n(totals.actions)} hint={rangeHint} testId="report-actions" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <TrendChart
            title="Sign-ins and active users per day"
            series={[
              { label: 'Sign-ins', points: daily(series.sign_ins) },
              { label: 'Active users', points: daily(series.active_users) },
            ]}
            testId="report-chart-activity"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <TrendChart
            title="New agencies and clients per day"
            series={[
              { label: 'Agencies', points: daily(series.agencies_created) },
              { label: 'Clients', points: daily(series.clients_created) },
            ]}
            testId="report-chart-growth"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <BarChart
            title="Agencies by payment account"
            category="Payment account"
            series={bars(
              'Agencies',
              data.agencies_by_account_status.map((row) => ({
                label: ACCOUNT_STATUS_LABELS[row.key],
                value: row.value,
              })),
            )}
            testId="report-chart-accounts"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <BarChart
            title="Agencies with the most clients"
            category="Agency"
            series={bars(
              'Clients',
              data.clients_per_agency.map((row) => ({ label: row.name, value: row.value })),
            )}
            empty="No agencies yet."
            testId="report-chart-clients"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <BarChart
            title="Actions by category"
            category="Category"
            series={bars(
              'Actions',
              data.actions_by_category.map((row) => ({ label: categoryLabel(row.key), value: row.value })),
            )}
            testId="report-chart-categories"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <BarChart
            title="Campaigns by module and status"
            category="Module"
            stacked
            series={(['active', 'paused', 'stopped', 'archived'] as const).map((status) => ({
              label: STATUS_LABELS[status],
              points: data.campaigns.by_module.map((row) => ({
                x: moduleEntry(row.module).defaultName,
                value: row[status],
              })),
            }))}
            empty="No campaigns yet."
            testId="report-chart-campaigns"
          />
        </Paper>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Campaigns" value={n(data.campaigns.total)} hint="today" testId="report-campaigns" />
        <StatCard
          label="Active Campaigns"
          value={n(data.campaigns.active)}
          hint={`${n(data.campaigns.paused)} paused, ${n(data.campaigns.stopped)} stopped`}
          testId="report-campaigns-active"
        />
        <StatCard label="Leads" value={n(data.leads.total)} hint={rangeHint} testId="report-leads" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <TrendChart
          title="Leads per day"
          series={[{ label: 'Leads', points: daily(data.leads.series) }]}
          testId="report-chart-leads"
        />
      </Paper>

      <Title order={3}>Collected Money</Title>
      <Alert color="green" variant="light" icon={<IconInfoCircle />} data-testid="report-money-basis">
        {data.money.note}
      </Alert>
      <CollectedMoneyPanel money={data.money} testId="report-money" />
    </Stack>
  );
}
