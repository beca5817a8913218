import { COMPANY_KINDS, MODULES, PAYMENT_TERMS, ROLE_MODULES, USER_TYPES } from '@app/contracts';
import { pgEnum } from 'drizzle-orm/pg-core';

export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const companyKindEnum = pgEnum('company_kind', COMPANY_KINDS);
export const moduleEnum = pgEnum('module_type', MODULES);
export const paymentTermEnum = pgEnum('payment_term', PAYMENT_TERMS);
export const roleModuleEnum = pgEnum('role_module', ROLE_MODULES);
export const salesRoleEnum = pgEnum('sales_role', ['sales_rep', 'account_executive', 'referrer']);
export const userStatusEnum = pgEnum('user_status', ['active', 'invited', 'disabled']);
export const twoFactorTypeEnum = pgEnum('two_factor_type', ['email', 'google']);
export const domainStatusEnum = pgEnum('domain_status', ['none', 'pending', 'active', 'failed']);
export const filePurposeEnum = pgEnum('file_purpose', [
  'logo',
  'favicon',
  'profile_picture',
  'agreement',
  'upload',
]);
export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'failed', 'kept']);
