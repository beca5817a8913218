import type { CampaignModule, SessionUser } from '@app/contracts';
import { actorOf, menuMayOffer, moduleNaming, modulePath, reaches } from '@app/policy';
import { Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
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

/** The profile menu's Billing History (policy menus): an agency's or a client's invoices are there. */
const BILLING_HISTORY_PATH = '/user/billing-history';

/**
 * /{module}/dashboard (spec 1 §2.3, issue 11): the module's leads today / 7 / 30 days, the 30 days'
 * spend, running campaigns, leads per day and the top rejection reasons; an agency picks one client
 * or all; agencies and clients also get the invoice report, which points to their invoices (decision
 * 0074) on Billing History where the guard opens it. The policy's guard has already sent system users
 * to the agency list and others without the module to 404.
 */
export function ModuleDashboardPage() {
  const current = useCurrentRoute();
  const user = current?.ctx.user ?? null;
  const module = routeLeadModule(current);
  if (!current || !user || !module) return <PageLoader label="Loading dashboard" />;
  const invoicesPath = menuMayOffer(current.ctx, BILLING_HISTORY_PATH) ? BILLING_HISTORY_PATH : null;
  return <ModuleDashboard key={module} user={user} module={module} invoicesPath={invoicesPath} />;
}

/** Whether the viewer can start a campaign themselves (the empty state's advice depends on it). */
const mayCreateCampaigns = (user: SessionUser) =>
  user.disable_client_add_campaign !== 'T' && reaches(actorOf(user, null), 'campaigns.create');

export function ModuleDashboard({
  user,
  module,
  invoicesPath = null,
}: {
  user: SessionUser;
  module: CampaignModule;
  /** Where the viewer's invoices are (Billing History), when the guard opens it to them. */
  invoicesPath?: string | null;
}) {
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
            <Stack gap="sm">
              {invoicesPath && (
                <Text size="sm" data-testid="dashboard-invoices-link">
                  The invoices of Weekly and Monthly campaigns, each with its PDF, are on{' '}
                  <Anchor component={Link} to={invoicesPath}>
                    Billing History
                  </Anchor>
                  .
                </Text>
              )}
              <InvoiceReport
                companyId={companyID}
                clientId={clientID}
                moduleLabel={(m) => moduleNaming(user, m).name}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        overview
      )}
    </Stack>
  );
}

export default ModuleDashboardPage;
