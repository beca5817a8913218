import { useSessionPermissions } from '../../api/roles';
import type { ListPermissions } from './managed-user-list';

/**
 * Create, update and delete on the configuration screens follow the role's Settings permissions
 * (spec 2 §6); `readOnly` withholds them all (e.g. sales looking at staff lists).
 */
export function useListPermissions(readOnly = false): ListPermissions {
  const { can } = useSessionPermissions();
  if (readOnly) return { create: false, update: false, delete: false };
  return {
    create: can('settings', 'create'),
    update: can('settings', 'update'),
    delete: can('settings', 'delete'),
  };
}
