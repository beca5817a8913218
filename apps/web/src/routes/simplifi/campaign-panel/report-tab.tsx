import type { SimplifiReport } from '@app/contracts';
import { Button, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { fetchSimplifiReportFile, useSimplifiReport } from '../../../api/simplifi';
import { useHttp } from '../../../app/boot/boot-context';
import { BarChart, TrendChart } from '../../../components/charts';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { DownloadStatusText } from '../../../components/feedback/download-status';
import { useFileDownload } from '../../../components/feedback/use-file-download';
import { Figure } from '../figure';
import { adSpendSeries, clickSeries, formatCentsValue, impressionSeries, spendSeries } from '../report-model';
import {
  DEFAULT_REPORT_RANGE,
  RANGE_OPTIONS,
  type ReportRange,
  reportFileName,
  reportQuery,
  reportRangeError,
  type SimplifiDateRange,
} from '../report-range';
import { formatCount, formatMoney, formatPercentText } from '../simplifi-format';

const DOWNLOADS = [
  { format: 'csv', label: 'Download CSV' },
  { format: 'xlsx', label: 'Download Excel' },
] as const;

/**
 * The campaign's report (`campaign-reports/{campaign_id}`): a range (today, yesterday, last 7 / 30
 * days, this month, custom), the totals, impressions and clicks per day, spend per day, the ads'
 * figures, and the same report as a CSV or Excel file.
 */
export function ReportTab({ campaignId, apiId }: { campaignId: number; apiId: string }) {
  const http = useHttp();
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const error = reportRangeError(range);
  // "Today" is the person's own: the range is worked out from their date when it is chosen.
  const query = useMemo(() => (error ? null : reportQuery(range, new Date())), [range, error]);
  const report = useSimplifiReport(campaignId, query);
  const { status, download } = useFileDownload(`simplifi-report-${campaignId}`);
  const data = report.data;

  return (
    <Stack gap="md" data-testid="simplifi-report">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Range"
            data={RANGE_OPTIONS}
            allowDeselect={false}
            value={range.range}
            onChange={(value) =>
              setRange({ ...range, range: (value ?? 'last_30_days') as SimplifiDateRange })
            }
            w={170}
            data-testid="simplifi-report-range"
          />
          {range.range === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                value={range.start}
                onChange={(e) => setRange({ ...range, start: e.currentTarget.value })}
                error={error ?? undefined}
                data-testid="simplifi-report-start"
              />
              <TextInput
                type="date"
                label="To"
                value={range.end}
                onChange={(e) => setRange({ ...range, end: e.currentTarget.value })}
                data-testid="simplifi-report-end"
              />
            </>
          )}
        </Group>
        <Group gap="sm" align="center">
          <DownloadStatusText status={status} testId="simplifi-report-download-status" />
          {DOWNLOADS.map(({ format, label }) => (
            <Button
              key={format}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={status === 'preparing' || !query || !data}
              onClick={() =>
                query &&
                data &&
                void download(
                  () => fetchSimplifiReportFile(http, campaignId, query, format),
                  reportFileName(apiId, data.from, data.to, format),
                )
              }
              data-testid={`simplifi-report-${format}`}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
      {report.isError && (
        <LoadFailure error={report.error} onRetry={report.refetch} testId="simplifi-report-error" />
      )}
      {!data && !report.isError && query && <Loader size="sm" aria-label="Loading report" />}
      {data && (
        <Stack gap="md" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} aria-busy={report.isFetching}>
          <Text size="sm" c="dimmed" data-testid="simplifi-report-days">
            {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure
              label="Impressions"
              value={formatCount(data.totals.impressions)}
              testId="simplifi-report-impressions"
            />
            <Figure label="Clicks" value={formatCount(data.totals.clicks)} testId="simplifi-report-clicks" />
            <Figure label="CTR" value={formatPercentText(data.totals.ctr)} testId="simplifi-report-ctr" />
            <Figure label="Spend" value={formatMoney(data.totals.spend)} testId="simplifi-report-spend" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TrendChart
              title="Impressions per day"
              series={impressionSeries(data)}
              testId="simplifi-chart-impressions"
            />
            <TrendChart title="Clicks per day" series={clickSeries(data)} testId="simplifi-chart-clicks" />
          </SimpleGrid>
          <TrendChart
            title="Spend per day"
            series={spendSeries(data)}
            kind="area"
            format={formatCentsValue}
            integers={false}
            testId="simplifi-chart-spend"
          />
          <AdsTable ads={data.ads} />
          {data.ads.length > 1 && (
            <BarChart
              title="Spend per ad"
              series={adSpendSeries(data)}
              format={formatCentsValue}
              integers={false}
              category="Ad"
              testId="simplifi-chart-ads"
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function AdsTable({ ads }: { ads: SimplifiReport['ads'] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped captionSide="top" data-testid="simplifi-report-ads">
        <Table.Caption>Figures per ad in this range</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ad</Table.Th>
            <Table.Th>Impressions</Table.Th>
            <Table.Th>Clicks</Table.Th>
            <Table.Th>CTR</Table.Th>
            <Table.Th>Spend</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ads.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">
                  No ad ran in this range.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            ads.map((ad) => (
              <Table.Tr key={ad.ad_id}>
                <Table.Td>{ad.name}</Table.Td>
                <Table.Td>{formatCount(ad.impressions)}</Table.Td>
                <Table.Td>{formatCount(ad.clicks)}</Table.Td>
                <Table.Td>{formatPercentText(ad.ctr)}</Table.Td>
                <Table.Td>{formatMoney(ad.spend)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
