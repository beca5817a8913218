import type { DeleteInput, ListOrganizationsRequest, UpdateOrganizationInput } from './ad-platform.js';
import { checkCustomId, checkIdempotencyKey, checkName, fail } from './requests.js';

/*
 * Input rules of the organisation calls added by decision 0112 (list, rename, delete), shared by
 * every adapter like the rest of `requests.ts`.
 */

/** An object id as the caller sent it: 1 to 100 characters. */
export function checkObjectId(id: unknown, param: string, what: string): string {
  if (typeof id !== 'string' || id.length < 1 || id.length > 100) fail(param, `The ${what} id is required.`);
  return id as string;
}

export function checkListOrganizations(input: ListOrganizationsRequest): { parentId: string | null } {
  if (!input || typeof input !== 'object' || input.parentId === undefined)
    return fail('parentId', 'Say whose organisations to list: a parent id, or null for the top level.');
  return {
    parentId:
      input.parentId === null ? null : checkObjectId(input.parentId, 'parentId', 'parent organisation'),
  };
}

export function checkOrganizationUpdate(input: UpdateOrganizationInput) {
  checkIdempotencyKey(input.idempotencyKey);
  const id = checkObjectId(input.id, 'id', 'organisation');
  const changes = {
    ...(input.name !== undefined ? { name: checkName(input.name, 'name', 'The organisation name') } : {}),
    ...(input.customId !== undefined
      ? { customId: input.customId === null ? null : checkCustomId(input.customId) }
      : {}),
  };
  if (Object.keys(changes).length === 0) fail('changes', 'Say what to change: the name or the custom id.');
  return { id, changes };
}

export function checkDelete(input: DeleteInput, what: string): string {
  checkIdempotencyKey(input.idempotencyKey);
  return checkObjectId(input.id, 'id', what);
}
