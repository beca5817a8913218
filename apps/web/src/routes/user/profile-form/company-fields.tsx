import type { SessionUser } from '@app/contracts';
import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
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
    </Stack>
  );
}
