import { Group, Pagination, Text } from '@mantine/core';
import { pageWindow, showingText } from './list-state';

interface ListPagerProps {
  page: { current_page: number; last_page: number; from: number | null; to: number | null; total: number };
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z entries' and up to five page links with first/previous/next/last (spec 2 §2). */
export function ListPager({ page, onPage }: ListPagerProps) {
  const last = Math.max(1, page.last_page);
  const current = Math.min(Math.max(1, page.current_page), last);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="agency-showing">
        {showingText(page)}
      </Text>
      <Pagination.Root total={last} value={current} onChange={onPage} size="sm">
        <Group gap={4} wrap="nowrap" data-testid="agency-pagination">
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
