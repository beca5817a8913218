import { type LogCampaignOption, UNDER_PERFORM_MAX_CAMPAIGNS } from '@app/contracts';
import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type UnderPerformResponse, useUnderPerform } from '../../../api/reports';
import { BarChart } from '../../../components/charts';
import { LoadFailure } from '../../../components/data-list/load-failure';

/** The campaigns judged: running ones, not removed nor archived, at most the call's 100. */
export function runningCampaignIds(options: readonly LogCampaignOption[]): number[] {
  return options
    .filter((c) => c.status === 'running' && !c.removed && !c.archived)
    .slice(0, UNDER_PERFORM_MAX_CAMPAIGNS)
    .map((c) => c.id);
}

/** Today in a zone, yyyy-MM-dd. */
const todayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** The day before today in a zone, yyyy-MM-dd: the last whole day. */
export function yesterdayIn(timeZone: string, now: Date = new Date()): string {
  return new Date(Date.parse(`${todayIn(timeZone, now)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const BASIS_LABEL: Record<UnderPerformResponse['campaigns'][number]['basis'], string> = {
  minimum: 'its minimum per day',
  average: 'its 7-day average',
  none: 'not judged',
};

/**
 * Campaign performance on one day (spec 2 §6 get-under-perform-campaigns, decision 0094): leads on the
 * day beside what was expected of each running campaign, and the ones that fell short.
 */
export function CampaignPerformance({
  campaigns,
  timeZone,
}: {
  campaigns: readonly LogCampaignOption[];
  timeZone: string;
}) {
  const [day, setDay] = useState(() => yesterdayIn(timeZone));
  const ids = useMemo(() => runningCampaignIds(campaigns), [campaigns]);
  const judged = useUnderPerform(ids, day);
  const rows = judged.data?.campaigns ?? [];
  const under = rows.filter((c) => c.under_perform);
  const label = (c: { name: string; leadspeek_api_id: string }) => `${c.name} (#${c.leadspeek_api_id})`;

  return (
    <Stack gap="md" data-testid="campaign-performance">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>Campaign Performance</Title>
        <TextInput
          type="date"
          label="Day"
          value={day}
          max={todayIn(timeZone, new Date())}
          onChange={(event) => event.currentTarget.value && setDay(event.currentTarget.value)}
          w={180}
          data-testid="performance-day"
        />
      </Group>
      {judged.data && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
          {judged.data.rule}
        </Alert>
      )}
      {ids.length === 0 && <Text c="dimmed">No campaign is running.</Text>}
      {judged.isError && (
        <LoadFailure error={judged.error} onRetry={judged.refetch} testId="performance-error" />
      )}
      {judged.isPending && ids.length > 0 && <Loader size="sm" aria-label="Loading campaign performance" />}
      {rows.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <BarChart
            title={`Leads on ${day} and what was expected`}
            category="Campaign"
            integers={false}
            series={[
              { label: 'Leads', points: rows.map((c) => ({ x: label(c), value: c.leads_on_date })) },
              { label: 'Expected', points: rows.map((c) => ({ x: label(c), value: c.expected_leads ?? 0 })) },
            ]}
            testId="performance-chart"
          />
        </Paper>
      )}
      {judged.data && (
        <Stack gap="xs">
          <Text fw={600}>
            Under-performing <Badge color={under.length ? 'red' : 'green'}>{under.length}</Badge>
          </Text>
          {under.length === 0 ? (
            <Text c="dimmed" data-testid="performance-none">
              Every running campaign met what was expected on {day}.
            </Text>
          ) : (
            <Table data-testid="performance-under">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Leads</Table.Th>
                  <Table.Th>Expected</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {under.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{label(c)}</Table.Td>
                    <Table.Td>{c.leads_on_date}</Table.Td>
                    <Table.Td>{c.expected_leads}</Table.Td>
                    <Table.Td>{BASIS_LABEL[c.basis]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
