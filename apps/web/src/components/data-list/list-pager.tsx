import { Group, Pagination, Text } from '@mantine/core';
import { type PageInfo, pageWindow, showingText } from './list-state';

interface ListPagerProps {
  page: PageInfo;
  onPage: (page: number) => void;
  /** Test ids `{prefix}-showing` and `{prefix}-pagination`. */
  testIdPrefix: string;
}

/** 'Showing X to Y of Z entries' and up to five page links with first/previous/next/last (spec 2 §2). */
export function ListPager({ page, onPage, testIdPrefix }: ListPagerProps) {
  const last = Math.max(1, page.last_page);
  const current = Math.min(Math.max(1, page.current_page), last);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}-showing`}>
        {showingText(page)}
      </Text>
      <Pagination.Root total={last} value={current} onChange={onPage} size="sm">
        <Group gap={4} wrap="nowrap" data-testid={`${testIdPrefix}-pagination`}>
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {pageWindow(current, last).map((number) => (
            <Pagination.Control
              key={number}
              active={number === current}
              aria-current={number === current ? 'page' : undefined}
              onClick={() => onPage(number)}
            >
              {number}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </Pagination.Root>
    </Group>
  );
}
