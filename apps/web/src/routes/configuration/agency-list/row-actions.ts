import { type SessionUser, USER_TYPES, type UserType } from '@app/contracts';
import {
  type AgencyRow,
  type AgencyRowAction,
  type ApiStatusColour,
  agencyRowActions,
  apiStatusColour,
  isSalesUser,
} from '@app/policy';
import type { ManagedNode } from '../../../api/agency-list';
import type { ViewModeTarget } from '../../../app/session/view-mode';

const ROW_TYPES: readonly AgencyRow['user_type'][] = ['userdownline', 'user', 'client', 'sales'];

function isRowType(value: string): value is AgencyRow['user_type'] {
  return (ROW_TYPES as readonly string[]).includes(value);
}

/** Row icons the viewer sees (spec 2 §6). A row of a user type the rules do not know gets none. */
export function rowActionsFor(
  viewer: SessionUser,
  node: Pick<ManagedNode, 'user_type' | 'payment_status'>,
): ReadonlySet<AgencyRowAction> {
  if (!isRowType(node.user_type)) return new Set();
  return new Set(
    agencyRowActions(viewer, { user_type: node.user_type, payment_status: node.payment_status }),
  );
}

/**
 * Set Cost for Agency (spec 2 §2 modals) is the system's price list for one agency: offered on agency
 * rows to the system staff who also handle the other billing switches (not sales, spec 2 §6), which is
 * exactly who sees the manual-bill switch.
 */
export function showsCostIcon(actions: ReadonlySet<AgencyRowAction>): boolean {
  return actions.has('manual-bill');
}

/**
 * What a viewer may open on an agency row besides its icons. Agencies are edited by system staff only
 * (the server refuses sales). A sales person sees an agency's clients, and adds to them, only as its
 * account executive (spec 2 §6: sales reach clients as account executives).
 */
export function agencyRowAccess(
  viewer: SessionUser,
  node: Pick<ManagedNode, 'accountexecutiveid'>,
): { edit: boolean; clients: boolean } {
  if (!isSalesUser(viewer)) return { edit: true, clients: true };
  return { edit: false, clients: viewer.isAccExecutive === 'T' && node.accountexecutiveid === viewer.id };
}

/** How the state icons of an agency row look (spec 2 §4). */
export interface RowIconStates {
  manualBill: boolean;
  /** Minimum spend exclusion: excluded (1) or included (0). */
  minimumSpendExcluded: boolean;
  /** Onboarding charge icon: green when not excluded, grey when excluded. */
  onboardingColour: 'green' | 'gray';
  apiColour: ApiStatusColour;
}

export function rowIconStates(node: ManagedNode): RowIconStates {
  return {
    manualBill: node.manual_bill === 'T',
    minimumSpendExcluded: node.exclude_minimum_spend === 1,
    onboardingColour: node.exclude_onboard_charge === 1 ? 'gray' : 'green',
    apiColour: apiStatusColour(node),
  };
}

export const API_STATUS_LABELS: Record<ApiStatusColour, string> = {
  green: 'Developer mode on, API key generated',
  blue: 'Developer mode on, no API key yet',
  orange: 'Developer mode needs attention (agreement, payment setup or key)',
  gray: 'Developer mode off',
};

/** What `useSwitchUser()` needs for a row; only clients carry a company group, and the list has none. */
export function switchTarget(node: Pick<ManagedNode, 'id' | 'user_type'>): ViewModeTarget {
  const known = (USER_TYPES as readonly string[]).includes(node.user_type);
  return { usrID: node.id, userType: known ? (node.user_type as UserType) : null };
}

/** Sales users see their own agencies through the sales downline (spec 2 §6). */
export function salesDownlineOf(viewer: SessionUser): number | undefined {
  return isSalesUser(viewer) ? viewer.id : undefined;
}
