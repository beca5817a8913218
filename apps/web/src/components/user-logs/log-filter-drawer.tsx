import { LOG_DATE_SHORTCUTS, LOG_USER_TYPE_LABELS, LOG_USER_TYPES, type LogUserType } from '@app/contracts';
import {
  Button,
  Drawer,
  Group,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLogCampaigns, useLogCategories, useLogUsers } from '../../api/user-logs';
import { type LogFilters, shortcutRange } from './log-filters';

export interface CompanyOption {
  value: string;
  label: string;
}

interface LogFilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  filters: LogFilters;
  /** The initial filters, for 'Reset'. */
  defaults: LogFilters;
  companies: readonly CompanyOption[];
  onApply: (filters: LogFilters) => void;
}

const USER_TYPE_OPTIONS = LOG_USER_TYPES.map((value) => ({ value, label: LOG_USER_TYPE_LABELS[value] }));
// Mantine's Select needs non-empty option values; this one stands for 'all'.
const ALL = '__all__';
const chosen = (value: string | null) => (value === null || value === ALL ? null : value);

/** 'All …' first, then one option per item as [value, label]. */
function withAll<T>(
  allLabel: string,
  items: readonly T[] | undefined,
  option: (item: T) => [string, string],
) {
  return [
    { value: ALL, label: allLabel },
    ...(items ?? []).map((item) => {
      const [value, label] = option(item);
      return { value, label };
    }),
  ];
}

/**
 * The logs' filter drawer (spec 2 §3): company, date range with the last week (7 days), last month
 * (30 days) and last 3 months (90 days) shortcuts, user type (Enterprise, Admin, Client, Select All),
 * user, action category and campaign. Choices apply with 'Apply Filter'.
 */
export function LogFilterDrawer({
  opened,
  onClose,
  filters,
  defaults,
  companies,
  onApply,
}: LogFilterDrawerProps) {
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    if (opened) setDraft(filters);
  }, [opened, filters]);

  const users = useLogUsers(draft.companyID, draft.userType, opened);
  const campaigns = useLogCampaigns(draft.companyID, opened);
  const categories = useLogCategories(opened);

  const userOptions = useMemo(
    () => withAll('All Users', users.data?.data, (u) => [String(u.id), `${u.name} (${u.email})`]),
    [users.data],
  );
  const categoryOptions = useMemo(
    () => withAll('All Categories', categories.data?.data, (c) => [c.category, c.label]),
    [categories.data],
  );
  const campaignOptions = useMemo(
    () =>
      withAll('All Campaigns', campaigns.data?.data, (c) => [
        c.leadspeek_api_id,
        // A removed campaign's logs stay: it is offered, said so.
        `${c.leadspeek_api_id} - ${c.campaign_name} (${c.company_name})${c.removed ? ' — removed' : ''}`,
      ]),
    [campaigns.data],
  );

  const set = (change: Partial<LogFilters>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Filter" zIndex={400}>
      <Stack gap="sm" data-testid="log-filter-drawer">
        <DrawerSelect
          label="Company"
          data={companies as CompanyOption[]}
          value={String(draft.companyID)}
          // Another company has other people and campaigns: those choices start over.
          onChange={(value) => set({ companyID: Number(value), userId: null, campaign: null })}
          data-testid="log-filter-company"
        />
        <Text size="sm" fw={500}>
          Date Range
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <TextInput
            type="date"
            aria-label="Start date"
            value={draft.start}
            max={draft.end || undefined}
            onChange={(event) => set({ start: event.currentTarget.value })}
            data-testid="log-filter-start"
          />
          <TextInput
            type="date"
            aria-label="End date"
            value={draft.end}
            min={draft.start || undefined}
            onChange={(event) => set({ end: event.currentTarget.value })}
            data-testid="log-filter-end"
          />
        </SimpleGrid>
        <Group gap="xs">
          {LOG_DATE_SHORTCUTS.map((shortcut) => (
            <Button
              key={shortcut.days}
              size="xs"
              variant="light"
              onClick={() => set(shortcutRange(shortcut.days))}
              data-testid={`log-shortcut-${shortcut.days}`}
            >
              {shortcut.label}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={() => set({ start: '', end: '' })}>
            Any Date
          </Button>
        </Group>
        <DrawerSelect
          label="User Type"
          data={USER_TYPE_OPTIONS}
          value={draft.userType}
          onChange={(value) => set({ userType: (value ?? 'all') as LogUserType, userId: null })}
          data-testid="log-filter-user-type"
        />
        <DrawerSelect
          label="User"
          searchable
          data={userOptions}
          value={draft.userId === null ? ALL : String(draft.userId)}
          onChange={(value) => set({ userId: chosen(value) === null ? null : Number(value) })}
          data-testid="log-filter-user"
        />
        <DrawerSelect
          label="Action Category"
          data={categoryOptions}
          value={draft.category ?? ALL}
          onChange={(value) => set({ category: chosen(value) })}
          data-testid="log-filter-category"
        />
        <DrawerSelect
          label="Campaign"
          searchable
          data={campaignOptions}
          value={draft.campaign ?? ALL}
          onChange={(value) => set({ campaign: chosen(value) })}
          data-testid="log-filter-campaign"
        />
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={() => setDraft(defaults)} data-testid="log-filter-reset">
            Reset
          </Button>
          <Button onClick={() => onApply(draft)} data-testid="log-filter-apply">
            Apply Filter
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

/** The drawer's selects: always a choice, and the list opens above the drawer. */
function DrawerSelect(props: SelectProps & { 'data-testid': string }) {
  return <Select allowDeselect={false} comboboxProps={{ zIndex: 500 }} {...props} />;
}
