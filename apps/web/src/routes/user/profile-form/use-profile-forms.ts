import type { DomainInfo, SessionUser } from '@app/contracts';
import {
  type CompanyValues,
  companyFormData,
  companyValuesFrom,
  type PersonalValues,
  personalFormData,
  personalValuesFrom,
  validateCompany,
  validatePersonal,
} from './profile-model';
import { type StepForm, useStepForm } from './use-step-form';

/**
 * Step 1 (personal details) for this user. Values start from the session user once; after a save the
 * passwords and the chosen picture are cleared (the picture then comes from the refetched user), and
 * the e-mail shows the account's address again: a new one waits for the link sent to it.
 */
export function usePersonalForm(user: SessionUser): StepForm<PersonalValues> {
  return useStepForm<PersonalValues>({
    step: 'personal',
    initial: () => personalValuesFrom(user),
    validate: (values) => validatePersonal(values, user),
    toFormData: (values) => personalFormData(values, user),
    afterSave: (values) => ({
      ...values,
      email: user.email,
      newpass: '',
      renewpass: '',
      currpassword: '',
      picture: null,
    }),
  });
}

/** Step 2 (company details) for this user. */
export function useCompanyForm(user: SessionUser, domain: DomainInfo | null): StepForm<CompanyValues> {
  return useStepForm<CompanyValues>({
    step: 'company',
    initial: () => companyValuesFrom(user, domain),
    validate: (values) => validateCompany(values, user),
    toFormData: (values) => companyFormData(values, user),
    afterSave: (values) => ({ ...values, logo: null }),
  });
}

/**
 * Who has a company part (spec 1 §7.2 step 2): agencies (owners and their administrators) and
 * clients. System users and sales staff belong to the root company, which they do not edit here.
 */
export function hasCompanyStep(user: SessionUser): boolean {
  if (user.systemuser || user.user_type === 'root' || user.user_type === 'sales') return false;
  return ['userdownline', 'user', 'administrator', 'admin', 'client'].includes(user.user_type);
}
