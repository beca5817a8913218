import type { DomainInfo, SessionUser } from '@app/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { brandVar } from '../../../app/branding/brand-theme';
import { PageLoader } from '../../../app/routing/page-loader';
import { CompanyFields } from '../profile-form/company-fields';
import { PersonalFields } from '../profile-form/personal-fields';
import { hasCompanyStep, useCompanyForm, usePersonalForm } from '../profile-form/use-profile-forms';
import type { StepForm } from '../profile-form/use-step-form';
import { useUserRoute } from '../shared/use-user-route';
import { TimeZoneSection } from './time-zone-section';

/**
 * /user/profile (spec 1 §2.3, §7.2): personal details with picture and an optional new password
 * (`POST /user/update` step 1) and, for agencies and clients, the company part (step 2). Each part
 * saves on its own; the session user is refetched after every save.
 */
export function ProfilePage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading your profile" />;
  // Keyed by user: a view-mode switch or another sign-in starts a fresh form.
  return <ProfileForms key={route.user.id} user={route.user} domain={route.domain} />;
}

function ProfileForms({ user, domain }: { user: SessionUser; domain: DomainInfo }) {
  const personal = usePersonalForm(user);
  const company = useCompanyForm(user, domain);

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>Profile</Title>
      <Section
        title="Personal Details"
        ariaLabel="Personal details"
        form={personal}
        submitLabel="Save Profile"
        testId="profile-save"
      >
        <PersonalFields form={personal} user={user} withPassword />
      </Section>
      {hasCompanyStep(user) && (
        <Section
          title="Company Details"
          ariaLabel="Company details"
          form={company}
          submitLabel="Save Company"
          testId="company-save"
        >
          <CompanyFields form={company} user={user} systemDomain={domain.domain} />
        </Section>
      )}
      <TimeZoneSection user={user} />
    </Stack>
  );
}

interface SectionProps<V> {
  title: string;
  ariaLabel: string;
  form: StepForm<V>;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}

function Section<V>({ title, ariaLabel, form, submitLabel, testId, children }: SectionProps<V>) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.save();
  }

  return (
    <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
      <form onSubmit={handleSubmit} noValidate aria-label={ariaLabel}>
        <Stack gap="md">
          <Text fw={700} size="lg">
            {title}
          </Text>
          {children}
          {form.savedMessage && (
            <Alert
              color="green"
              variant="light"
              icon={<IconCheck />}
              role="status"
              data-testid={`${testId}-done`}
            >
              {form.savedMessage}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving} data-testid={testId}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export default ProfilePage;
