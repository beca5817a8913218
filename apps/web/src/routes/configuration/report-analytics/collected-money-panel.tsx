import { asCents, COLLECTED_SOURCE_LABELS, COLLECTED_SOURCES, formatUsdCents } from '@app/contracts';
import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { CollectedMoney } from '../../../api/reports';
import { formatSignedUsd } from '../../../components/billing-history/billing-format';
import { BarChart } from '../../../components/charts';
import { moneySeries, moneyTitle } from './collected-money';

const PERIOD_HEADING = { day: 'Day', week: 'Week from', month: 'Month from' } as const;

/**
 * Collected money of a range (decision 0083): a stacked bar per period, one colour per source
 * (refunds below zero), and beside it each source's total and the grand total — the sums of what
 * the chart draws.
 */
export function CollectedMoneyPanel({ money, testId }: { money: CollectedMoney; testId: string }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg" data-testid={testId}>
      <Paper withBorder radius="md" p="md" style={{ gridColumn: 'span 2' }}>
        <BarChart
          title={moneyTitle(money)}
          layout="vertical"
          stacked
          series={moneySeries(money)}
          category={PERIOD_HEADING[money.period]}
          // Plotted in cents so no amount becomes a float.
          format={(cents) => formatUsdCents(asCents(Math.round(cents)))}
          empty="No money collected in this range."
          testId={`${testId}-chart`}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} mb="xs">
          Collected by source
        </Text>
        <Table aria-label="Collected by source" data-testid={`${testId}-sources`}>
          <Table.Tbody>
            {COLLECTED_SOURCES.map((source) => (
              <Table.Tr key={source} data-source={source}>
                <Table.Td>{COLLECTED_SOURCE_LABELS[source]}</Table.Td>
                <Table.Td ta="right">{formatSignedUsd(money.by_source[source])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total collected</Table.Th>
              <Table.Th ta="right" data-testid={`${testId}-total`}>
                {formatSignedUsd(money.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
    </SimpleGrid>
  );
}
