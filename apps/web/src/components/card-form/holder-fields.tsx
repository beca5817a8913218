import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { countryOptions } from '../../routes/user/profile-form/countries';
import type { CardErrors, CardField, CardFormValues } from './card-model';

interface HolderFieldsProps {
  values: CardFormValues;
  errors: CardErrors;
  set: (field: CardField, value: string) => void;
  disabled: boolean;
}

/** The card holder and billing address (spec 2 §3 Billing: cardholder, address, city, state, country, zip). */
export function HolderFields({ values, errors, set, disabled }: HolderFieldsProps) {
  const countries = useMemo(() => countryOptions(values.country), [values.country]);
  const text = (field: CardField) => (event: { currentTarget: { value: string } }) =>
    set(field, event.currentTarget.value);
  return (
    <>
      <TextInput
        label="Cardholder name"
        required
        autoComplete="cc-name"
        value={values.cardholder}
        onChange={text('cardholder')}
        error={errors.cardholder}
        disabled={disabled}
        maxLength={255}
        data-testid="card-holder"
      />
      <TextInput
        label="Billing address"
        required
        autoComplete="address-line1"
        value={values.address}
        onChange={text('address')}
        error={errors.address}
        disabled={disabled}
        maxLength={255}
        data-testid="card-address"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="City"
          required
          autoComplete="address-level2"
          value={values.city}
          onChange={text('city')}
          error={errors.city}
          disabled={disabled}
          maxLength={255}
          data-testid="card-city"
        />
        <TextInput
          label="State"
          required
          autoComplete="address-level1"
          value={values.state}
          onChange={text('state')}
          error={errors.state}
          disabled={disabled}
          maxLength={255}
          data-testid="card-state"
        />
        <Select
          label="Country"
          required
          searchable
          data={countries}
          value={values.country || null}
          onChange={(value) => set('country', value ?? '')}
          error={errors.country}
          disabled={disabled}
          allowDeselect={false}
          data-testid="card-country"
        />
        <TextInput
          label="Zip code"
          required
          autoComplete="postal-code"
          value={values.zip}
          onChange={text('zip')}
          error={errors.zip}
          disabled={disabled}
          maxLength={20}
          data-testid="card-zip"
        />
      </SimpleGrid>
    </>
  );
}
