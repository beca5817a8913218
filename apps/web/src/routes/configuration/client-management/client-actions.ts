import type { SessionUser } from '@app/contracts';
import { type AgencyRowAction, isAgencyUser, isSalesUser } from '@app/policy';
import type { ManagedNode } from '../../../api/agency-list';
import { rowActionsFor } from '../agency-list/row-actions';

/**
 * A client row's icons in Client Management: the agency-row rules of spec 2 §6, plus switch to user for
 * an agency viewing its own clients (product guide §1: an agency may act as its own clients). Sales
 * never switch (decision D-sales-switch) and nobody switches from inside view mode.
 */
export function clientRowActions(viewer: SessionUser, node: ManagedNode): ReadonlySet<AgencyRowAction> {
  const actions = new Set(rowActionsFor(viewer, node));
  if (isAgencyUser(viewer) && !isSalesUser(viewer) && !viewer.isViewMode) actions.add('switch-user');
  return actions;
}
