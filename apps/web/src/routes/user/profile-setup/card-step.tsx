import type { SessionUser } from '@app/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSavedCard } from '../../../api/cards';
import { CardForm } from '../../../components/card-form/card-form';
import { SavedCardView } from '../../../components/card-form/saved-card';

/**
 * The profile-setup card step (Payment Setup) for accounts that need a card (policy `requiresCard`):
 * the card form, with the onboarding fee while it is due. Once a card is saved it shows the card.
 * Next is not blocked: a client whose agency cannot take cards yet can still finish the profile, and
 * rule 3 of spec 1 §2.4 keeps sending anyone without a card back to Card Setting, which has this form.
 */
export function CardStep({ user }: { user: SessionUser }) {
  const saved = useSavedCard(user.id);
  // What the save answered ('…and the onboarding fee has been charged.'), said here beside Next.
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const card = saved.data?.card;
  if (card)
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="card-step-done">
          {savedMessage ?? 'Your card is saved.'} Continue to finish your setup.
        </Alert>
        <SavedCardView card={card} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Add the card that pays for your account. You can replace it later under Card Setting.
      </Text>
      <CardForm user={user} confirmsInline onSaved={(answer) => setSavedMessage(answer.message)} />
    </Stack>
  );
}
