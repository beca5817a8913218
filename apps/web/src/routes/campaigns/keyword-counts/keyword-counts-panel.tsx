import {
  type CountOutcome,
  KEYWORD_COUNT_SORT_KEYS,
  type KeywordCountModule,
  type KeywordCountRow,
  type SessionUser,
} from '@app/contracts';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDataVendorConfig, useKeywordCounts, useRetryKeywordCount } from '../../../api/keyword-counts';
import { useSessionPermissions } from '../../../api/roles';
import { useUrlParams } from '../../../app/routing/use-url-params';
import { DataTable } from '../../../components/data-list/data-table';
import { nextSort, PER_PAGE } from '../../../components/data-list/list-state';
import { PagedList } from '../../../components/data-list/paged-list';
import { useClampPage, useUrlListState } from '../../../components/data-list/use-list-state';
import { notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { saveFailureText } from '../../../components/user-form/user-form-model';
import { ApplyKeywordsModal } from './apply-keywords-modal';
import { keywordCountColumns } from './keyword-count-columns';
import { KeywordCountFormCard } from './keyword-count-form';
import { readStatusFilter, STATUS_FILTER_OPTIONS, writeStatusFilter } from './keyword-count-model';

/**
 * The Keyword Counts tab of a keyword module's campaign management (spec 2 §2 table, §4 statuses):
 * the count form, the company's counts — status filter, Historical Count sort and page in the URL —
 * refreshed while some are pending, Retry on a failed count, and the picked counts applied to a
 * campaign. An agency's people count for the agency (and apply to their clients' campaigns); a
 * client for itself.
 */
export function KeywordCountsPanel({ user, module }: { user: SessionUser; module: KeywordCountModule }) {
  const [list, updateList] = useUrlListState(KEYWORD_COUNT_SORT_KEYS);
  const [params, setParams] = useUrlParams();
  const status = readStatusFilter(params);
  const { may } = useSessionPermissions();
  const config = useDataVendorConfig(user.company_root_id);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [applying, setApplying] = useState(false);
  const retry = useRetryKeywordCount();

  const query = useKeywordCounts({
    companyId: user.company_id,
    module,
    status,
    sort: list.sort,
    page: list.page,
    perPage: PER_PAGE,
  });
  useClampPage(list, query.data?.last_page, updateList);
  const rows = query.data?.data;

  const columns = useMemo(
    () =>
      keywordCountColumns({
        firstNumber: query.data?.from ?? 1,
        rows: rows ?? [],
        picked: new Set(picked.keys()),
        onPick: (row: KeywordCountRow, on: boolean) =>
          setPicked((current) => {
            const next = new Map(current);
            if (on) next.set(row.id, row.keyword);
            else next.delete(row.id);
            return next;
          }),
        mayRetry: may('keywordCounts.run'),
        retrying: retry.isPending ? (retry.variables ?? null) : null,
        onRetry: (row: KeywordCountRow) =>
          retry.mutate(row.id, {
            onSuccess: (answer) => notifySuccess(answer.message),
            onError: (error) => notifyFailure(saveFailureText(error)),
          }),
      }),
    [rows, query.data?.from, picked, may, retry],
  );
  const keywords = [...new Set(picked.values())];
  const isClient = user.user_type === 'client';

  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Title order={2}>Keyword Counts</Title>
        <Text size="sm" c="dimmed">
          How many people show interest in a keyword, where you target and nationwide over the last{' '}
          {config.data?.data.lookback_days ?? 7} days. A keyword counted in the same place within that time is
          answered from its earlier count.
          {config.data?.data.sandbox && ' Counts come from the sandbox data vendor’s synthetic people.'}
        </Text>
      </Stack>
      {may('keywordCounts.run') && (
        <Card withBorder padding="md">
          <KeywordCountFormCard companyId={user.company_id} module={module} />
        </Card>
      )}
      <Group justify="space-between" align="flex-end">
        <Select
          label="Status"
          data={STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(value) => setParams((p) => writeStatusFilter(p, (value ?? '') as CountOutcome | ''))}
          allowDeselect={false}
          w={200}
          data-testid="keyword-count-status-filter"
        />
        {may('campaigns.update') && (
          <Button
            disabled={keywords.length === 0}
            onClick={() => setApplying(true)}
            data-testid="keyword-count-apply"
          >
            Apply to Campaign{keywords.length > 0 ? ` (${keywords.length})` : ''}
          </Button>
        )}
      </Group>
      <PagedList query={query} onPage={(page) => updateList({ page })} testIdPrefix="keyword-count">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={query.isPending}
          emptyText="No Data"
          sort={list.sort}
          onSort={(key) => updateList({ sort: nextSort(list.sort, key), page: 1 })}
          testIdPrefix="keyword-count"
          rowTestId={(row) => `keyword-count-row-${row.id}`}
          caption="Keyword counts"
          captionHidden
          minWidth={900}
        />
      </PagedList>
      {applying && (
        <ApplyKeywordsModal
          keywords={keywords}
          module={module}
          companyId={user.company_id}
          clientId={isClient ? user.company_id : 0}
          onClose={() => setApplying(false)}
          onApplied={() => {
            setApplying(false);
            setPicked(new Map());
          }}
        />
      )}
    </Stack>
  );
}
