import {
  and,
  asc,
  companyPaymentTerms,
  type Database,
  eq,
  firstRow,
  minimumSpendSettings,
  queryRows,
  rolePermissions,
  roles,
  sql,
} from '@app/db';
import { createCompanyReads } from '../tenancy/index.js';

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
    async roleIdOf(userId: number): Promise<number | null> {
      const rows = await queryRows<{ role_id: number | null }>(
        db,
        sql`select role_id from users where id = ${userId}`,
      );
      return rows[0]?.role_id ?? null;
    },
    permissionsOf: (roleId: number) =>
      db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId)),
    /**
     * Creates or rewrites a role and all four module rows in one transaction. The company row is
     * locked first so two saves of the same name cannot both pass the uniqueness check.
     */
    async save(input: {
      companyId: number;
      roleId: number | null;
      name: string;
      icon: string;
      permissions: {
        module: (typeof rolePermissions.$inferInsert)['module'];
        enable: boolean;
        create: boolean;
        update: boolean;
        delete: boolean;
      }[];
    }): Promise<{ id: number } | 'name_taken'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from companies where id = ${input.companyId} for update`);
        const taken = await queryRows<unknown>(
          tx,
          sql`select id from roles
          where company_id = ${input.companyId} and lower(btrim(name)) = lower(btrim(${input.name}))
            and id <> ${input.roleId ?? 0} limit 1`,
        );
        if (taken.length) return 'name_taken' as const;
        let id = input.roleId;
        if (id === null) {
          const rows = await tx
            .insert(roles)
            .values({ companyId: input.companyId, name: input.name, icon: input.icon })
            .returning({ id: roles.id });
          id = firstRow(rows, 'role').id;
        } else {
          await tx.update(roles).set({ name: input.name, icon: input.icon }).where(eq(roles.id, id));
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
        }
        const roleId = id;
        await tx.insert(rolePermissions).values(
          input.permissions.map((p) => ({
            roleId,
            module: p.module,
            canEnable: p.enable,
            canCreate: p.create,
            canUpdate: p.update,
            canDelete: p.delete,
          })),
        );
        return { id: roleId };
      });
    },
    /**
     * Deletes a role nobody live holds. Removed people may still point at it: they lose the link
     * (they cannot sign in any more). Answers the number of live holders when it refuses.
     */
    async remove(roleId: number): Promise<{ removed: true } | { holders: number }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from roles where id = ${roleId} for update`);
        const rows = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from users where role_id = ${roleId} and deleted_at is null`,
        );
        const holders = Number(rows[0]?.n ?? 0);
        if (holders > 0) return { holders };
        await tx.execute(
          sql`update users set role_id = null where role_id = ${roleId} and deleted_at is not null`,
        );
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
        await tx.delete(roles).where(eq(roles.id, roleId));
        return { removed: true as const };
      });
    },
    onboardingOf: reads.onboardingSetting,
    async minimumSpendOf(systemId: number) {
      const [row] = await db
        .select()
        .from(minimumSpendSettings)
        .where(eq(minimumSpendSettings.systemId, systemId));
      return row;
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
