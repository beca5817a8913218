import {
  type AdOrganization,
  type AdPlatform,
  AdPlatformError,
  type CreateOrganizationInput,
  type DeleteInput,
  type ListOrganizationsRequest,
  type UpdateOrganizationInput,
} from '../ad-platform.js';
import { checkOrganization } from '../requests.js';
import { checkDelete, checkListOrganizations, checkOrganizationUpdate } from '../requests-organizations.js';
import { allPages, firstOf, type SimplifiHttp } from './simplifi-http.js';

/*
 * Organisations at Simpli.fi (decision 0112): `POST /organizations` with name, parent_id and
 * custom_id; `GET /organizations/{id}`; `GET /organizations/{id}/children`; `PUT /organizations/{id}`.
 * Simpli.fi has one custom id per organisation: it holds the caller's custom id, else our reference,
 * and both read back from it. Simpli.fi keeps no idempotency keys, so a create first looks for the
 * organisation it would make (same custom id, name and parent): a retry after a lost answer finds it.
 * The API offers no deletion of an organisation: `deleteOrganization` is `unsupported`.
 */

export interface SimplifiOrganization {
  id: number | string;
  name: string;
  custom_id: string | null;
  /** Ids from Simpli.fi (0) down to the parent, e.g. "0/5786/3813". */
  ancestry: string;
}

type OrganizationCalls = Pick<
  AdPlatform,
  'createOrganization' | 'getOrganization' | 'listOrganizations' | 'updateOrganization' | 'deleteOrganization'
>;

/** Our platform account's organisation at Simpli.fi: what "no parent" means. */
export interface SimplifiRoot {
  rootOrganizationId: string | null;
}

export function organizationFrom(row: SimplifiOrganization, root: SimplifiRoot): AdOrganization {
  const ancestors = String(row.ancestry ?? '0').split('/');
  const parent = ancestors[ancestors.length - 1] ?? '0';
  const customId = row.custom_id?.trim() ? row.custom_id.trim() : null;
  return {
    id: String(row.id),
    parentId: parent === '0' || parent === root.rootOrganizationId ? null : parent,
    name: row.name,
    reference: customId ?? '',
    customId,
  };
}

export function simplifiOrganizations(http: SimplifiHttp, root: SimplifiRoot): OrganizationCalls {
  const read = async (id: string): Promise<AdOrganization | null> => {
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) return null;
    const answer = await http.call('GET', `/organizations/${id}`);
    if (answer.status === 404) return null;
    return organizationFrom(firstOf<SimplifiOrganization>(answer, 'organizations'), root);
  };

  return {
    async createOrganization(input: CreateOrganizationInput) {
      const checked = checkOrganization(input);
      const customId = checked.customId ?? checked.reference;
      const parentId = checked.parentId ?? root.rootOrganizationId;
      if (checked.parentId !== null && !(await read(checked.parentId)))
        throw new AdPlatformError('not_found', `No such organisation: '${checked.parentId}'`, 'parentId');
      const query = new URLSearchParams({ custom_id: customId, name: checked.name, attributes_only: 'true' });
      const existing = (
        await allPages<SimplifiOrganization>(http, `/organizations?${query}`, 'organizations')
      )
        .map((row) => organizationFrom(row, root))
        .find((org) => org.parentId === checked.parentId);
      if (existing) return existing;
      const made = await http.call('POST', '/organizations', {
        json: {
          organization: {
            name: checked.name,
            custom_id: customId,
            ...(parentId !== null ? { parent_id: parentId } : {}),
          },
        },
      });
      return organizationFrom(firstOf<SimplifiOrganization>(made, 'organizations'), root);
    },

    getOrganization: read,

    async listOrganizations(input: ListOrganizationsRequest) {
      const { parentId } = checkListOrganizations(input);
      const under = parentId ?? root.rootOrganizationId;
      if (under === null) {
        const all = await allPages<SimplifiOrganization>(
          http,
          '/organizations?attributes_only=true',
          'organizations',
        );
        return all.map((row) => organizationFrom(row, root)).filter((org) => org.parentId === null);
      }
      if (parentId !== null && !(await read(parentId)))
        throw new AdPlatformError('not_found', `No such organisation: '${parentId}'`, 'parentId');
      const children = await allPages<SimplifiOrganization>(
        http,
        `/organizations/${under}/children?attributes_only=true`,
        'organizations',
      );
      return children.map((row) => organizationFrom(row, root));
    },

    async updateOrganization(input: UpdateOrganizationInput) {
      const { id, changes } = checkOrganizationUpdate(input);
      if (!(await read(id))) throw new AdPlatformError('not_found', `No such organisation: '${id}'`, 'id');
      // A PUT sets the same fields to the same values however often it is sent: retries are safe.
      const answer = await http.call('PUT', `/organizations/${id}`, {
        json: {
          organization: {
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.customId !== undefined ? { custom_id: changes.customId ?? '' } : {}),
          },
        },
      });
      if (answer.status === 404)
        throw new AdPlatformError('not_found', `No such organisation: '${id}'`, 'id');
      return organizationFrom(firstOf<SimplifiOrganization>(answer, 'organizations'), root);
    },

    async deleteOrganization(input: DeleteInput) {
      checkDelete(input, 'organisation');
      throw new AdPlatformError(
        'unsupported',
        'Simpli.fi’s API cannot delete an organisation; it stays at Simpli.fi (rename it or leave it unused).',
      );
    },
  };
}
