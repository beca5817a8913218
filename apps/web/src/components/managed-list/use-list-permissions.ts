import type { Actor } from '@app/policy';
import { useSessionPermissions } from '../../api/roles';
import type { ListPermissions } from './managed-user-list';

const NONE: ListPermissions = { create: false, update: false, delete: false };

/**
 * Create, update and delete on the managed lists follow the policy's `users.create`, `users.update`
 * and `users.remove` for the signed-in user (their place in the tree and their role's Settings
 * switches, spec 2 §6), as the server decides them. `manages`, when given, is the server's further rule
 * for the people of this list (e.g. only a system's owner manages its sales staff): without it no
 * button is offered.
 */
export function useListPermissions(manages?: (actor: Actor) => boolean): ListPermissions {
  const { actor, may } = useSessionPermissions();
  if (!actor || (manages && !manages(actor))) return NONE;
  return {
    create: may('users.create'),
    update: may('users.update'),
    delete: may('users.remove'),
  };
}
