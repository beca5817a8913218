import { Loader, Stack, Text } from '@mantine/core';
import { useLeadRejections } from '../../api/lead-reports';
import { LoadFailure } from '../data-list/load-failure';
import type { DayRangeDraft } from './lead-range';
import { RejectionsTable } from './rejections-table';

/** A campaign's refused candidates by reason, over the report's range (the server's default when open). */
export function RejectionsTab({ campaignID, range }: { campaignID: number; range: DayRangeDraft }) {
  const rejections = useLeadRejections(campaignID, range);
  if (rejections.isError)
    return (
      <LoadFailure error={rejections.error} onRetry={rejections.refetch} testId="lead-rejections-error" />
    );
  if (!rejections.data) return <Loader size="sm" aria-label="Loading rejections" />;
  const { data } = rejections.data;
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="lead-rejections-total">
        {data.total.toLocaleString('en-US')} {data.total === 1 ? 'candidate' : 'candidates'} refused from{' '}
        {data.range.start} to {data.range.end}
      </Text>
      <RejectionsTable
        reasons={data.reasons}
        caption="Refused candidates by reason"
        emptyText="No candidate was refused in this range."
        testId="lead-rejections"
      />
    </Stack>
  );
}
