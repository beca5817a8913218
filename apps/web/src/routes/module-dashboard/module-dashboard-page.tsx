import type { CampaignModule, SessionUser } from '@app/contracts';
import { actorOf, moduleNaming, modulePath, reaches } from '@app/policy';
import { Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useModuleDashboard } from '../../api/lead-reports';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { routeLeadModule } from '../../app/routing/route-lead-module';
import { LoadFailure } from '../../components/data-list/load-failure';
import {
  ALL_CLIENTS,
  ClientSelect,
  InvoiceReport,
  type ReportViewer,
  reportCompanies,
  reportViewerOf,
} from '../../components/lead-report';
import { DashboardOverview } from './dashboard-overview';

/**
 * /{module}/dashboard (spec 1 §2.3, issue 11): the module's leads today / 7 / 30 days, the 30 days'
 * spend, running campaigns, leads per day and the top rejection reasons; an agency picks one client
 * or all; agencies and clients also get the invoice report. The policy's guard has already sent
 * system users to the agency list and others without the module to 404.
 */
export function ModuleDashboardPage() {
  const current = useCurrentRoute();
  const user = current?.ctx.user ?? null;
  const module = routeLeadModule(current);
  if (!user || !module) return <PageLoader label="Loading dashboard" />;
  return <ModuleDashboard key={module} user={user} module={module} />;
}

/** Whether the viewer can start a campaign themselves (the empty state's advice depends on it). */
const mayCreateCampaigns = (user: SessionUser) =>
  user.disable_client_add_campaign !== 'T' && reaches(actorOf(user, null), 'campaigns.create');

export function ModuleDashboard({ user, module }: { user: SessionUser; module: CampaignModule }) {
  const viewer: ReportViewer = reportViewerOf(user);
  const [client, setClient] = useState(ALL_CLIENTS);
  const { companyID, clientID } = reportCompanies(viewer, client);
  const dashboard = useModuleDashboard(companyID, clientID, module);
  const name = moduleNaming(user, module).name;
  const withInvoice = viewer.kind !== 'other';

  const overview = (
    <>
      {dashboard.isError && (
        <LoadFailure error={dashboard.error} onRetry={dashboard.refetch} testId="dashboard-error" />
      )}
      {!dashboard.data && !dashboard.isError && <Loader size="sm" aria-label="Loading dashboard" />}
      {dashboard.data && (
        <div aria-busy={dashboard.isFetching} style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
          <DashboardOverview
            data={dashboard.data.data}
            module={module}
            mayCreateCampaigns={mayCreateCampaigns(user)}
            campaignManagementPath={modulePath(user, module, 'campaign-management')}
          />
        </div>
      )}
    </>
  );

  return (
    <Stack gap="lg" data-testid="module-dashboard" data-module={module}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{`${name} Dashboard`}</Title>
        {viewer.kind === 'agency' && (
          <ClientSelect
            agencyID={viewer.companyID}
            idsys={viewer.idsys}
            value={client}
            onChange={setClient}
            testId="dashboard-client"
          />
        )}
      </Group>
      {withInvoice ? (
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview" data-testid="dashboard-tab-overview">
              Overview
            </Tabs.Tab>
            <Tabs.Tab value="invoice" data-testid="dashboard-tab-invoice">
              Invoice Report
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            {overview}
          </Tabs.Panel>
          <Tabs.Panel value="invoice" pt="md">
            <InvoiceReport
              companyId={companyID}
              clientId={clientID}
              moduleLabel={(m) => moduleNaming(user, m).name}
            />
          </Tabs.Panel>
        </Tabs>
      ) : (
        overview
      )}
    </Stack>
  );
}

export default ModuleDashboardPage;
