import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useDeveloperSettings, useSaveDeveloperSettings } from '../../../api/developer';
import { failureMessage } from '../../../api/http';
import { notifySuccess } from '../../../components/feedback/feedback';

/** The system's one-time developer fee (its staff, decision 0100): what agencies pay on enabling. */
export function DeveloperFeeForm() {
  const settings = useDeveloperSettings(true);
  const save = useSaveDeveloperSettings();
  const [fee, setFee] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setFee(settings.data.first_time_charge);
  }, [settings.data]);

  async function submit() {
    setError(null);
    try {
      const saved = await save.mutateAsync(fee);
      notifySuccess(`The developer fee is now $${saved.first_time_charge}.`);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="developer-fee-title">
      <Stack gap="sm">
        <Title order={3} id="developer-fee-title">
          Developer fee
        </Title>
        <Text size="sm" c="dimmed">
          Charged once to an agency's card when it creates its first API key after accepting the developer
          agreement; charged again if developer mode is turned off and on. 0 charges nothing.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="One-time fee ($)"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
            error={error}
            w={200}
            data-testid="developer-fee"
          />
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
