import {
  type AgencyListFilter,
  LIST_CAMPAIGN_STATUSES,
  LIST_CARD_STATUSES,
  type ListCampaignStatus,
  type ListCardStatus,
  type ListExclusion,
} from '@app/contracts';
import { Badge, Button, Checkbox, Divider, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  type AgencyNarrowing,
  CAMPAIGN_STATUS_LABELS,
  CARD_STATUS_LABELS,
  EXCLUSION_LABELS,
  FILTER_LABELS,
  narrowingCount,
  toggleFilter,
} from './agency-filters';

interface AgencyFilterPopoverProps {
  offered: readonly AgencyListFilter[];
  chosen: readonly AgencyListFilter[];
  onChange: (filters: AgencyListFilter[]) => void;
  /** The exclusion switches offered (the root company's), and the card, campaign and exclusion choices. */
  exclusions: readonly ListExclusion[];
  narrowing: AgencyNarrowing;
  onNarrow: (narrowing: AgencyNarrowing) => void;
}

/**
 * The agency list's filter popover (spec 2 §2, decision 0094): the ticked filters, Card Status,
 * Campaign Status and, for the root company, the exclusion switches; each change reloads the list
 * from page 1.
 */
export function AgencyFilterPopover(props: AgencyFilterPopoverProps) {
  const { offered, chosen, onChange, exclusions, narrowing, onNarrow } = props;
  const count = chosen.length + narrowingCount(narrowing);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="light"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={count > 0 ? <Badge size="xs">{count}</Badge> : null}
          data-testid="agency-filter"
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {offered.map((filter) => (
            <Checkbox
              key={filter}
              label={FILTER_LABELS[filter]}
              checked={chosen.includes(filter)}
              onChange={(event) => onChange(toggleFilter(chosen, filter, event.currentTarget.checked))}
              data-testid={`agency-filter-${filter}`}
            />
          ))}
          {exclusions.map((exclusion) => (
            <Checkbox
              key={exclusion}
              label={EXCLUSION_LABELS[exclusion]}
              checked={narrowing.exclude.includes(exclusion)}
              onChange={(event) => {
                const rest = narrowing.exclude.filter((e) => e !== exclusion);
                onNarrow({
                  ...narrowing,
                  exclude: event.currentTarget.checked ? [...rest, exclusion] : rest,
                });
              }}
              data-testid={`agency-filter-exclude-${exclusion}`}
            />
          ))}
          <Divider />
          <Text size="sm" fw={500} id="agency-card-status-label">
            Card Status
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="agency-card-status-label"
            data={LIST_CARD_STATUSES.map((value) => ({ value, label: CARD_STATUS_LABELS[value] }))}
            value={narrowing.card}
            onChange={(value) => onNarrow({ ...narrowing, card: value as ListCardStatus })}
            data-testid="agency-filter-card"
          />
          <Text size="sm" fw={500} id="agency-campaign-status-label">
            Campaign Status
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="agency-campaign-status-label"
            data={LIST_CAMPAIGN_STATUSES.map((value) => ({ value, label: CAMPAIGN_STATUS_LABELS[value] }))}
            value={narrowing.campaigns}
            onChange={(value) => onNarrow({ ...narrowing, campaigns: value as ListCampaignStatus })}
            data-testid="agency-filter-campaigns"
          />
          <Text size="xs" c="dimmed" maw={260}>
            Active: one of the agency’s clients has a running campaign.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
