import {
  ROLE_MODULES,
  ROLE_NAME_TAKEN,
  type RoleModule,
  roleInUseMessage,
  type saveRoleRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../http-errors.js';
import { type AuditLog, changeDescription, fieldChanges } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { RoleRepository } from './role-repository.js';

export interface RoleServiceDependencies {
  repo: RoleRepository;
  audit: AuditLog;
}

type SaveRoleInput = z.output<typeof saveRoleRequestSchema>;

export const OWN_ROLE = 'You cannot change or delete the role you hold yourself.';

/**
 * Role administration (spec 2 §7 role-module addupdate/remove). Roles belong to a root company or
 * an agency; clients have none. Creating needs settings create, updating settings update: the
 * route's rule picks the one that applies from the body.
 */
/** A role as flat fields for the user log: name, icon and what each module grants ("local" → "enable/create"). */
function rolePermissionFields(
  role: { name: string; icon: string | null | undefined },
  permissions: readonly {
    module: string;
    enable: boolean;
    create: boolean;
    update: boolean;
    delete: boolean;
  }[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: role.name, icon: role.icon ?? '' };
  for (const g of permissions)
    fields[`${g.module} permissions`] =
      (['enable', 'create', 'update', 'delete'] as const).filter((a) => g[a]).join('/') || 'none';
  return fields;
}

export function createRoleService({ repo, audit }: RoleServiceDependencies) {
  /** The company whose roles are managed: a live root company or agency (404 otherwise). */
  async function roleCompany(companyId: number) {
    const company = await repo.company(companyId);
    if (!company || company.deletedAt || company.kind === 'client') throw notFound();
    return company;
  }

  async function roleOf(roleId: number, companyId: number) {
    const role = await repo.roleOfCompany(roleId, companyId);
    if (!role) throw notFound();
    return role;
  }

  /** Nobody edits the role they hold: it would let an administrator widen their own permissions. */
  async function refuseOwnRole(p: Principal, roleId: number) {
    if ((await repo.roleIdOf(p.userId)) === roleId) throw forbidden(OWN_ROLE);
  }

  return {
    async save(p: Principal, input: SaveRoleInput, ip: string) {
      const creating = !input.roleID;
      const company = await roleCompany(input.companyID);
      // What the role was, for the log of an update: only what changes is written there.
      let before: Record<string, unknown> = {};
      if (!creating) {
        const role = await roleOf(input.roleID as number, company.id);
        await refuseOwnRole(p, input.roleID as number);
        const stored = await repo.permissionsOf(role.id);
        before = rolePermissionFields(
          { name: role.name, icon: role.icon },
          ROLE_MODULES.map((module) => {
            const row = stored.find((r) => r.module === module);
            return {
              module,
              enable: row?.canEnable ?? false,
              create: row?.canCreate ?? false,
              update: row?.canUpdate ?? false,
              delete: row?.canDelete ?? false,
            };
          }),
        );
      }
      const permissions = ROLE_MODULES.map((module: RoleModule) => {
        const item = input.roledata.find((d) => d.module === module);
        return {
          module,
          enable: item?.enable ?? false,
          create: item?.create ?? false,
          update: item?.update ?? false,
          delete: item?.delete ?? false,
        };
      });
      const saved = await repo.save({
        companyId: company.id,
        roleId: creating ? null : (input.roleID as number),
        name: input.roleName,
        icon: input.roleIcon,
        permissions,
      });
      if (saved === 'name_taken') throw badRequest(ROLE_NAME_TAKEN, { roleName: ROLE_NAME_TAKEN });
      const granted = permissions
        .map(
          (g) =>
            `${g.module}: ${(['enable', 'create', 'update', 'delete'] as const).filter((a) => g[a]).join('/') || 'none'}`,
        )
        .join(', ');
      await audit.record({
        systemId: p.systemId,
        companyId: company.id,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: creating ? 'role_created' : 'role_updated',
        category: 'settings',
        description: creating
          ? `Created role "${input.roleName}" of ${company.name} (${granted})`
          : changeDescription(
              `Updated role "${input.roleName}" of ${company.name}`,
              fieldChanges(
                before,
                rolePermissionFields({ name: input.roleName, icon: input.roleIcon }, permissions),
              ),
            ),
        ip,
      });
      return {
        result: 'success' as const,
        message: creating ? 'Data has been added successfully' : 'Data has been updated successfully',
        data: { roleID: saved.id, roleName: input.roleName, roleIcon: input.roleIcon, modules: permissions },
      };
    },

    async remove(p: Principal, companyId: number, roleId: number, ip: string) {
      const company = await roleCompany(companyId);
      const role = await roleOf(roleId, company.id);
      await refuseOwnRole(p, role.id);
      const outcome = await repo.remove(role.id);
      if ('holders' in outcome) throw badRequest(roleInUseMessage(outcome.holders));
      await audit.record({
        systemId: p.systemId,
        companyId: company.id,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'role_removed',
        category: 'settings',
        description: `Deleted role "${role.name}" of ${company.name}`,
        ip,
      });
      return { result: 'success' as const, message: 'Deleted!' as const };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
