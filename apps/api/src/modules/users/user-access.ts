import type { UserType } from '@app/contracts';
import { hasSystemScope, type Principal } from '../tenancy/principal.js';

/** Root-company staff who manage the system: system users and admins, never sales. */
export const isSystemStaff = (p: Principal) => hasSystemScope(p) && p.userType !== 'sales';

/** People who work for an agency (its owner and administrators). */
export const isAgencyStaff = (p: Principal) =>
  p.companyKind === 'agency' && ['userdownline', 'user', 'administrator', 'admin'].includes(p.userType);

/**
 * The owner of the caller's company, who manages its staff: the system user (or a `root` user) of a
 * root company, the `userdownline` / `user` of an agency. Administrators manage clients, not staff.
 */
export const isCompanyOwner = (p: Principal) =>
  p.companyKind === 'root'
    ? p.userType === 'root' || (p.isSystemUser && p.userType !== 'sales')
    : p.companyKind === 'agency' && (p.userType === 'userdownline' || p.userType === 'user');

/** Staff user types of a company kind (the Administrator list). */
export const staffTypesOf = (kind: 'root' | 'agency'): readonly UserType[] =>
  kind === 'root' ? ['root', 'admin'] : ['user', 'administrator'];

/** The user type a new administrator gets in a company of this kind. */
export const administratorTypeOf = (kind: 'root' | 'agency'): UserType =>
  kind === 'root' ? 'admin' : 'administrator';
