import { formatUsdText, type SessionUser } from '@app/contracts';
import { useMemo } from 'react';
import type { ManagedNode } from '../../../api/agency-list';
import { useMinimumSpendPlanOptions } from '../../../api/user-management';
import { UserForm } from '../../../components/user-form/user-form';
import {
  offerFromNode,
  showsPlanSelect,
  valuesFromNode,
} from '../../../components/user-form/user-form-model';

interface AgencyEditFormProps {
  viewer: SessionUser;
  node: ManagedNode;
  parentCompanyID: number;
  canSave: boolean;
  onClose: () => void;
}

/**
 * The agency row's inline edit form (spec 2 §2): names, e-mail, phone, subdomain, domain,
 * white-labelling, API mode, payment terms and modules the system offers, and for non-sales users on
 * the master system the minimum-spend plan.
 */
export function AgencyEditForm({ viewer, node, parentCompanyID, canSave, onClose }: AgencyEditFormProps) {
  const withPlan = showsPlanSelect(viewer, 'agency', 'edit');
  const plans = useMinimumSpendPlanOptions(withPlan);
  const planOptions = useMemo(
    () =>
      (plans.data?.data ?? []).map((plan) => ({
        value: String(plan.idMinimumSpend),
        label: `${plan.planName} (${formatUsdText(plan.flatMonth)} a month for ${plan.months} months)`,
      })),
    [plans.data],
  );
  return (
    <UserForm
      title={`Edit ${node.company_name}`}
      mode="edit"
      node={node}
      ctx={{
        kind: 'agency',
        companyID: parentCompanyID,
        idsys: viewer.idsys,
        offer: offerFromNode(node, viewer.is_master_system),
        withPlan,
      }}
      initial={valuesFromNode(node)}
      plans={planOptions}
      canSave={canSave}
      onDone={onClose}
      onCancel={onClose}
      testId={`edit-form-${node.company_id}`}
    />
  );
}
