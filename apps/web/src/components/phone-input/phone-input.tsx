import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import {
  CHOOSE_COUNTRY,
  countryOptions,
  EMPTY_PHONE_PLACEHOLDER,
  examplePhone,
  type PhoneValue,
  phoneFieldState,
} from './phone';

/** Spec 1 §9: the country list shows 7 rows. */
const COUNTRY_ROWS = 7;
const COUNTRY_ROW_PX = 36;

interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** The form's submit error (phoneError); 'Choose country' is shown on the country select. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Phone input of spec 1 §5: a searchable country list (default US, +1) labelled 'Country code' and the
 * number labelled 'Phone number'. A number without a country shows 'Choose country'; the 'Example:'
 * hint (a valid number of the chosen country) appears only while the number is invalid. Validation is
 * the contracts' `phoneSchema` (libphonenumber-js), the same the server applies.
 */
export function PhoneInput({ value, onChange, error, required, disabled }: PhoneInputProps) {
  const options = useMemo(countryOptions, []);
  const state = phoneFieldState(value);
  const example = state.invalid ? examplePhone(value.countryCode) : null;
  const countryError = state.countryError ?? (error === CHOOSE_COUNTRY ? error : null);
  const numberError = error && error !== CHOOSE_COUNTRY ? error : state.invalid;

  return (
    // Side by side from the `xs` breakpoint; on a phone the country takes the whole row, so its name
    // ('+1 United States') is read in full instead of cut at the field's edge.
    <Group align="flex-start" gap="xs" wrap="wrap">
      <Select
        label="Country code"
        name="phoneCountryCode"
        data={options}
        searchable
        clearable
        required={required}
        disabled={disabled}
        value={value.countryCode || null}
        onChange={(country) => onChange({ ...value, countryCode: country ?? '' })}
        error={countryError}
        nothingFoundMessage="No country found"
        maxDropdownHeight={COUNTRY_ROWS * COUNTRY_ROW_PX}
        w={{ base: '100%', xs: '46%' }}
        data-testid="phone-country"
      />
      {/* The example belongs to the number, so it sits under the number, not under the country. */}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <TextInput
          label="Phone number"
          name="phonenum"
          type="tel"
          autoComplete="tel-national"
          required={required}
          disabled={disabled}
          placeholder={EMPTY_PHONE_PLACEHOLDER}
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
          error={numberError}
          data-testid="phone-number"
        />
        {example && (
          <Text size="xs" c="dimmed" data-testid="phone-example">
            Example: {example}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
