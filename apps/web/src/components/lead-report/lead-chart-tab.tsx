import { Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type LeadFilters, type LeadScope, useLeadChart } from '../../api/lead-reports';
import { TrendChart } from '../charts';
import { LoadFailure } from '../data-list/load-failure';
import { formatChartCents, formatDollarText } from './lead-money';
import { zoneLabel } from './lead-rows';

const points = (series: readonly { date: string; value: number }[]) =>
  series.map((p) => ({ x: p.date, value: p.value }));

/** Leads and spend per day over the report's range and search (the server's 30 days when open). */
export function LeadChartTab({ scope, filters }: { scope: LeadScope; filters: LeadFilters }) {
  const chart = useLeadChart(scope, filters);
  if (chart.isError)
    return <LoadFailure error={chart.error} onRetry={chart.refetch} testId="lead-chart-error" />;
  if (!chart.data) return <Loader size="sm" aria-label="Loading chart" />;
  const { data } = chart.data;
  return (
    <Stack gap="sm" aria-busy={chart.isFetching}>
      <Group gap="lg">
        <Text size="sm" data-testid="lead-chart-total-leads">
          Leads: <strong>{data.total_leads.toLocaleString('en-US')}</strong>
        </Text>
        <Text size="sm" data-testid="lead-chart-total-spend">
          Spend: <strong>{formatDollarText(data.total_spend)}</strong>
        </Text>
        <Text size="sm" c="dimmed" data-testid="lead-chart-range">
          {data.range.start} to {data.range.end}, days in {zoneLabel(data.time_zone)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <TrendChart
          title="Leads per day"
          series={[{ label: 'Leads', points: points(data.leads) }]}
          empty="No leads in this range."
          testId="lead-chart-leads"
        />
        <TrendChart
          title="Spend per day"
          kind="area"
          series={[{ label: 'Spend', points: points(data.spend_cents) }]}
          format={formatChartCents}
          integers={false}
          empty="No spend in this range."
          testId="lead-chart-spend"
        />
      </SimpleGrid>
    </Stack>
  );
}
