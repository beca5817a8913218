import { Stack, Text, Title } from '@mantine/core';
import { useCurrentRoute } from '../../app/routing/current-route';

/**
 * Stand-in for screens that later issues build. Every such route points at this one module, so
 * replacing a screen means adding one entry to app/routing/screen-modules.ts.
 */
export function PendingPage() {
  const name = useCurrentRoute()?.match.route.name ?? 'Coming soon';
  return (
    <Stack gap="xs" py="md">
      <Title order={2}>{name}</Title>
      <Text c="dimmed">This screen arrives with a later release.</Text>
    </Stack>
  );
}

export default PendingPage;
