import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/http';
import { brandVar } from '../../../app/branding/brand-theme';
import { PageLoader } from '../../../app/routing/page-loader';
import { useUserRoute } from '../shared/use-user-route';
import { QuestionnaireFields } from './questionnaire-fields';
import { useQuestionnaire, useSetupCompletion } from './use-questionnaire';

const ANSWERS_SAVED = 'Thank you, your answers are saved.';

/**
 * /user/questionnaire (not for clients: the route guard answers 404) and /user/questionnaire-add: the
 * onboarding questions, saved as `answers` of `PUT /leadspeek/user/setupcomplete`.
 */
export function QuestionnairePage() {
  const route = useUserRoute();
  const questionnaire = useQuestionnaire();
  const completion = useSetupCompletion();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  if (!route) return <PageLoader label="Loading the questionnaire" />;
  const { user, routeName } = route;
  const answeredBefore = user.questionnaire_setup_completed === 'T';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    if (!questionnaire.check()) return;
    try {
      // The server's answer speaks of setup as a whole; here the answers are what was saved.
      await completion.complete(user.id, questionnaire.answers);
      setOutcome({ ok: true, message: ANSWERS_SAVED });
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error) });
    }
  }

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{routeName}</Title>
      <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Questionnaire">
          <Stack gap="lg">
            <Text c="dimmed" size="sm">
              {answeredBefore
                ? 'You have answered these questions before. Sending them again replaces your earlier answers.'
                : 'A few questions about your business help us set up the platform for you.'}
            </Text>
            <QuestionnaireFields
              answers={questionnaire.answers}
              errors={questionnaire.errors}
              onChange={(id, value) => {
                setOutcome(null);
                questionnaire.setAnswer(id, value);
              }}
              disabled={completion.pending}
            />
            {outcome && (
              <Alert
                color={outcome.ok ? 'green' : 'red'}
                variant="light"
                icon={outcome.ok ? <IconCheck /> : <IconAlertCircle />}
                role={outcome.ok ? 'status' : 'alert'}
                data-testid={outcome.ok ? 'questionnaire-done' : 'questionnaire-error'}
              >
                {outcome.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={completion.pending} data-testid="questionnaire-save">
                Save Answers
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export default QuestionnairePage;
