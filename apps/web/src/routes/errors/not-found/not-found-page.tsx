import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Spec 1 §2.2: any path that is not a route, and routes a user type may not open. Texts are exact. */
export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you requested could not be found.</Text>
        <Button component={Link} to="/" size="md">
          Go to Homepage
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
