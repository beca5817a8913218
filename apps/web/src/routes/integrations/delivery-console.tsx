import type { DeliveryStatus, DeliveryView, ProviderView } from '@app/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type DeliveryQuery, useDeliveries, useReplayDeliveries } from '../../api/integrations';
import { useUrlParams } from '../../app/routing/use-url-params';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { PagedList } from '../../components/data-list/paged-list';
import { SEARCH_DEBOUNCE_MS } from '../../components/data-list/search-box';
import { confirmAction } from '../../components/feedback/feedback';
import { DeliveryAttempts } from './delivery-attempts';
import { noticeDone, noticeFailed, noticeNothing } from './integration-feedback';
import {
  DELIVERY_STATUS_BADGES,
  type DeliveryFilters,
  formatWhen,
  hasPending,
  isReplayable,
  POLL_MS,
  pollInterval,
  publicCampaignId,
  type ReplaySelection,
  readDeliveryFilters,
  replayedText,
  replayRequest,
  truncateText,
  writeDeliveryFilters,
} from './integration-model';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...(Object.entries(DELIVERY_STATUS_BADGES) as [DeliveryStatus, { label: string }][]).map(([value, b]) => ({
    value,
    label: b.label,
  })),
];

/** The errors column shows this many characters; the whole text on hover. */
const ERROR_PREVIEW = 48;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const badge = DELIVERY_STATUS_BADGES[status];
  return (
    <Badge color={badge.colour} variant="light" data-status={status}>
      {badge.label}
    </Badge>
  );
}

interface DeliveryConsoleProps {
  companyId: number;
  /** One provider's deliveries, or null for every provider's (a column then names the provider). */
  slug: string | null;
  /** To name providers in the all-providers console. */
  providers?: readonly ProviderView[];
  /** What an empty console without filters says (how to send a test payload). */
  emptyHint: string;
  /** The viewer may replay deliveries (integrations.manage); otherwise the console only reads. */
  canReplay: boolean;
}

/**
 * The delivery console (issue 23): every lead sent to a connection and each attempt, filtered by
 * status and campaign (kept in the URL), failed ones replayed one by one, chosen, or all at once.
 * Asked again every 5 seconds while a delivery shown is queued or being sent.
 */
