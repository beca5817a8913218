import type { SessionUser } from '@app/contracts';
import { Alert, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QuestionnaireFields } from '../questionnaire/questionnaire-fields';
import type { Questionnaire } from '../questionnaire/use-questionnaire';

interface FinishStepProps {
  /** The refetched session user: the summary shows what the server saved. */
  user: SessionUser;
  withCompany: boolean;
  /** The industry just saved in step 2 (shown when the session user carries none). */
  industry: string;
  subdomain: string;
  /** Null for clients: they are not asked the questionnaire. */
  questionnaire: Questionnaire | null;
  disabled: boolean;
  error: string | null;
  /** A client's campaign setup (decision 0094); null for everyone else. */
  campaignSetup?: ReactNode;
}

function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Last step of Profile Setup: a summary of the saved details and, for non-clients, the questionnaire. */
export function FinishStep({
  user,
  withCompany,
  industry,
  subdomain,
  questionnaire,
  disabled,
  error,
  campaignSetup = null,
}: FinishStepProps) {
  const place = [user.city, [user.state_code, user.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    ['Full Name', user.name],
    ['E-mail', user.email],
    ['Phone', [user.phone_country_calling_code, user.phonenum].filter(Boolean).join(' ')],
    [
      'Address',
      [user.address, place, user.country_code ? regionName(user.country_code) : '']
        .filter(Boolean)
        .join(', '),
    ],
  ];
  if (withCompany) {
    rows.push(['Company', user.company_name], ['Industry', user.industry_name || industry.trim()]);
    if (subdomain) rows.push(['Subdomain', subdomain]);
    // The people of the company saved on step 2 (decision 0094).
    const person = (name: string, email: string) => [name, email].filter(Boolean).join(', ');
    if (user.franchizedirector === 'T')
      rows.push(['Franchise Director', person(user.director_name, user.director_email)]);
    if (user.officemanager === 'T')
      rows.push(['Office Manager', person(user.manager_name, user.manager_email)]);
    if (user.teammanager === 'T') rows.push(['Team Manager', person(user.team_name, user.team_email)]);
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="setup-summary">
        {rows.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm">{value || '—'}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      {campaignSetup && (
        <>
          <Divider />
          {campaignSetup}
        </>
      )}
      {questionnaire && (
        <>
          <Divider />
          <Stack gap="xs">
            <Text fw={600}>A few questions about your business</Text>
            <QuestionnaireFields
              answers={questionnaire.answers}
              errors={questionnaire.errors}
              onChange={questionnaire.setAnswer}
              disabled={disabled}
            />
          </Stack>
        </>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="setup-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
