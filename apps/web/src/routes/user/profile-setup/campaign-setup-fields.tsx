import { END_BEFORE_START, type SessionUser, type SetupCompleteRequest } from '@app/contracts';
import { actorOf, groupListCompany } from '@app/policy';
import { Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCompanyGroups } from '../../../api/company-groups';
import { localTimeZone } from '../../../api/http';

/** The lead fields a client's campaigns require, for Site ID campaigns and for the search-based ones. */
interface RequiredFields {
  phone: boolean;
  address: boolean;
  email: boolean;
}

export interface CampaignSetupValues {
  group: string;
  start: string;
  end: string;
  siteId: RequiredFields;
  search: RequiredFields;
  timeZone: string;
}

const tf = (on: boolean) => (on ? 'T' : 'F');

/** What the client chose before (the session's `campaign_setup`), else nothing required. */
export function campaignSetupFrom(user: SessionUser): CampaignSetupValues {
  const saved = user.campaign_setup ?? {};
  const on = (key: string) => saved[key] === 'T';
  return {
    group: String(saved.companyGroupID ?? '0'),
    start: String(saved.startdatecampaign ?? ''),
    end: String(saved.enddatecampaign ?? ''),
    siteId: {
      phone: on('phoneenabledsiteid'),
      address: on('homeaddressenabledsiteid'),
      email: on('requireemailaddresssiteid'),
    },
    search: {
      phone: on('phoneenabled'),
      address: on('homeaddressenabled'),
      email: on('requireemailaddress'),
    },
    timeZone: user.time_zone ?? localTimeZone(),
  };
}

/** The setupcomplete fields of the choice (decision 0094), or the text of what is wrong with it. */
export function campaignSetupPayload(
  v: CampaignSetupValues,
): { ok: true; body: Partial<SetupCompleteRequest> } | { ok: false; end: string } {
  if (v.start && v.end && v.start > v.end) return { ok: false, end: END_BEFORE_START };
  return {
    ok: true,
    body: {
      timezone: v.timeZone,
      companyGroupID: Number(v.group) || 0,
      startdatecampaign: v.start,
      enddatecampaign: v.end,
      phoneenabledsiteid: tf(v.siteId.phone),
      homeaddressenabledsiteid: tf(v.siteId.address),
      requireemailaddresssiteid: tf(v.siteId.email),
      phoneenabled: tf(v.search.phone),
      homeaddressenabled: tf(v.search.address),
      requireemailaddress: tf(v.search.email),
    },
  };
}

export function useCampaignSetup(user: SessionUser) {
  const [values, setValues] = useState(() => campaignSetupFrom(user));
  const [error, setError] = useState<string | null>(null);
  return {
    values,
    error,
    set: (change: Partial<CampaignSetupValues>) => {
      setError(null);
      setValues((current) => ({ ...current, ...change }));
    },
    /** The body's campaign fields, or null (the error shown) when they do not hold together. */
    payload: () => {
      const result = campaignSetupPayload(values);
      if (!result.ok) {
        setError(result.end);
        return null;
      }
      return result.body;
    },
  };
}
export type CampaignSetupForm = ReturnType<typeof useCampaignSetup>;

function RequiredChecks({
  title,
  value,
  onChange,
  testId,
}: {
  title: string;
  value: RequiredFields;
  onChange: (next: RequiredFields) => void;
  testId: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Group gap="md">
        {(
          [
            ['phone', 'Phone'],
            ['address', 'Home address'],
            ['email', 'E-mail'],
          ] as const
        ).map(([key, label]) => (
          <Checkbox
            key={key}
            label={label}
            checked={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
          />
        ))}
      </Group>
    </Stack>
  );
}

/**
 * A client's campaign setup on Profile Setup's last step (spec 1 §7.2 setupcomplete; decision 0094):
 * the company group, the dates, the lead fields its campaigns require and its time zone. Sent with
 * setupcomplete; the server applies them to the client's campaigns still waiting for their setup.
 */
export function CampaignSetupFields({
  user,
  form,
  disabled,
}: {
  user: SessionUser;
  form: CampaignSetupForm;
  disabled: boolean;
}) {
  const groups = useCompanyGroups(groupListCompany(actorOf(user, null)) ?? 0);
  const groupOptions = useMemo(
    () => [
      { value: '0', label: 'No group' },
      ...(groups.data?.params ?? []).map((g) => ({ value: String(g.id), label: g.group_name })),
    ],
    [groups.data],
  );
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const { values, set } = form;
  return (
    <Stack gap="sm" data-testid="campaign-setup">
      <Text fw={600}>Your campaigns</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Company group"
          data={groupOptions}
          value={values.group}
          allowDeselect={false}
          onChange={(group) => set({ group: group ?? '0' })}
          disabled={disabled}
        />
        <Select
          label="Time zone"
          description="Your reports count days in this zone."
          data={zones}
          searchable
          value={values.timeZone}
          allowDeselect={false}
          onChange={(timeZone) => timeZone && set({ timeZone })}
          disabled={disabled}
          data-testid="campaign-setup-zone"
        />
        <TextInput
          type="date"
          label="Campaign start date"
          value={values.start}
          onChange={(event) => set({ start: event.currentTarget.value })}
          disabled={disabled}
        />
        <TextInput
          type="date"
          label="Campaign end date"
          value={values.end}
          error={form.error}
          onChange={(event) => set({ end: event.currentTarget.value })}
          disabled={disabled}
        />
      </SimpleGrid>
      <RequiredChecks
        title="Leads of Site ID campaigns must have"
        value={values.siteId}
        onChange={(siteId) => set({ siteId })}
        testId="campaign-setup-siteid"
      />
      <RequiredChecks
        title="Leads of search campaigns must have"
        value={values.search}
        onChange={(search) => set({ search })}
        testId="campaign-setup-search"
      />
    </Stack>
  );
}
