import type { SessionUser } from '@app/contracts';
import type { RolePermissions } from '../context.js';
import type { Actor } from './actor.js';

/**
 * The actor the web app decides with, from the session user the server sent and the switches of the
 * role they hold (null when they hold none): the same shape the server authorizes with, so a control
 * is shown by the rule that lets the server accept it.
 */
export function actorOf(user: SessionUser, rolePermissions: RolePermissions | null): Actor {
  return {
    userId: user.id,
    systemId: user.idsys,
    companyId: user.company_id,
    companyKind: user.rootcomp ? 'root' : user.user_type === 'client' ? 'client' : 'agency',
    companyParentId: user.company_parent,
    rootCompanyId: user.company_root_id,
    userType: user.user_type,
    isSystemUser: user.systemuser,
    isAccExecutive: user.isAccExecutive === 'T',
    actorUserId: user.actor_user_id,
    permissions: user.role_id ? (rolePermissions ?? {}) : null,
  };
}
