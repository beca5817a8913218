import type { ProviderView } from '@app/contracts';
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnected,
  IconSend,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  readFailed,
  useAuthorizeIntegration,
  useDisconnectIntegration,
  useIntegration,
  usePauseIntegration,
  useSendTestPayload,
} from '../../api/integrations';
import { useSessionPermissions } from '../../api/roles';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { confirmAction } from '../../components/feedback/feedback';
import { ConnectForm } from './connect-form';
import { DeliveryConsole } from './delivery-console';
import { GoHighLevelAgencySection } from './gohighlevel-subaccounts';
import { noticeDone, noticeFailed } from './integration-feedback';
import { isConnected } from './integration-model';
import { useOauthReturnNotice } from './oauth-return';
import { ConnectionStats, ConnectionStatus } from './provider-card';
import { SigningSecret, VerifyingSignatures } from './signing-secret';

/**
 * /integrations/{slug} (issue 23): connect or edit one provider, pause, resume, disconnect, send a
 * test payload; a webhook's signing secret and how to verify it; the provider's delivery console.
 */
export function IntegrationPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const slug = useParams().id ?? '';
  const companyId = user?.company_id ?? 0;
  const answer = useIntegration(companyId, slug);
  useOauthReturnNotice();
  if (!user || answer.isPending) return <PageLoader label="Loading the integration" />;
  const provider = answer.data?.provider ?? null;
  if (!provider)
    return (
      <Stack gap="md" data-testid="integration-page">
        <BackLink />
        <Alert color="red" variant="light" role="alert" data-testid="integration-error">
          <Group justify="space-between">
            <Text size="sm">This integration could not be loaded.</Text>
            {readFailed(answer.data) && (
              <Button size="xs" variant="light" onClick={() => void answer.refetch()}>
                Try Again
              </Button>
            )}
          </Group>
        </Alert>
      </Stack>
    );
  // A provider page remounts per provider and per connection, so the form starts from what is saved.
  return (
    <ProviderScreen
      key={`${provider.slug}:${provider.connection?.id ?? 0}`}
      companyId={companyId}
      provider={provider}
    />
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/integrations" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All integrations
      </Group>
    </Anchor>
  );
}

export function ProviderScreen({ companyId, provider }: { companyId: number; provider: ProviderView }) {
  const connected = isConnected(provider.connection);
  const webhook = provider.kind === 'webhook';
  // Changing a connection follows the role's settings switch (the server refuses it otherwise too).
  const canManage = useSessionPermissions().may('integrations.manage');
  const emptyHint = connected
    ? `No deliveries yet. Use Send test payload above to send a sample lead to ${provider.name}; it shows here within seconds.`
    : `No deliveries yet. Connect ${provider.name} first, then use Send test payload to send a sample lead.`;
  return (
    <Stack gap="md" data-testid="integration-page" data-slug={provider.slug}>
      <BackLink />
      <Stack gap={4}>
        <Title order={2}>{provider.name}</Title>
        <ConnectionStatus provider={provider} />
        <Text size="sm" c="dimmed">
          {provider.description}
        </Text>
        {provider.sandbox && (
          <Text size="xs" c="dimmed">
            This is a local sandbox of the service: what it receives is sandbox data, not a real account.
          </Text>
        )}
      </Stack>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: webhook ? 6 : 12 }}>
          <Paper component="section" withBorder p="md" radius="md" aria-labelledby="connection-title">
            <Stack gap="md">
              <Title order={3} size="h4" id="connection-title">
                {connected ? 'Connection' : 'Connect'}
              </Title>
              {connected && <ConnectionStats provider={provider} />}
              {canManage && provider.auth === 'oauth' && (
                <OauthConnect companyId={companyId} provider={provider} connected={connected} />
              )}
              {/* An OAuth provider's settings are edited once signed in (before, saving them is refused). */}
              {canManage &&
                provider.connect_fields.length > 0 &&
                (provider.auth !== 'oauth' || connected) && (
                  <ConnectForm companyId={companyId} provider={provider} />
                )}
              {canManage && connected && <ConnectionActions companyId={companyId} provider={provider} />}
              {canManage && webhook && connected && (
                <SigningSecret companyId={companyId} slug={provider.slug} />
              )}
              {canManage && webhook && !connected && (
                <Text size="xs" c="dimmed">
                  A signing secret is made when you connect; it is shown here then.
                </Text>
              )}
              {!canManage && (
                <Text size="sm" c="dimmed" data-testid="integration-read-only">
                  Your role may look at this integration but not change it.
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        {webhook && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <VerifyingSignatures />
          </Grid.Col>
        )}
      </Grid>
      <GoHighLevelAgencySection companyId={companyId} provider={provider} />
      <DeliveryConsole
        companyId={companyId}
        slug={provider.slug}
        providers={[provider]}
        emptyHint={emptyHint}
        canReplay={canManage}
      />
    </Stack>
  );
}

