import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

/**
 * Spec 1 §2.2: the generic failure page. Retry reloads the whole page because the failure may be a
 * stale or missing code chunk (after a deployment) that only a fresh load can fix.
 */
export function ErrorPage({ error }: { error?: unknown }) {
  useEffect(() => {
    if (error !== undefined) console.error(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Something Went Wrong</Title>
        <Text c="dimmed">An unexpected error occurred. Please try again.</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
