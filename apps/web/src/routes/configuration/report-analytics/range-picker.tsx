import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type DateRange, lastDays, RANGE_PRESETS, rangeError } from './report-range';

/**
 * Start and end day (native date inputs: no date-picker package ships with the app) with the last
 * 7 / 30 / 90 days shortcuts. A range is applied only when it is valid; the server's texts explain why not.
 */
export function RangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const [draft, setDraft] = useState(value);
  const error = rangeError(draft);

  const edit = (change: Partial<DateRange>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (!rangeError(next)) onChange(next);
  };

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label="From"
        value={draft.start}
        max={draft.end || undefined}
        onChange={(e) => edit({ start: e.currentTarget.value })}
        error={error ?? undefined}
        data-testid="report-start"
      />
      <TextInput
        type="date"
        label="To"
        value={draft.end}
        min={draft.start || undefined}
        onChange={(e) => edit({ end: e.currentTarget.value })}
        data-testid="report-end"
      />
      <Group gap={4} mt={25}>
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset.days}
            size="xs"
            variant="default"
            onClick={() => {
              const range = lastDays(new Date(), preset.days);
              setDraft(range);
              onChange(range);
            }}
            data-testid={`report-preset-${preset.days}`}
          >
            {preset.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
