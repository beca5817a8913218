import { Divider, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { localTimeZone } from '../../../api/http';
import { type PeriodChoice, useReportAnalytics, useRootRevenue } from '../../../api/reports';
import { useLogCampaigns } from '../../../api/user-logs';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { AgenciesReport } from './agencies-report';
import { AnalyticsPanel } from './analytics-panel';
import { CampaignPerformance } from './campaign-performance';
import { RangePicker } from './range-picker';
import { type DateRange, defaultRange } from './report-range';
import { RevenuePanel } from './revenue-panel';

/** How collected money is bucketed; automatic: by day up to a month, by week up to half a year, else by month. */
const PERIOD_OPTIONS: { value: PeriodChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/**
 * /configuration/report-analytics (spec 1 §2.3: system users of the root company with the
 * report_analytics permission or none set, or global view mode): activity and growth of the system for a
 * date range (default the last 30 days), its campaigns, leads and collected money (decision 0083), the
 * fees configured for agencies, and the agencies report.
 */
export function ReportAnalyticsPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const [range, setRange] = useState<DateRange>(() => defaultRange(new Date()));
  const companyID = user?.company_root_id || user?.company_id || 0;
  const [period, setPeriod] = useState<PeriodChoice>('auto');
  // One campaign of the system, or all (decision 0094): the campaigns module's options.
  const [campaignID, setCampaignID] = useState(0);
  const campaigns = useLogCampaigns(companyID, companyID > 0);
  const campaignOptions = useMemo(
    () => [
      { value: '0', label: 'All campaigns' },
      ...(campaigns.data?.data ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.campaign_name} (#${c.leadspeek_api_id}, ${c.company_name})${c.removed ? ' — removed' : ''}`,
      })),
    ],
    [campaigns.data],
  );
  const analytics = useReportAnalytics(user ? range : null, companyID, period, campaignID);
  const timeZone = analytics.data?.range.time_zone ?? user?.time_zone ?? localTimeZone();
  const revenue = useRootRevenue(user ? range : null, period);

  if (!user) return <PageLoader label="Loading reports" />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Report Analytics</Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <RangePicker value={range} onChange={setRange} />
          <Select
            label="Campaign"
            w={280}
            data={campaignOptions}
            value={String(campaignID)}
            searchable
            allowDeselect={false}
            onChange={(value) => setCampaignID(Number(value ?? 0))}
            data-testid="report-campaign"
          />
          <Select
            label="Money per"
            w={150}
            data={PERIOD_OPTIONS}
            value={period}
            allowDeselect={false}
            onChange={(value) => value && setPeriod(value as PeriodChoice)}
            data-testid="report-period"
          />
        </Group>
      </Group>

      {analytics.isError && (
        <LoadFailure error={analytics.error} onRetry={analytics.refetch} testId="report-analytics-error" />
      )}
      {analytics.isPending && !analytics.isError && (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading report" />
        </Group>
      )}
      {analytics.data && (
        <div aria-busy={analytics.isFetching} style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}>
          <AnalyticsPanel data={analytics.data} />
        </div>
      )}

      <Text size="xs" c="dimmed" data-testid="report-time-zone">
        Days are counted in {timeZone}.
      </Text>

      <Divider />
      <CampaignPerformance campaigns={campaigns.data?.data ?? []} timeZone={timeZone} />

      <Divider />
      {revenue.isError && (
        <LoadFailure error={revenue.error} onRetry={revenue.refetch} testId="root-revenue-error" />
      )}
      {revenue.data && (
        <div aria-busy={revenue.isFetching} style={{ opacity: revenue.isPlaceholderData ? 0.6 : 1 }}>
          <RevenuePanel data={revenue.data} />
        </div>
      )}

      <Divider />
      <AgenciesReport />
    </Stack>
  );
}

export default ReportAnalyticsPage;
