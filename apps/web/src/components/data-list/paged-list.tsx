import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPager } from './list-pager';
import type { PageInfo } from './list-state';
import { LoadFailure } from './load-failure';

/** The parts of a TanStack query result a paged list reads. */
export interface PagedQuery {
  data: PageInfo | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedListProps {
  query: PagedQuery;
  onPage: (page: number) => void;
  /** Test ids `{prefix}-list-error`, `{prefix}-showing`, `{prefix}-pagination`. */
  testIdPrefix: string;
  children: ReactNode;
}

/**
 * A table with what every list shows around it: the failure with 'Try Again', the previous page dimmed
 * with 'Loading Data' while the next one loads, and the pager.
 */
export function PagedList({ query, onPage, testIdPrefix, children }: PagedListProps) {
  return (
    <Stack gap="sm">
      {query.isError && (
        <LoadFailure error={query.error} onRetry={query.refetch} testId={`${testIdPrefix}-list-error`} />
      )}
      <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {children}
      </div>
      {query.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          Loading Data
        </Text>
      )}
      {query.data && <ListPager page={query.data} onPage={onPage} testIdPrefix={testIdPrefix} />}
    </Stack>
  );
}
