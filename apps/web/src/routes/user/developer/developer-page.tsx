import type { SessionUser, UserApiCreatedResponse } from '@app/contracts';
import { isSystemUser } from '@app/policy';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeveloperState } from '../../../api/developer';
import { PageLoader } from '../../../app/routing/page-loader';
import { DeveloperAgreementAccept } from '../../../components/developer-agreement/developer-agreement-accept';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { useUserRoute } from '../shared/use-user-route';
import { ApiDocs } from './api-docs';
import { ApiKeyPanel } from './api-key-panel';
import { DeveloperFeeForm } from './developer-fee-form';

/**
 * /user/developer, the profile menu's Developer entry (spec 1 §2.5, §6; spec 2 §4, §7 "Open API";
 * decision 0100). The route's guard is the menu's own rule (`showsDeveloper`). Keys are shown only
 * after the developer marketing services agreement is accepted (its checkbox required: 'Please
 * click agree before you continue'); then the key, its secret once, rotation and revocation, and
 * the Open API's documentation with copy-paste examples.
 */
export default function DeveloperPage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading developer settings" />;
  return <Developer key={route.user.id} user={route.user} />;
}

function Developer({ user }: { user: SessionUser }) {
  const state = useDeveloperState(user.company_id);
  const [made, setMade] = useState<UserApiCreatedResponse | null>(null);
  const system = isSystemUser(user);

  if (state.isPending) return <PageLoader label="Loading developer settings" />;
  if (state.isError) return <FailureAlert error={state.error} />;
  const data = state.data;
  const accepted = data.is_marketing_services_agreement_developer === 'T';
  const clientId = made?.client_id ?? data.key?.client_id ?? null;

  return (
    <Stack gap="lg" maw={900}>
      <Title order={2}>Developer</Title>
      <Text size="sm">
        The Open API lets your own software read and manage your campaigns, leads and suppression list.
      </Text>
      {system && <DeveloperFeeForm />}
      {!accepted && !system ? (
        <Stack gap="sm" data-testid="developer-agreement-needed">
          <Alert color="blue" variant="light">
            API keys are shown once your company accepts the{' '}
            <Anchor component={Link} to="/marketing-services-agreement-developer">
              Marketing Services Agreement (Developer)
            </Anchor>
            .
            {data.first_time_charge &&
              ` A one-time developer fee of $${data.first_time_charge} applies when you create your first key.`}
          </Alert>
          <DeveloperAgreementAccept />
        </Stack>
      ) : (
        <>
          <ApiKeyPanel
            companyId={user.company_id}
            email={user.email}
            state={data}
            made={made}
            onMade={setMade}
          />
          {clientId && <ApiDocs state={data} clientId={clientId} secret={made?.secret_key ?? null} />}
        </>
      )}
    </Stack>
  );
}
