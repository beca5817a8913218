import { Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CampaignFormErrors, CampaignFormField, CampaignFormValues } from './wizard-model';

export interface StepProps {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  set: <K extends CampaignFormField>(field: K, value: CampaignFormValues[K]) => void;
  disabled: boolean;
}

export interface Option {
  value: string;
  label: string;
}

/** The IANA zones the browser knows (America/Chicago first: spec 2 §9's default). */
export function timeZoneOptions(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Chicago'];
  const all = new Set(['America/Chicago', current, ...known]);
  return [...all].filter(Boolean);
}

/** Step 1: which client (agency users), the name, the company group, the dates and the time zone. */
export function CampaignStep({
  values,
  errors,
  set,
  disabled,
  clients,
  groups,
  editing,
}: StepProps & { clients: Option[] | null; groups: Option[]; editing: boolean }) {
  return (
    <Stack gap="sm">
      {clients && (
        <Select
          label="Client"
          placeholder="Choose a client"
          data={clients}
          searchable
          value={values.clientID || null}
          onChange={(value) => set('clientID', value ?? '')}
          error={errors.clientID}
          disabled={disabled || editing}
          required
          data-testid="campaign-client"
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
        data-testid="campaign-name"
      />
      <Select
        label="Company Group"
        placeholder="No group"
        data={groups}
        clearable
        value={values.companyGroupID || null}
        onChange={(value) => set('companyGroupID', value ?? '')}
        error={errors.companyGroupID}
        disabled={disabled}
        data-testid="campaign-group"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Start Date"
          value={values.startdatecampaign}
          onChange={(e) => set('startdatecampaign', e.currentTarget.value)}
          error={errors.startdatecampaign}
          disabled={disabled}
          data-testid="campaign-start"
        />
        <TextInput
          type="date"
          label="End Date"
          value={values.enddatecampaign}
          onChange={(e) => set('enddatecampaign', e.currentTarget.value)}
          error={errors.enddatecampaign}
          disabled={disabled}
          data-testid="campaign-end"
        />
      </SimpleGrid>
      <Group grow>
        <Select
          label="Time Zone"
          data={timeZoneOptions(values.timezone)}
          searchable
          allowDeselect={false}
          value={values.timezone}
          onChange={(value) => set('timezone', value ?? 'America/Chicago')}
          error={errors.timezone}
          disabled={disabled}
          data-testid="campaign-timezone"
        />
      </Group>
    </Stack>
  );
}
