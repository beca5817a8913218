import type { SessionUser } from '@app/contracts';
import { useMemo } from 'react';
import type { AgencySortKey, ManagedNode } from '../../../api/agency-list';
import { useLocalListState } from '../../../components/data-list/use-list-state';
import { ClientRowExtras } from '../../../components/managed-list/client-row-extras';
import { CLIENT_COLUMNS } from '../../../components/managed-list/columns';
import { type ListPermissions, ManagedUserList } from '../../../components/managed-list/managed-user-list';
import {
  defaultModuleOptions,
  EMPTY_USER_FORM,
  moduleOffer,
  offerFromNode,
} from '../../../components/user-form/user-form-model';
import { rowActionsFor } from './row-actions';

interface AgencyClientsProps {
  viewer: SessionUser;
  agency: ManagedNode;
  permissions: ListPermissions;
  adding: boolean;
  onAddClose: () => void;
  onLogs: (node: ManagedNode) => void;
  onSwitch: (node: ManagedNode) => void;
  switchingId: number | null;
}

/**
 * An expanded agency row (spec 2 §2): its clients, 10 per page with 'Showing X to Y of Z entries',
 * 'Loading Data' while fetching and 'Client No Data' when there are none, with its own pager, inline
 * edit and the add-client form. New clients may be given the modules the agency has. The sidebar's
 * company group is the viewer's own company's, so it does not narrow another company's clients.
 */
export function AgencyClients({ viewer, agency, ...props }: AgencyClientsProps) {
  const [state, update] = useLocalListState<AgencySortKey>();
  const master = viewer.is_master_system;
  const newClientOffer = useMemo(
    () =>
      moduleOffer(
        defaultModuleOptions(agency.selected_modules.filter((m) => m.status).map((m) => m.type)),
        master,
      ),
    [agency.selected_modules, master],
  );
  const addInitial = useMemo(
    () => ({ ...EMPTY_USER_FORM, modules: newClientOffer.modules.map((m) => m.value) }),
    [newClientOffer],
  );

  return (
    <ManagedUserList
      viewer={viewer}
      kind="client"
      listedType="client"
      companyID={agency.company_id}
      state={state}
      update={update}
      columns={CLIENT_COLUMNS}
      testIdPrefix={`clients-${agency.company_id}`}
      rowId={(node) => String(node.company_id)}
      rowTestId={(node) => `client-row-${node.company_id}`}
      emptyText="Client No Data"
      offerFor={(node) => (node ? offerFromNode(node, master) : newClientOffer)}
      permissions={props.permissions}
      deletable={(node) => rowActionsFor(viewer, node).has('delete')}
      extraActions={(node) => (
        <ClientRowExtras
          node={node}
          actions={rowActionsFor(viewer, node)}
          onLogs={props.onLogs}
          onSwitch={props.onSwitch}
          switchingId={props.switchingId}
        />
      )}
      adding={props.adding}
      onAddClose={props.onAddClose}
      addTitle={`Add a client to ${agency.company_name}`}
      addInitial={addInitial}
      addTestId={`add-client-form-${agency.company_id}`}
    />
  );
}
