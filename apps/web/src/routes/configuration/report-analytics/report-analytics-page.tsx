import { Divider, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useReportAnalytics, useRootRevenue } from '../../../api/reports';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { AgenciesReport } from './agencies-report';
import { AnalyticsPanel } from './analytics-panel';
import { RangePicker } from './range-picker';
import { type DateRange, defaultRange } from './report-range';
import { RevenuePanel } from './revenue-panel';

/**
 * /configuration/report-analytics (spec 1 §2.3: system users of the root company with the
 * report_analytics permission or none set, or global view mode): activity and growth of the system for a
 * date range (default the last 30 days), the fees configured for agencies, and the agencies report.
 */
export function ReportAnalyticsPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const [range, setRange] = useState<DateRange>(() => defaultRange(new Date()));
  const companyID = user?.company_root_id || user?.company_id || 0;
  const analytics = useReportAnalytics(user ? range : null, companyID);
  const revenue = useRootRevenue(user ? range : null);

  if (!user) return <PageLoader label="Loading reports" />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Report Analytics</Title>
        <RangePicker value={range} onChange={setRange} />
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
