import type { rolePermissionSchema, SessionUser } from '@app/contracts';
import { type Action, type Actor, actorOf, can, type RolePermissions } from '@app/policy';

/*
 * What the signed-in user may do, decided by @app/policy from the same actor the server authorizes
 * with (`useSessionPermissions` in roles.ts feeds it the session user and their role's switches).
 */

/** One row of the role-module answer's `modules` (spec 1 §3.6). */
export type RolePermissionRow = ReturnType<typeof rolePermissionSchema.parse>;

export interface SessionPermissions {
  /** False until the role's permissions are known, so buttons do not flash on and off. */
  ready: boolean;
  /**
   * Whether the server would accept `action` from the signed-in user: @app/policy's `can` over the
   * actor `actorOf` builds from the session user and their role's switches, the actor the server
   * authorizes with. False while there is no user, and for a role's switches until they are known.
   */
  may: (action: Action) => boolean;
  /** The signed-in user as the policy sees them (null when nobody is signed in). */
  actor: Actor | null;
}

/**
 * The role's module rows as the policy's map (module → enable/create/update/delete); null when the
 * user holds no role (owners, system users, clients: the server gives them every switch). Rows not yet
 * known give an empty map, so a role holder is granted nothing until they arrive.
 */
export function rolePermissionsOf(
  user: Pick<SessionUser, 'role_id'>,
  modules: readonly RolePermissionRow[] | undefined,
): RolePermissions | null {
  if (!user.role_id) return null;
  const permissions: RolePermissions = {};
  for (const row of modules ?? []) {
    permissions[row.module] = {
      enable: row.enable,
      create: row.create,
      update: row.update,
      delete: row.delete,
    };
  }
  return permissions;
}

/** The actor and `may` of the signed-in user (see SessionPermissions); nobody signed in may do nothing. */
export function sessionActor(
  user: SessionUser | null,
  modules: readonly RolePermissionRow[] | undefined,
): Pick<SessionPermissions, 'actor' | 'may'> {
  if (!user) return { actor: null, may: () => false };
  const actor = actorOf(user, rolePermissionsOf(user, modules));
  return { actor, may: (action) => can(actor, action) };
}
