import { offeredModules, type SessionUser, startingModulesOfNewAgency } from '@app/contracts';
import { Loader } from '@mantine/core';
import { useMemo } from 'react';
import { useOwnRoleModule } from '../../../api/roles';
import { UserForm } from '../../../components/user-form/user-form';
import {
  ALL_TERM_OPTIONS,
  defaultModuleOptions,
  EMPTY_USER_FORM,
} from '../../../components/user-form/user-form-model';

interface AddAgencyFormProps {
  viewer: SessionUser;
  /** The system's root company, which new agencies join. */
  parentCompanyID: number;
  onClose: () => void;
}

/**
 * Add an agency (system users, spec 2 §2): the agency form with every payment term (those the system
 * offers new agencies ticked) and the system's modules (beta modules only on the master system, and
 * left for the system to switch on).
 */
export function AddAgencyForm({ viewer, parentCompanyID, onClose }: AddAgencyFormProps) {
  const own = useOwnRoleModule(viewer);
  const offer = useMemo(() => {
    const modules = offeredModules({ masterSystem: viewer.is_master_system });
    return {
      terms: ALL_TERM_OPTIONS,
      modules: defaultModuleOptions(modules),
    };
  }, [viewer.is_master_system]);

  if (own.isPending) return <Loader size="sm" aria-label="Loading the agency form" />;
  const initial = {
    ...EMPTY_USER_FORM,
    terms: (own.data?.rootPaymentTermsNewAgencies ?? []).filter((t) => t.status).map((t) => t.term),
    modules: startingModulesOfNewAgency(viewer.is_master_system),
  };
  return (
    <UserForm
      title="Add Agency"
      mode="create"
      ctx={{ kind: 'agency', companyID: parentCompanyID, idsys: viewer.idsys, offer, withPlan: false }}
      initial={initial}
      canSave
      onDone={onClose}
      onCancel={onClose}
      testId="add-agency-form"
    />
  );
}
