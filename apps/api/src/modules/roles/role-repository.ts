import {
  and,
  asc,
  companyPaymentTerms,
  type Database,
  eq,
  onboardingSettings,
  rolePermissions,
  roles,
} from '@app/db';
import { createCompanyReads } from '../tenancy/company-reads.js';

/** SQL behind the role-module call: roles, their permissions and the agency facts of spec 1 §3.5. */
export function createRoleRepository(db: Database) {
  const reads = createCompanyReads(db);
  return {
    company: reads.company,
    system: reads.system,
    brandingOf: reads.branding,
    modulesOf: reads.modules,
    /** Every term row (enabled or not): the root's list decides what new agencies are offered. */
    termsOf: (companyId: number) =>
      db.select().from(companyPaymentTerms).where(eq(companyPaymentTerms.companyId, companyId)),
    rolesOf: (companyId: number) =>
      db.select().from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.id)),
    async roleOfCompany(roleId: number, companyId: number) {
      const [row] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)));
      return row;
    },
    permissionsOf: (roleId: number) =>
      db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId)),
    async onboardingOf(companyId: number) {
      const [row] = await db
        .select()
        .from(onboardingSettings)
        .where(eq(onboardingSettings.companyId, companyId));
      return row;
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
