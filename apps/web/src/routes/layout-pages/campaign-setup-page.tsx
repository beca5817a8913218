import { CLIENT_ACCOUNT_NOT_CONNECTED } from '@app/contracts';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BetaAgreementNotice, useBetaAgreement } from '../campaigns/beta-agreement';
import type { SimplifiScreen } from '../simplifi/use-simplifi-screen';
import { SimplifiWizard } from '../simplifi/wizard/simplifi-wizard';
import { LayoutPageFrame } from './layout-page-frame';

/**
 * /campaign-setup: a new display campaign, step by step — the campaign, its budget, its ads and its
 * audiences — as a page (the same wizard the list opens). A beta module's agreement comes first.
 */
export function CampaignSetupPage() {
  return (
    <LayoutPageFrame label="Loading campaign setup">{(screen) => <Setup screen={screen} />}</LayoutPageFrame>
  );
}

function Setup({ screen }: { screen: SimplifiScreen }) {
  const navigate = useNavigate();
  const { user, ctx, moduleName, isClientUser } = screen;
  const beta = useBetaAgreement(user, ctx, 'simplifi', moduleName);
  const blocked = !screen.may('campaigns.create')
    ? 'Your role does not allow creating campaigns.'
    : !screen.connected
      ? CLIENT_ACCOUNT_NOT_CONNECTED
      : null;
  return (
    <Stack gap="md" data-testid="simplifi-campaign-setup">
      <Stack gap={0}>
        <Title order={2}>{`${moduleName} Campaign Setup`}</Title>
        <Text size="sm" c="dimmed">
          A display campaign: who it advertises, its budget, its ads and who sees them. It is saved stopped
          and starts when you activate it.
        </Text>
      </Stack>
      <BetaAgreementNotice agreement={beta} moduleName={moduleName} isClientUser={isClientUser} />
      {beta.dialog}
      {blocked && (
        <Alert color="yellow" role="status" data-testid="simplifi-setup-blocked">
          {blocked}
        </Alert>
      )}
      {!blocked && !beta.pending && (
        <Paper withBorder p="md" radius="md">
          <SimplifiWizard
            inline
            moduleName={moduleName}
            campaignId={null}
            clients={screen.clients}
            ownClientId={isClientUser ? user.company_id : null}
            ownCompanyId={user.company_id}
            mayPrice={screen.may('campaigns.prices')}
            minimums={screen.minimums}
            userId={user.id}
            builderPath={screen.builderPath}
            audiencesPath={screen.audiencesPath}
            onClose={() => navigate('/campaign')}
          />
        </Paper>
      )}
    </Stack>
  );
}

export default CampaignSetupPage;
