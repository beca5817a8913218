import type { SessionUser } from '@app/contracts';
import { Alert, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { callingCodeOf } from '../../../components/phone-input/phone';
import { PhoneInput } from '../../../components/phone-input/phone-input';
import { countryOptions } from './countries';
import { PictureField } from './picture-field';
import { needsCurrentPassword, type PersonalValues } from './profile-model';
import type { StepForm } from './use-step-form';

interface PersonalFieldsProps {
  form: StepForm<PersonalValues>;
  user: SessionUser;
  /** The optional new password pair (the profile screen shows it, the setup wizard does not). */
  withPassword?: boolean;
}

/**
 * Step 1 of the profile (spec 1 §7.2): picture, name, e-mail, phone, address, optional new password.
 * A new password or another e-mail address asks for the current password too (decision 0018).
 */
export function PersonalFields({ form, user, withPassword = false }: PersonalFieldsProps) {
  const { values, errors, set } = form;
  const countries = useMemo(() => countryOptions(values.country), [values.country]);
  const text =
    (key: keyof PersonalValues, transform: (value: string) => string = (value) => value) =>
    (event: { currentTarget: { value: string } }) =>
      set(key, transform(event.currentTarget.value));

  return (
    <Stack gap="md">
      {errors.form && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          role="alert"
          data-testid="profile-error"
        >
          {errors.form}
        </Alert>
      )}
      <PictureField
        label="Profile Picture"
        currentUrl={user.profile_pict}
        file={values.picture}
        onChange={(file) => set('picture', file)}
        error={errors.picture}
        testId="profile-picture"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          maxLength={255}
          value={values.name}
          error={errors.name}
          onChange={text('name')}
        />
        <TextInput
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={70}
          value={values.email}
          error={errors.email}
          // Spec 1 §5: e-mail inputs force lowercase.
          onChange={text('email', (value) => value.toLowerCase())}
        />
        <PhoneInput
          required
          value={{ number: values.phone, countryCode: values.phoneCountryCode }}
          onChange={(phone) => {
            set('phone', phone.number);
            if (phone.countryCode !== values.phoneCountryCode) {
              set('phoneCountryCode', phone.countryCode);
              set('phoneCountryDialCode', callingCodeOf(phone.countryCode) ?? '');
            }
          }}
          error={errors.phone}
        />
        <TextInput
          label="Address"
          name="address"
          autoComplete="street-address"
          maxLength={255}
          value={values.address}
          error={errors.address}
          onChange={text('address')}
        />
        <TextInput
          label="City"
          name="city"
          autoComplete="address-level2"
          maxLength={100}
          value={values.city}
          error={errors.city}
          onChange={text('city')}
        />
        <TextInput
          label="State"
          name="state"
          placeholder="e.g. TX"
          autoComplete="address-level1"
          maxLength={10}
          value={values.state}
          error={errors.state}
          onChange={text('state', (value) => value.toUpperCase())}
        />
        <TextInput
          label="Zip"
          name="zip"
          autoComplete="postal-code"
          maxLength={20}
          value={values.zip}
          error={errors.zip}
          onChange={text('zip')}
        />
        <Select
          label="Country"
          name="country"
          searchable
          allowDeselect={false}
          data={countries}
          value={values.country || null}
          error={errors.country}
          onChange={(value) => set('country', value ?? '')}
          // Spec 1 §9: the country list shows 7 rows.
          maxDropdownHeight={7 * 36}
        />
      </SimpleGrid>
      {withPassword && (
        <Stack gap="xs">
          <Text fw={600}>Change Password</Text>
          <Text size="sm" c="dimmed">
            Leave both fields blank to keep your current password.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="New Password"
              name="newpass"
              autoComplete="new-password"
              value={values.newpass}
              error={errors.newpass}
              onChange={text('newpass')}
            />
            <PasswordInput
              label="Confirm New Password"
              name="renewpass"
              autoComplete="new-password"
              value={values.renewpass}
              error={errors.renewpass}
              onChange={text('renewpass')}
            />
          </SimpleGrid>
        </Stack>
      )}
      {needsCurrentPassword(values, user) && (
        <PasswordInput
          label="Current Password"
          description={
            values.newpass !== ''
              ? 'Enter your current password to change your password.'
              : 'Enter your current password to change your e-mail address. We will send a link to the new address; it takes effect once you open it.'
          }
          name="currpassword"
          autoComplete="current-password"
          required
          maw={480}
          value={values.currpassword}
          error={errors.currpassword}
          onChange={text('currpassword')}
          data-testid="current-password"
        />
      )}
    </Stack>
  );
}