/** The provider's consent page: the server answers its address and we go there. */
function OauthConnect({
  companyId,
  provider,
  connected,
}: {
  companyId: number;
  provider: ProviderView;
  connected: boolean;
}) {
  const authorize = useAuthorizeIntegration(companyId, provider.slug);
  const start = () =>
    authorize.mutate(undefined, {
      onSuccess: (answer) => window.location.assign(answer.url),
      onError: (error) => noticeFailed(error, `Connect ${provider.name}`),
    });
  return (
    <Stack gap={4}>
      <Text size="sm">
        {connected
          ? `${provider.name} is connected. Connect again to use another account or renew the access.`
          : `You are taken to ${provider.name} to allow access, then back here.`}
      </Text>
      <Group>
        <Button
          leftSection={<IconPlugConnected size={16} aria-hidden />}
          variant={connected ? 'default' : 'filled'}
          loading={authorize.isPending}
          onClick={start}
          data-testid="integration-authorize"
        >
          {connected ? `Reconnect ${provider.name}` : `Connect with ${provider.name}`}
        </Button>
      </Group>
    </Stack>
  );
}

/** Pause / Resume, Send test payload, Disconnect (confirmed). */
function ConnectionActions({ companyId, provider }: { companyId: number; provider: ProviderView }) {
  const paused = provider.connection?.status === 'paused';
  const pause = usePauseIntegration(companyId, provider.slug);
  const test = useSendTestPayload(companyId, provider.slug);
  const disconnect = useDisconnectIntegration(companyId, provider.slug);

  const togglePause = () =>
    pause.mutate(!paused, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, paused ? 'Resume' : 'Pause'),
    });
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, 'Test payload'),
    });
  const askDisconnect = async () => {
    const yes = await confirmAction({
      title: `Disconnect ${provider.name}`,
      message: `Leads are no longer sent to ${provider.name}, and its settings and secrets are removed. The delivery history stays.`,
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (!yes) return;
    disconnect.mutate(undefined, {
      onSuccess: (answer) => noticeDone(answer.message),
      onError: (error) => noticeFailed(error, 'Disconnect'),
    });
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" data-testid="integration-actions">
        <Button
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={test.isPending}
          disabled={paused}
          onClick={sendTest}
          data-testid="integration-test"
        >
          Send test payload
        </Button>
        <Button
          variant="default"
          leftSection={
            paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />
          }
          loading={pause.isPending}
          onClick={togglePause}
          data-testid="integration-pause"
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          color="red"
          variant="outline"
          loading={disconnect.isPending}
          onClick={() => void askDisconnect()}
          data-testid="integration-disconnect"
        >
          Disconnect
        </Button>
      </Group>
      {paused && (
        <Text size="xs" c="dimmed">
          Nothing is sent while paused (leads wait in the queue): resume to send them and test payloads.
        </Text>
      )}
    </Stack>
  );
}

export default IntegrationPage;
