import type { ManagedNode, SessionUser } from '@app/contracts';
import { isCompanyOwner, isSalesUser } from '@app/policy';
import { Alert, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { AgencySortKey } from '../../../api/agency-list';
import { useRoles } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import type { DataColumn } from '../../../components/data-list/data-table';
import {
  CREATED_COLUMN,
  EMAIL_COLUMN,
  FULL_NAME_COLUMN,
  STATUS_COLUMN,
} from '../../../components/managed-list/columns';
import { ManagedListScreen } from '../../../components/managed-list/managed-list-screen';
import { useListPermissions } from '../../../components/managed-list/use-list-permissions';
import { EMPTY_USER_FORM, NO_OFFER } from '../../../components/user-form/user-form-model';

/**
 * /configuration/administrator-list (spec 2 §2, §3): the company's staff (user type user) with add,
 * inline edit and delete, their role and the staff switches (default admin, customer care,
 * notifications, add to all campaigns, e-mail, campaign creation, phone number, spreadsheet editor).
 * Sales account executives reach the menu entry (spec 2 §6) but the server keeps staff lists to
 * system and agency staff, so they are told who manages administrators.
 */
export function AdministratorListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  if (!viewer) return <PageLoader label="Loading administrators" />;
  return <AdministratorList viewer={viewer} />;
}

/** What a sales account executive sees: the server keeps staff lists to their own companies' people. */
export const SALES_STAFF_NOTICE =
  "Administrators are managed by each agency's owner and by the platform's staff. Contact them to add or change an administrator.";

function AdministratorList({ viewer }: { viewer: SessionUser }) {
  if (isSalesUser(viewer)) {
    return (
      <Stack gap="md">
        <Title order={2}>Administrator List</Title>
        <Alert variant="light" data-testid="admins-sales-notice">
          {SALES_STAFF_NOTICE}
        </Alert>
      </Stack>
    );
  }
  return <StaffList viewer={viewer} companyID={viewer.company_id} />;
}

function StaffList({ viewer, companyID }: { viewer: SessionUser; companyID: number }) {
  const roles = useRoles(companyID, viewer.id);
  // A company's administrators are managed by its owner (the server refuses anyone else).
  const permissions = useListPermissions(isCompanyOwner);

  const roleOptions = useMemo(
    () => (roles.data?.roles ?? []).map((role) => ({ value: String(role.roleID), label: role.roleName })),
    [roles.data],
  );
  const columns = useMemo<DataColumn<ManagedNode, AgencySortKey>[]>(() => {
    const roleName = (node: ManagedNode) =>
      roleOptions.find((role) => role.value === String(node.role_id))?.label ?? 'No role';
    return [
      FULL_NAME_COLUMN,
      EMAIL_COLUMN,
      { id: 'role', label: 'Role', render: roleName },
      STATUS_COLUMN,
      CREATED_COLUMN,
    ];
  }, [roleOptions]);

  return (
    <ManagedListScreen
      title="Administrator List"
      addLabel="Add Administrator"
      addButtonTestId="add-admin"
      viewer={viewer}
      kind="staff"
      listedType="user"
      companyID={companyID}
      columns={columns}
      testIdPrefix="admins"
      rowId={(node) => `user-${node.id}`}
      rowTestId={(node) => `admin-row-${node.id}`}
      emptyText="No Data"
      offerFor={() => NO_OFFER}
      roles={roleOptions}
      permissions={permissions}
      addTitle="Add Administrator"
      addInitial={EMPTY_USER_FORM}
      addTestId="add-admin-form"
      nameOf={(node) => node.name}
    />
  );
}

export default AdministratorListPage;
