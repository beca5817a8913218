import type { ManagedNode, SessionUser } from '@app/contracts';
import { isSystemOwner } from '@app/policy';
import { Badge } from '@mantine/core';
import type { AgencySortKey } from '../../../api/agency-list';
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

const COLUMNS: DataColumn<ManagedNode, AgencySortKey>[] = [
  FULL_NAME_COLUMN,
  EMAIL_COLUMN,
  {
    id: 'account_executive',
    label: 'Account Executive',
    render: (node) =>
      node.is_acc_executive === 'T' ? (
        <Badge variant="light" data-testid={`account-executive-${node.id}`}>
          Account Executive
        </Badge>
      ) : (
        ''
      ),
  },
  STATUS_COLUMN,
  CREATED_COLUMN,
];

/**
 * /configuration/sales-account-list (spec 2 §2, system only): the system's sales staff with add,
 * inline edit and delete. Sales people may look at it but not change it: the system's owner manages
 * its sales staff (the server's rule).
 */
export function SalesAccountListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  if (!viewer) return <PageLoader label="Loading sales accounts" />;
  return <SalesAccountList viewer={viewer} />;
}

function SalesAccountList({ viewer }: { viewer: SessionUser }) {
  const permissions = useListPermissions(isSystemOwner);
  return (
    <ManagedListScreen
      title="Sales Account List"
      addLabel="Add Sales Account"
      addButtonTestId="add-sales"
      viewer={viewer}
      kind="sales"
      listedType="sales"
      companyID={viewer.company_root_id || viewer.company_id}
      columns={COLUMNS}
      testIdPrefix="sales"
      rowId={(node) => `user-${node.id}`}
      rowTestId={(node) => `sales-row-${node.id}`}
      emptyText="No Data"
      offerFor={() => NO_OFFER}
      permissions={permissions}
      addTitle="Add Sales Account"
      addInitial={EMPTY_USER_FORM}
      addTestId="add-sales-form"
      nameOf={(node) => node.name}
    />
  );
}

export default SalesAccountListPage;
