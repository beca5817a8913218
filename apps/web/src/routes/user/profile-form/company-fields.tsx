import type { SessionUser } from '@app/contracts';
import { Alert, Divider, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PictureField } from './picture-field';
import { type CompanyValues, editsSubdomain } from './profile-model';
import type { StepForm } from './use-step-form';

interface CompanyFieldsProps {
  form: StepForm<CompanyValues>;
  user: SessionUser;
  /** The system's domain, shown after an agency's subdomain. */
  systemDomain: string;
}

/** Step 2 of the profile (spec 1 §7.2): company logo, name, industry and, for agencies, the subdomain. */
export function CompanyFields({ form, user, systemDomain }: CompanyFieldsProps) {
  const { values, errors, set } = form;
  // The session carries no subdomain: it is prefilled only on the agency's own host.
  const [subdomainKnown] = useState(() => values.subdomain !== '');
  const text = (key: keyof CompanyValues) => (event: { currentTarget: { value: string } }) =>
    set(key, event.currentTarget.value);

  return (
    <Stack gap="md">
      {errors.form && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          role="alert"
          data-testid="company-error"
        >
          {errors.form}
        </Alert>
      )}
      <PictureField
        label="Company Logo"
        shape="square"
        currentUrl={user.company_logo}
        file={values.logo}
        onChange={(file) => set('logo', file)}
        error={errors.logo}
        testId="company-logo"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Company Name"
          name="company"
          autoComplete="organization"
          placeholder="Company Name"
          required
          maxLength={255}
          value={values.company}
          error={errors.company}
          onChange={text('company')}
        />
        <TextInput
          label="Industry"
          name="industry"
          placeholder="e.g. Home services"
          maxLength={100}
          value={values.industry}
          error={errors.industry}
          onChange={text('industry')}
        />
        {editsSubdomain(user) && (
          <TextInput
            label="Subdomain"
            name="DownlineSubDomain"
            description={
              subdomainKnown
                ? 'Your clients sign in at this address.'
                : 'Your clients sign in at this address. Leave it blank to keep your current one.'
            }
            autoComplete="off"
            maxLength={63}
            rightSection={systemDomain ? `.${systemDomain}` : undefined}
            rightSectionWidth={systemDomain ? Math.min(40 + systemDomain.length * 7, 200) : undefined}
            value={values.subdomain}
            error={errors.subdomain}
            onChange={(event) => set('subdomain', event.currentTarget.value.toLowerCase())}
          />
        )}
      </SimpleGrid>
      <CompanyPeople form={form} />
    </Stack>
  );
}

type ContactPrefix = 'director' | 'manager' | 'team';

/** One person of the company: name, e-mail and phone under a switch. */
function ContactInputs({
  form,
  prefix,
  position,
}: {
  form: StepForm<CompanyValues>;
  prefix: ContactPrefix;
  position: string;
}) {
  const { values, errors, set } = form;
  const field = (suffix: 'name' | 'email' | 'phone') => `${prefix}${suffix}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid={`contact-${prefix}`}>
      <TextInput
        label={`${position} Name`}
        required
        maxLength={255}
        value={values[field('name')]}
        error={errors[field('name')]}
        onChange={(event) => set(field('name'), event.currentTarget.value)}
      />
      <TextInput
        label={`${position} E-mail`}
        type="email"
        required
        maxLength={70}
        value={values[field('email')]}
        error={errors[field('email')]}
        onChange={(event) => set(field('email'), event.currentTarget.value.toLowerCase())}
      />
      <TextInput
        label={`${position} Phone`}
        type="tel"
        maxLength={20}
        value={values[field('phone')]}
        error={errors[field('phone')]}
        onChange={(event) => set(field('phone'), event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}

/**
 * Step 2's people of the company (spec 1 §3.1; decision 0094): a franchise and its director, the office
 * manager, a team and its manager. A switch turned off keeps nothing of its person.
 */
function CompanyPeople({ form }: { form: StepForm<CompanyValues> }) {
  const { values, errors, set } = form;
  const toggle = (
    key: 'franchize' | 'franchizedirector' | 'officemanager' | 'team' | 'teammanager',
    label: string,
  ) => (
    <Switch
      label={label}
      checked={values[key]}
      error={errors[key]}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        set(key, on);
        // A director belongs to a franchise, a team manager to a team.
        if (!on && key === 'franchize') set('franchizedirector', false);
        if (!on && key === 'team') set('teammanager', false);
      }}
      data-testid={`contact-switch-${key}`}
    />
  );
  return (
    <Stack gap="sm" data-testid="company-people">
      <Divider label="People of the company" labelPosition="left" />
      {toggle('franchize', 'This company is a franchise')}
      {values.franchize && toggle('franchizedirector', 'It has a franchise director')}
      {values.franchize && values.franchizedirector && (
        <ContactInputs form={form} prefix="director" position="Director" />
      )}
      {toggle('officemanager', 'It has an office manager')}
      {values.officemanager && <ContactInputs form={form} prefix="manager" position="Office Manager" />}
      {toggle('team', 'It works in teams')}
      {values.team && toggle('teammanager', 'It has a team manager')}
      {values.team && values.teammanager && (
        <ContactInputs form={form} prefix="team" position="Team Manager" />
      )}
    </Stack>
  );
}
