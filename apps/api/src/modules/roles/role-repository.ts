import {
  and,
  asc,
  companies,
  companyBranding,
  companyModules,
  companyPaymentTerms,
  type Database,
  eq,
  onboardingSettings,
  rolePermissions,
  roles,
  systems,
} from '@app/db';

/** SQL behind the role-module call: roles, their permissions and the agency facts of spec 1 §3.5. */
export function createRoleRepository(db: Database) {
  return {
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
    async company(companyId: number) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row;
    },
    async system(systemId: number) {
      const [row] = await db.select().from(systems).where(eq(systems.id, systemId));
      return row;
    },
    modulesOf: (companyId: number) =>
      db.select().from(companyModules).where(eq(companyModules.companyId, companyId)),
    termsOf: (companyId: number) =>
      db.select().from(companyPaymentTerms).where(eq(companyPaymentTerms.companyId, companyId)),
    async brandingOf(companyId: number) {
      const [row] = await db.select().from(companyBranding).where(eq(companyBranding.companyId, companyId));
      return row;
    },
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
