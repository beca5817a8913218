import { type SessionUser, USER_TYPES, type UserType } from '@app/contracts';
import { type AgencyRow, type AgencyRowAction, agencyRowActions } from '@app/policy';
import type { AgencyNode } from '../../../api/agency-list';
import type { ViewModeTarget } from '../../../app/session/view-mode';

const ROW_TYPES: readonly AgencyRow['user_type'][] = ['userdownline', 'user', 'client', 'sales'];

function isRowType(value: string): value is AgencyRow['user_type'] {
  return (ROW_TYPES as readonly string[]).includes(value);
}

/** Row icons the viewer sees (spec 2 §6). A row of a user type the rules do not know gets none. */
export function rowActionsFor(viewer: SessionUser, node: AgencyNode): ReadonlySet<AgencyRowAction> {
  if (!isRowType(node.user_type)) return new Set();
  return new Set(
    agencyRowActions(viewer, { user_type: node.user_type, payment_status: node.payment_status }),
  );
}

/** What `useSwitchUser()` needs for a row; the list carries no company group (only clients have one). */
export function switchTarget(node: AgencyNode): ViewModeTarget {
  const known = (USER_TYPES as readonly string[]).includes(node.user_type);
  return { usrID: node.id, userType: known ? (node.user_type as UserType) : null };
}
