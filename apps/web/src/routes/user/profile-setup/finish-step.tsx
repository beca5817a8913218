import type { SessionUser } from '@app/contracts';
import { Alert, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
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
