import { Group, Select } from '@mantine/core';
import type { CampaignStatusFilter, CampaignView } from '../../api/campaigns';
import { SearchBox } from '../../components/data-list/search-box';
import type { Option } from './wizard/campaign-step';

const VIEW_OPTIONS: { value: CampaignView; label: string }[] = [
  { value: 'current', label: 'Current' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

const STATUS_OPTIONS: { value: CampaignStatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'running', label: 'Running' },
  { value: 'paused', label: 'Paused' },
  { value: 'paused_on_run', label: 'Paused on run' },
  { value: 'stopped', label: 'Stopped' },
];

export interface CampaignFilterState {
  view: CampaignView;
  status: CampaignStatusFilter;
  /** '' for every client. */
  client: string;
}

/** Reads the filters from the URL query; anything unknown falls back to the defaults. */
export function readCampaignFilters(params: URLSearchParams): CampaignFilterState {
  const view = params.get('view');
  const status = params.get('status');
  const client = params.get('client') ?? '';
  return {
    view: VIEW_OPTIONS.some((o) => o.value === view) ? (view as CampaignView) : 'current',
    status: STATUS_OPTIONS.some((o) => o.value === status) ? (status as CampaignStatusFilter) : 'all',
    client: /^\d+$/.test(client) ? client : '',
  };
}

/** Writes the filters into a copy of the URL query (defaults left out, the page back to 1). */
export function writeCampaignFilters(params: URLSearchParams, filters: CampaignFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string, fallback: string) =>
    value === fallback ? next.delete(name) : next.set(name, value);
  set('view', filters.view, 'current');
  set('status', filters.status, 'all');
  set('client', filters.client, '');
  next.delete('page');
  return next;
}

/** The list's search box, view (current / archived / all), status and, for agency staff, client. */
export function CampaignFilters({
  filters,
  onChange,
  search,
  onSearch,
  clients,
}: {
  filters: CampaignFilterState;
  onChange: (filters: CampaignFilterState) => void;
  search: string;
  onSearch: (text: string) => void;
  /** Agency staff: their clients; null for a client. */
  clients: Option[] | null;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox value={search} onSearch={onSearch} testId="campaign-search" />
      <Select
        label="View"
        data={VIEW_OPTIONS}
        allowDeselect={false}
        value={filters.view}
        onChange={(value) => onChange({ ...filters, view: (value ?? 'current') as CampaignView })}
        w={{ base: '100%', xs: 140 }}
        data-testid="campaign-view"
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        allowDeselect={false}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: (value ?? 'all') as CampaignStatusFilter })}
        w={{ base: '100%', xs: 170 }}
        data-testid="campaign-status-filter"
      />
      {clients && (
        <Select
          label="Client"
          placeholder="All clients"
          data={clients}
          searchable
          clearable
          value={filters.client || null}
          onChange={(value) => onChange({ ...filters, client: value ?? '' })}
          w={{ base: '100%', xs: 220 }}
          data-testid="campaign-client-filter"
        />
      )}
    </Group>
  );
}
