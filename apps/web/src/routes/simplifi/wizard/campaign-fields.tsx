import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Option, timeZoneOptions } from '../../campaigns/wizard/campaign-step';
import type { SimplifiFormErrors, SimplifiFormField, SimplifiFormValues } from './simplifi-form-model';

export interface SimplifiStepProps {
  values: SimplifiFormValues;
  errors: SimplifiFormErrors;
  set: <K extends SimplifiFormField>(field: K, value: SimplifiFormValues[K]) => void;
  disabled: boolean;
}

/** Step 1: the client (agency staff), the name, the dates, the time zone and where the ads click to. */
export function CampaignFields({
  values,
  errors,
  set,
  disabled,
  clients,
  editing,
}: SimplifiStepProps & { clients: Option[] | null; editing: boolean }) {
  return (
    <Stack gap="sm">
      {clients && (
        <Select
          label="Client"
          placeholder={clients.length === 0 ? 'No client has this module' : 'Choose a client'}
          data={clients}
          searchable
          value={values.clientID || null}
          onChange={(value) => set('clientID', value ?? '')}
          error={errors.clientID}
          disabled={disabled || editing}
          required
          data-testid="simplifi-client"
        />
      )}
      <TextInput
        label="Campaign Name"
        value={values.campaignName}
        onChange={(e) => set('campaignName', e.currentTarget.value)}
        error={errors.campaignName}
        disabled={disabled}
        required
        maxLength={255}
        data-testid="simplifi-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Start Date"
          value={values.startdatecampaign}
          onChange={(e) => set('startdatecampaign', e.currentTarget.value)}
          error={errors.startdatecampaign}
          disabled={disabled}
          data-testid="simplifi-start"
        />
        <TextInput
          type="date"
          label="End Date"
          value={values.enddatecampaign}
          onChange={(e) => set('enddatecampaign', e.currentTarget.value)}
          error={errors.enddatecampaign}
          disabled={disabled}
          data-testid="simplifi-end"
        />
      </SimpleGrid>
      <Select
        label="Time Zone"
        data={timeZoneOptions(values.timezone)}
        searchable
        allowDeselect={false}
        value={values.timezone}
        onChange={(value) => set('timezone', value ?? 'America/Chicago')}
        error={errors.timezone}
        disabled={disabled}
        data-testid="simplifi-timezone"
      />
      <TextInput
        label="Click URL"
        description="The advertiser's page the ads lead to."
        placeholder="https://"
        value={values.clickUrl}
        onChange={(e) => set('clickUrl', e.currentTarget.value)}
        error={errors.clickUrl}
        disabled={disabled}
        required
        maxLength={2000}
        data-testid="simplifi-click-url"
      />
    </Stack>
  );
}
