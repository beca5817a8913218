import {
  KEYWORD_COUNT_BUSY,
  type KeywordCountModule,
  MAX_KEYWORDS_PER_COUNT,
  TARGET_LOCATION_LABELS,
  TARGET_LOCATIONS,
  type TargetLocation,
  zipTextAreaValue,
} from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError, failureMessage } from '../../../api/http';
import { useQueueKeywordCount } from '../../../api/keyword-counts';
import { useStates } from '../../../api/reference';
import { notifySuccess } from '../../../components/feedback/feedback';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { CityPicker } from './city-picker';
import { EMPTY_FORM, formProblem, type KeywordCountForm, requestOf } from './keyword-count-model';

type Input = 'target_location' | 'states' | 'cities' | 'zip_code' | 'keywords';
const FIELD_OF = inputsNamed<Input>(['target_location', 'states', 'cities', 'zip_code', 'keywords']);

/** Spec 2 §8: a count the server could not take says 'Server might be busy. Please try again later.' */
const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status < 500 && error.code !== 'network_error'
    ? failureMessage(error)
    : KEYWORD_COUNT_BUSY;

/**
 * The keyword count form (spec 2 §2): where to look — National Targeting, State (with states and
 * cities) or Zip Code (the zip text area of spec 2 §5) — and the keywords; queued for the company.
 */
export function KeywordCountFormCard({
  companyId,
  module,
}: {
  companyId: number;
  module: KeywordCountModule;
}) {
  const [form, setForm] = useState<KeywordCountForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<Input, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const queue = useQueueKeywordCount();
  const states = useStates();
  const stateOptions = (states.data?.data ?? []).map((s) => ({
    value: s.code,
    label: `${s.name} (${s.code})`,
  }));
  const set = <K extends keyof KeywordCountForm>(key: K, value: KeywordCountForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const problem = formProblem(form);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    queue.mutate(requestOf(form, companyId, module), {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setForm((f) => ({ ...f, keywords: [] }));
      },
      onError: (error) => {
        const placed = placeServerErrors(error, FIELD_OF, failureText);
        setErrors(placed.fields);
        setMessage(placed.message);
      },
    });
  }

  return (
    <form onSubmit={submit} aria-label="Run a keyword count">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="keyword-count-location-label">
            Target Location
          </Text>
          <SegmentedControl
            aria-labelledby="keyword-count-location-label"
            value={form.targetLocation}
            onChange={(value) => set('targetLocation', value as TargetLocation)}
            data={TARGET_LOCATIONS.map((value) => ({ value, label: TARGET_LOCATION_LABELS[value] }))}
            data-testid="keyword-count-location"
          />
          {errors.target_location && (
            <Text size="xs" c="red">
              {errors.target_location}
            </Text>
          )}
        </Stack>
        {form.targetLocation === 'state' && (
          <Group grow align="flex-start">
            <MultiSelect
              label="States"
              data={stateOptions}
              value={form.states}
              onChange={(value) => set('states', value)}
              searchable
              clearable
              error={errors.states}
              data-testid="keyword-count-states"
            />
            <CityPicker states={form.states} value={form.cities} onChange={(value) => set('cities', value)} />
          </Group>
        )}
        {form.targetLocation === 'zip' && (
          <Textarea
            label="Zip Codes"
            description="One a line; commas and spaces also separate them."
            autosize
            minRows={3}
            value={form.zipText}
            // Spec 2 §5: only digits and line breaks are kept; commas and spaces become line breaks.
            onChange={(e) => set('zipText', zipTextAreaValue(e.currentTarget.value))}
            error={errors.zip_code}
            data-testid="keyword-count-zips"
          />
        )}
        <TagsInput
          label="Keywords"
          description={`Up to ${MAX_KEYWORDS_PER_COUNT} at a time; press Enter or type a comma after each.`}
          value={form.keywords}
          onChange={(value) => set('keywords', value)}
          splitChars={[',', ';']}
          maxTags={MAX_KEYWORDS_PER_COUNT}
          clearable
          error={errors.keywords}
          data-testid="keyword-count-keywords"
        />
        {message && (
          <Alert color="red" role="alert" data-testid="keyword-count-error">
            {message}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {problem ?? ' '}
          </Text>
          <Button
            type="submit"
            loading={queue.isPending}
            disabled={problem !== null}
            data-testid="keyword-count-run"
          >
            Count Keywords
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