export function DeliveryConsole({
  companyId,
  slug,
  providers = [],
  emptyHint,
  canReplay,
}: DeliveryConsoleProps) {
  const [params, setParams] = useUrlParams();
  const filters = useMemo(() => readDeliveryFilters(params), [params]);
  const update = useCallback(
    (change: Partial<DeliveryFilters>, replace = false) =>
      setParams((current) => writeDeliveryFilters(current, { ...readDeliveryFilters(current), ...change }), {
        replace,
      }),
    [setParams],
  );
  const query: DeliveryQuery = {
    slug,
    status: filters.status,
    campaign: filters.campaign,
    page: filters.page,
  };
  const list = useDeliveries(companyId, query, pollInterval);
  const replay = useReplayDeliveries(companyId);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());

  const rows = list.data?.data;
  const lastPage = list.data?.last_page;
  // A page past the end (rows replayed or a stale link) moves to the last page there is.
  useEffect(() => {
    if (lastPage !== undefined && !list.isPlaceholderData && filters.page > lastPage)
      update({ page: lastPage }, true);
  }, [lastPage, filters.page, list.isPlaceholderData, update]);

  // Only failed deliveries shown on this page stay chosen.
  const failedShown = useMemo(() => new Set((rows ?? []).filter(isReplayable).map((r) => r.id)), [rows]);
  const chosenShown = [...chosen].filter((id) => failedShown.has(id));

  const sendReplay = (selection: ReplaySelection, after?: () => void) => {
    const body = replayRequest(companyId, selection);
    if (!body) return;
    replay.mutate(body, {
      onSuccess: (answer) => {
        const message = answer.message || replayedText(answer.replayed);
        if (answer.replayed > 0) noticeDone(message);
        else noticeNothing(message);
        after?.();
      },
      onError: (error) => noticeFailed(error, 'Replay'),
    });
  };

  const replayAll = async () => {
    const yes = await confirmAction({
      title: 'Replay all failed deliveries',
      message: `Every failed delivery${slug ? '' : ' of every integration'}${
        filters.campaign ? ` of campaign ${filters.campaign}` : ''
      } is queued again and sent once more. Receivers may get a lead they already hold (the webhook-id stays the same).`,
      confirmLabel: 'Replay all failed',
    });
    if (yes) sendReplay({ kind: 'all-failed', slug, campaign: filters.campaign }, () => setChosen(new Set()));
  };

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const providerName = (s: string) => providers.find((p) => p.slug === s)?.name ?? s;
  const filtered = filters.status !== null || filters.campaign !== null;

  const chooseColumn: DataColumn<DeliveryView> = {
    id: 'choose',
    label: 'Select',
    render: (row) =>
      isReplayable(row) ? (
        <Checkbox
          aria-label={`Choose delivery ${row.id}`}
          checked={chosen.has(row.id)}
          onChange={() => toggle(row.id)}
          data-testid={`delivery-choose-${row.id}`}
        />
      ) : null,
  };
  const actionsColumn: DataColumn<DeliveryView> = {
    id: 'actions',
    label: 'Actions',
    render: (row) =>
      isReplayable(row) ? (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => sendReplay({ kind: 'chosen', deliveryIds: [row.id] })}
          disabled={replay.isPending}
          aria-label={`Replay delivery ${row.id}`}
          data-testid={`delivery-replay-${row.id}`}
        >
          Replay
        </Button>
      ) : null,
  };
  const columns: DataColumn<DeliveryView>[] = [
    ...(canReplay ? [chooseColumn] : []),
    {
      id: 'id',
      label: 'ID',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`${expanded === row.id ? 'Hide' : 'Show'} the attempts of delivery ${row.id}`}
            aria-expanded={expanded === row.id}
            onClick={() => setExpanded(expanded === row.id ? null : row.id)}
            data-testid={`delivery-expand-${row.id}`}
          >
            {expanded === row.id ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
          <Text size="sm">{row.id}</Text>
        </Group>
      ),
    },
    ...(slug === null
      ? [{ id: 'provider', label: 'Integration', render: (row: DeliveryView) => providerName(row.slug) }]
      : []),
    {
      id: 'lead',
      label: 'Lead',
      render: (row) =>
        row.test ? (
          <Badge variant="outline" color="gray">
            Test
          </Badge>
        ) : row.lead_id !== null ? (
          String(row.lead_id)
        ) : (
          '—'
        ),
    },
    {
      id: 'campaign',
      label: 'Campaign',
      render: (row) =>
        row.campaign_public_id === null ? '—' : `${row.campaign_name ?? ''} (#${row.campaign_public_id})`,
    },
    { id: 'status', label: 'Status', render: (row) => <DeliveryStatusBadge status={row.status} /> },
    { id: 'attempts', label: 'Attempts', render: (row) => row.attempts },
    { id: 'http', label: 'HTTP', render: (row) => row.last_status ?? '—' },
    {
      id: 'error',
      label: 'Last error',
      render: (row) =>
        row.last_error ? (
          <Tooltip label={row.last_error} multiline w={360} withinPortal zIndex={400}>
            <Text size="sm" span title={row.last_error} data-testid={`delivery-error-${row.id}`}>
              {truncateText(row.last_error, ERROR_PREVIEW)}
            </Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      id: 'latency',
      label: 'Latency (ms)',
      render: (row) => (row.last_latency_ms === null ? '—' : row.last_latency_ms.toLocaleString('en-US')),
    },
    { id: 'created', label: 'Created', render: (row) => formatWhen(row.created_at) },
    {
      id: 'delivered',
      label: 'Delivered',
      render: (row) =>
        row.delivered_at
          ? formatWhen(row.delivered_at)
          : row.next_attempt_at && row.status !== 'failed'
            ? `Next try ${formatWhen(row.next_attempt_at)}`
            : '—',
    },
    ...(canReplay ? [actionsColumn] : []),
  ];

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="delivery-console-title">
      <Stack gap="sm" data-testid="delivery-console">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Title order={3} size="h4" id="delivery-console-title">
              Deliveries
            </Title>
            <Text size="xs" c="dimmed" role="status" data-testid="delivery-polling">
              {hasPending(rows)
                ? `Updating every ${POLL_MS / 1000} seconds while deliveries are queued or sending.`
                : ' '}
            </Text>
          </Stack>
          {canReplay && (filtered || (list.data?.total ?? 0) > 0) && (
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={chosenShown.length === 0 || replay.isPending}
                onClick={() =>
                  sendReplay({ kind: 'chosen', deliveryIds: chosenShown }, () => setChosen(new Set()))
                }
                data-testid="delivery-replay-chosen"
              >
                Replay chosen{chosenShown.length > 0 ? ` (${chosenShown.length})` : ''}
              </Button>
              <Button
                color="red"
                variant="light"
                size="xs"
                loading={replay.isPending}
                onClick={() => void replayAll()}
                data-testid="delivery-replay-all"
              >
                Replay all failed
              </Button>
            </Group>
          )}
        </Group>
        <Group align="flex-end" gap="sm">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status ?? 'all'}
            onChange={(value) =>
              update({ status: value && value !== 'all' ? (value as DeliveryStatus) : null, page: 1 })
            }
            allowDeselect={false}
            w={180}
            data-testid="delivery-filter-status"
          />
          <CampaignFilter
            value={filters.campaign}
            onChange={(campaign) => update({ campaign, page: 1 }, true)}
          />
        </Group>
        <PagedList
          query={list}
          onPage={(page) => {
            setExpanded(null);
            update({ page });
          }}
          testIdPrefix="delivery"
        >
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={list.isPending}
            emptyText={filtered ? 'No delivery matches these filters.' : emptyHint}
            testIdPrefix="delivery"
            rowTestId={(row) => `delivery-row-${row.id}`}
            renderBelow={(row) =>
              expanded === row.id ? <DeliveryAttempts companyId={companyId} delivery={row} /> : null
            }
            caption="Deliveries"
            captionHidden
            minWidth={1180}
          />
        </PagedList>
      </Stack>
    </Paper>
  );
}

/** The campaign filter: its 8-digit id, written to the URL 300 ms after the last key. */
function CampaignFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const debounced = useDebouncedCallback((next: string) => {
    // Nothing filters until the id is whole; clearing the box shows every campaign again.
    if (next === '' || publicCampaignId(next) !== null) onChange(publicCampaignId(next));
  }, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setText(value ?? '');
  }, [value]);
  return (
    <TextInput
      label="Campaign id"
      placeholder="8-digit id"
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, 8);
        setText(next);
        debounced(next);
      }}
      w={160}
      data-testid="delivery-filter-campaign"
    />
  );
}
