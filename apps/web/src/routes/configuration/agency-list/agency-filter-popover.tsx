import type { AgencyListFilter } from '@app/contracts';
import { Badge, Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { FILTER_LABELS, toggleFilter } from './agency-filters';

interface AgencyFilterPopoverProps {
  offered: readonly AgencyListFilter[];
  chosen: readonly AgencyListFilter[];
  onChange: (filters: AgencyListFilter[]) => void;
}

/** The agency list's filter popover (spec 2 §2); each tick reloads the list from page 1. */
export function AgencyFilterPopover({ offered, chosen, onChange }: AgencyFilterPopoverProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="light"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={chosen.length > 0 ? <Badge size="xs">{chosen.length}</Badge> : null}
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
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
