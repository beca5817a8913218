import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { readFailed, useIntegrationsOverview } from '../../api/integrations';
import { useSessionPermissions } from '../../api/roles';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { DeliveryConsole } from './delivery-console';
import { groupByKind, isConnected } from './integration-model';
import { useOauthReturnNotice } from './oauth-return';
import { ProviderCard } from './provider-card';

/**
 * /integrations (spec 1 §2.3: clients and userdownline; issue 23): every provider this deployment
 * offers, grouped by kind, with the company's connection and how its deliveries go; below, the
 * delivery console across all of them once one is connected.
 */
export function IntegrationsPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const companyId = user?.company_id ?? 0;
  const overview = useIntegrationsOverview(companyId);
  const canManage = useSessionPermissions().may('integrations.manage');
  // A consent that could not be matched to its provider comes back here (`?error=expired`).
  useOauthReturnNotice();
  if (!user || overview.isPending) return <PageLoader label="Loading integrations" />;

  const providers = overview.data?.providers ?? [];
  const failed = readFailed(overview.data);
  const groups = groupByKind(providers);
  const anyConnected = providers.some((p) => isConnected(p.connection));

  return (
    <Stack gap="lg" data-testid="integrations-page">
      <Stack gap={0}>
        <Title order={2}>Integrations</Title>
        <Text size="sm" c="dimmed">
          Send every lead your campaigns capture to the tools you already use, besides the e-mail you get.
          Each lead is delivered to every connected integration, and each attempt is recorded below.
        </Text>
      </Stack>
      {failed && (
        <Alert color="red" variant="light" role="alert" data-testid="integrations-error">
          <Group justify="space-between">
            <Text size="sm">The integrations could not be loaded.</Text>
            <Button size="xs" variant="light" onClick={() => void overview.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}
      {!failed && groups.length === 0 && (
        <Alert color="gray" role="status" data-testid="integrations-empty">
          No integration is offered yet.
        </Alert>
      )}
      {groups.map((group) => (
        <Stack
          key={group.kind}
          gap="sm"
          component="section"
          aria-labelledby={`integrations-kind-${group.kind}`}
          data-testid={`integrations-group-${group.kind}`}
        >
          <Title order={3} size="h5" id={`integrations-kind-${group.kind}`} c="dimmed" tt="uppercase">
            {group.label}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {group.providers.map((provider) => (
              <ProviderCard key={provider.slug} provider={provider} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {anyConnected && (
        <DeliveryConsole
          companyId={companyId}
          slug={null}
          providers={providers}
          canReplay={canManage}
          emptyHint="No deliveries yet. Open an integration and use Send test payload to send a sample lead."
        />
      )}
    </Stack>
  );
}

export default IntegrationsPage;
