import type { CampaignModule, SessionUser } from '@app/contracts';
import { moduleNaming } from '@app/policy';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { routeLeadModule } from '../../app/routing/route-lead-module';
import {
  ALL_CLIENTS,
  ClientSelect,
  LeadReportPanel,
  reportCompanies,
  reportViewerOf,
} from '../../components/lead-report';

/**
 * /{module}/leads-management (spec 1 §2.3: administrators only, in no menu; the policy's guard
 * answers 404 to anyone else): the module's lead report across the agency's clients, one client or
 * all. The system's administrators read their whole system's leads of the module (decision 0049).
 */
export function LeadsManagementPage() {
  const current = useCurrentRoute();
  const user = current?.ctx.user ?? null;
  const module = routeLeadModule(current);
  if (!user || !module) return <PageLoader label="Loading leads" />;
  return <LeadsManagement key={module} user={user} module={module} />;
}

export function LeadsManagement({ user, module }: { user: SessionUser; module: CampaignModule }) {
  const viewer = reportViewerOf(user);
  const [client, setClient] = useState(ALL_CLIENTS);
  const { companyID, clientID } = reportCompanies(viewer, client);
  return (
    <Stack gap="lg" data-testid="leads-management" data-module={module}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{`${moduleNaming(user, module).name} Leads Management`}</Title>
          <Text size="sm" c="dimmed">
            {viewer.kind === 'agency'
              ? 'Every lead of your clients’ campaigns.'
              : 'Every lead of this module.'}
          </Text>
        </Stack>
        {viewer.kind === 'agency' && (
          <ClientSelect
            agencyID={viewer.companyID}
            idsys={viewer.idsys}
            value={client}
            onChange={setClient}
            testId="leads-management-client"
          />
        )}
      </Group>
      {/* A new client starts a fresh report (page 1, its own init dates). */}
      <LeadReportPanel key={clientID} companyId={companyID} clientId={clientID} moduleType={module} />
    </Stack>
  );
}

export default LeadsManagementPage;
