import type { ProviderView } from '@app/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { connectionBadge, formatCount, formatWhen, isConnected } from './integration-model';

/** The status badge of a connection (Connected / Paused / Not connected) and what it adds. */
export function ConnectionStatus({ provider }: { provider: ProviderView }) {
  const badge = connectionBadge(provider.connection);
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge
          color={badge.colour}
          variant="light"
          data-testid={`integration-status-${provider.slug}`}
          data-status={badge.state}
        >
          {badge.label}
        </Badge>
        {provider.sandbox && (
          <Badge color="grape" variant="outline" data-testid={`integration-sandbox-${provider.slug}`}>
            Sandbox
          </Badge>
        )}
      </Group>
      {badge.detail && (
        <Text size="xs" c="dimmed" data-testid={`integration-status-detail-${provider.slug}`}>
          {badge.detail}
        </Text>
      )}
    </Stack>
  );
}

/** Delivered, queued, failed and the last delivery of a connection. */
export function ConnectionStats({
  provider,
  compact = false,
}: {
  provider: ProviderView;
  compact?: boolean;
}) {
  const connection = provider.connection;
  if (!connection) return null;
  const { stats } = connection;
  const items = [
    { label: 'Delivered', value: formatCount(stats.delivered) },
    { label: 'Queued', value: formatCount(stats.queued) },
    { label: 'Failed', value: formatCount(stats.failed) },
    { label: 'Last delivered', value: formatWhen(stats.last_delivered_at) },
  ];
  return (
    <SimpleGrid
      cols={compact ? 2 : { base: 2, xs: 4 }}
      spacing="xs"
      data-testid={`integration-stats-${provider.slug}`}
    >
      {items.map((item) => (
        <Stack key={item.label} gap={0}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text size="sm" fw={600}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** One provider on the overview: what it is, whether it is connected, how its deliveries go. */
export function ProviderCard({ provider }: { provider: ProviderView }) {
  const connected = isConnected(provider.connection);
  const headingId = `integration-name-${provider.slug}`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid={`integration-card-${provider.slug}`}
    >
      <Stack gap="sm" h="100%">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            {provider.name}
          </Title>
          <ConnectionStatus provider={provider} />
        </Stack>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {provider.description}
        </Text>
        {connected && <ConnectionStats provider={provider} compact />}
        <Group justify="flex-end">
          <Button
            component={Link}
            to={`/integrations/${encodeURIComponent(provider.slug)}`}
            variant={connected ? 'default' : 'filled'}
            size="xs"
            aria-label={`${connected ? 'Manage' : 'Connect'} ${provider.name}`}
            data-testid={`integration-open-${provider.slug}`}
          >
            {connected ? 'Manage' : 'Connect'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
