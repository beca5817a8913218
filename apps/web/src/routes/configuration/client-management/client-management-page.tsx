import { isModuleType, type ModuleType, type SessionUser, type SetupCheck } from '@app/contracts';
import { availableModules, isSalesUser, userMayAddClients } from '@app/policy';
import { Alert } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ManagedNode } from '../../../api/agency-list';
import { failureMessage } from '../../../api/http';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { useSwitchUser } from '../../../app/session/view-mode';
import { groupSegment } from '../../../components/company-group/company-group';
import { useSelectedCompanyGroup } from '../../../components/company-group/selected-group';
import { ClientRowExtras } from '../../../components/managed-list/client-row-extras';
import { CLIENT_COLUMNS } from '../../../components/managed-list/columns';
import { ManagedListScreen } from '../../../components/managed-list/managed-list-screen';
import { SalesAgencySelect, useSalesAgencies } from '../../../components/managed-list/sales-agency-select';
import { SubscriptionCancelledBadge } from '../../../components/managed-list/subscription-cancelled-badge';
import { useListPermissions } from '../../../components/managed-list/use-list-permissions';
import {
  defaultModuleOptions,
  EMPTY_USER_FORM,
  moduleOffer,
  type Option,
  offerFromNode,
} from '../../../components/user-form/user-form-model';
import { UserLogsModal } from '../../../components/user-logs/user-logs-modal';
import { switchTarget } from '../agency-list/row-actions';
import { clientRowActions } from './client-actions';

/**
 * /configuration/client-management (spec 2 §2): an agency's clients with search, sort and paging, add,
 * inline edit, delete, resend invitation, user logs and switch to user. A sales account executive with
 * a connected account (the only sales who reach it, spec 2 §6) picks one of their agencies first.
 */
export function ClientManagementPage() {
  const ctx = useCurrentRoute()?.ctx;
  const viewer = ctx?.user ?? null;
  if (!viewer) return <PageLoader label="Loading clients" />;
  const setup = ctx?.setup ?? null;
  return <ClientManagement viewer={viewer} mayAddClients={userMayAddClients(viewer, setup)} setup={setup} />;
}

/**
 * The modules an agency may give its clients: those it may open itself (the module rule, decision
 * 0063: a beta it does not test is no module for its clients either), by the names it gave them.
 */
function ownModules(viewer: SessionUser, open: readonly ModuleType[]): Option<ModuleType>[] {
  return viewer.modules.flatMap((m) =>
    isModuleType(m.type) && open.includes(m.type) ? [{ value: m.type, label: m.name }] : [],
  );
}

/**
 * `mayAddClients`: the policy's "connect the payment account prior to adding any clients" (spec 1 §8);
 * the shell's warning says why the button is missing, and the server refuses the same.
 */
function ClientManagement({
  viewer,
  mayAddClients,
  setup,
}: {
  viewer: SessionUser;
  mayAddClients: boolean;
  setup: SetupCheck | null;
}) {
  const openModules = useMemo(() => availableModules(viewer, setup), [viewer, setup]);
  const sales = isSalesUser(viewer);
  const salesAgencies = useSalesAgencies(viewer, sales);
  const agencyID = sales ? (salesAgencies.chosen?.company_id ?? null) : viewer.company_id;
  const cancelledAt = sales
    ? (salesAgencies.chosen?.subscription_cancelled_at ?? null)
    : viewer.subscription_cancelled_at;
  // The sidebar's groups are the viewer's own company's: they narrow only its own clients.
  const selectedGroup = groupSegment(useSelectedCompanyGroup());
  const group = sales ? undefined : selectedGroup;
  const listPermissions = useListPermissions();
  const permissions = useMemo(
    () => ({ ...listPermissions, create: listPermissions.create && mayAddClients }),
    [listPermissions, mayAddClients],
  );
  const switchUser = useSwitchUser();
  const switchingId = switchUser.isPending ? (switchUser.variables?.usrID ?? null) : null;
  const [logsFor, setLogsFor] = useState<ManagedNode | null>(null);
  const master = viewer.is_master_system;

  const newClientOffer = useMemo(() => {
    const chosen = salesAgencies.chosen;
    const options = chosen
      ? defaultModuleOptions(chosen.selected_modules.filter((m) => m.status).map((m) => m.type))
      : ownModules(viewer, openModules);
    return moduleOffer(options, master);
  }, [salesAgencies.chosen, viewer, master, openModules]);
  const addInitial = useMemo(
    () => ({ ...EMPTY_USER_FORM, modules: newClientOffer.modules.map((m) => m.value) }),
    [newClientOffer],
  );

  if (sales && salesAgencies.loading) return <PageLoader label="Loading your agencies" />;
  if (agencyID === null) {
    return <Alert variant="light">No agency is linked to you yet, so there are no clients to show.</Alert>;
  }

  return (
    <>
      <ManagedListScreen
        key={agencyID}
        title="Client Management"
        addLabel="Add Client"
        addButtonTestId="add-client"
        headerExtra={
          <>
            <SubscriptionCancelledBadge companyId={agencyID} cancelledAt={cancelledAt} />
            {sales && (
              <SalesAgencySelect
                agencies={salesAgencies.agencies}
                chosen={salesAgencies.chosen}
                onChoose={salesAgencies.choose}
              />
            )}
          </>
        }
        viewer={viewer}
        kind="client"
        listedType="client"
        companyID={agencyID}
        group={group}
        columns={CLIENT_COLUMNS}
        testIdPrefix="clients"
        rowId={(node) => String(node.company_id)}
        rowTestId={(node) => `client-row-${node.company_id}`}
        emptyText="Client No Data"
        offerFor={(node) => (node ? offerFromNode(node, master) : newClientOffer)}
        permissions={permissions}
        deletable={(node) => clientRowActions(viewer, node).has('delete')}
        extraActions={(node) => (
          <ClientRowExtras
            node={node}
            actions={clientRowActions(viewer, node)}
            onLogs={setLogsFor}
            onSwitch={(target) => switchUser.mutate(switchTarget(target))}
            switchingId={switchingId}
          />
        )}
        addTitle="Add Client"
        addInitial={addInitial}
        addTestId="add-client-form"
      >
        {switchUser.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="switch-user-error">
            {failureMessage(switchUser.error)}
          </Alert>
        )}
      </ManagedListScreen>
      <UserLogsModal
        opened={logsFor !== null}
        onClose={() => setLogsFor(null)}
        title="User Logs"
        company={{ id: logsFor?.company_id ?? 0, name: logsFor?.company_name ?? '' }}
        companies={logsFor ? [{ value: String(logsFor.company_id), label: logsFor.company_name }] : []}
      />
    </>
  );
}

export default ClientManagementPage;
