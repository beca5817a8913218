import { type Database, queryRows, sql } from '@app/db';
import { z } from 'zod';
import { newId } from '../sandbox-kit/ids.js';
import { createSandboxRecords } from '../sandbox-kit/records.js';
import { GHL_SLUG } from './core.js';
import { answer, refused } from './sandbox-answers.js';
import type { ApiAnswer } from './transport.js';

/*
 * The sandbox's Custom Menu Links (decision 0109), as GoHighLevel's API v2 keeps them
 * (https://marketplace.gohighlevel.com/docs/ghl/custom-menus/create-custom-menu.md):
 * `POST /custom-menus/` checks the body as GoHighLevel's DTO does (every field it requires, the URL
 * http or https, the sub-accounts the agency's) and answers 201 `{ customMenu }`;
 * `GET /custom-menus/{id}` answers it; `DELETE /custom-menus/{id}` removes it and answers
 * `{ success, message, deletedMenuId, deletedAt }`; an id the agency does not have is a 404. Links
 * are records of the sandbox agency (kind `custom_menu`, keyed by their id).
 */

const KIND = 'custom_menu';
const NOT_FOUND = 'Custom menu not found';

const oneOf = (field: string, values: readonly [string, ...string[]]) =>
  z.enum(values, { error: `${field} must be one of the following values: ${values.join(', ')}` });
const flag = (field: string) => z.boolean({ error: `${field} must be a boolean value` });

const menuBody = z.object({
  title: z
    .string({ error: 'title must be a string' })
    .trim()
    .min(1, 'title should not be empty')
    .max(100, 'title must be shorter than or equal to 100 characters'),
  url: z
    .string({ error: 'url must be a string' })
    .max(2000, 'url must be shorter than or equal to 2000 characters')
    .refine((u) => URL.canParse(u) && ['http:', 'https:'].includes(new URL(u).protocol), {
      message: 'url must be a URL address',
    }),
  icon: z.object(
    {
      name: z.string({ error: 'icon.name must be a string' }).min(1),
      fontFamily: oneOf('icon.fontFamily', ['fab', 'fas', 'far']),
    },
    { error: 'icon must be an object' },
  ),
  showOnCompany: flag('showOnCompany'),
  showOnLocation: flag('showOnLocation'),
  showToAllLocations: flag('showToAllLocations'),
  openMode: oneOf('openMode', ['iframe', 'new_tab', 'current_tab']),
  locations: z.array(z.string(), { error: 'locations must be an array' }).max(1000),
  userRole: oneOf('userRole', ['all', 'admin', 'user']),
  allowCamera: flag('allowCamera').optional(),
  allowMicrophone: flag('allowMicrophone').optional(),
});

export function createSandboxMenus(deps: {
  db: Database;
  /** The sandbox agency's account row and its sub-accounts' ids. */
  agency: () => Promise<{ accountId: number; locationIds: string[] }>;
}) {
  const records = createSandboxRecords({ db: deps.db, provider: GHL_SLUG });
  const shown = (data: Record<string, unknown>) => {
    const { created_at: _c, upserts: _u, sandbox: _s, ...menu } = data;
    return menu;
  };

  async function create(body: unknown): Promise<ApiAnswer> {
    const parsed = menuBody.safeParse(body);
    if (!parsed.success)
      return refused(
        422,
        parsed.error.issues.map((i) => i.message),
      );
    const m = parsed.data;
    const { accountId, locationIds } = await deps.agency();
    if (m.showOnLocation && !m.showToAllLocations && m.locations.length === 0)
      return refused(422, ['locations should not be empty']);
    const unknown = m.locations.filter((l) => !locationIds.includes(l));
    if (unknown.length > 0) return refused(422, [`locations not in this agency: ${unknown.join(', ')}`]);
    const id = newId('sbx_cm_');
    const existing = await records.list(accountId, KIND);
    const data = {
      id,
      ...m,
      allowCamera: m.allowCamera ?? false,
      allowMicrophone: m.allowMicrophone ?? false,
      order: existing.length + 1,
      sandbox: true,
    };
    const { record } = await records.upsert(accountId, { kind: KIND, key: id, data });
    return answer(201, { customMenu: shown(record) });
  }

  async function remove(id: string): Promise<ApiAnswer> {
    const { accountId } = await deps.agency();
    const gone = await queryRows<{ id: number }>(
      deps.db,
      sql`delete from sandbox_integration_records
           where provider = ${GHL_SLUG} and account_id = ${accountId} and kind = ${KIND}
             and idempotency_key = ${`${KIND}:${id}`}
          returning id`,
    );
    if (gone.length === 0) return refused(404, NOT_FOUND);
    return answer(200, {
      success: true,
      message: 'Custom menu successfully deleted',
      deletedMenuId: id,
      deletedAt: new Date().toISOString(),
    });
  }

  return {
    /** `/custom-menus/…` with the path's parts after `custom-menus`. */
    async call(method: string, parts: string[], body: unknown): Promise<ApiAnswer> {
      if (method === 'POST' && parts.length === 0) return create(body);
      const id = parts[0];
      if (parts.length === 1 && id) {
        if (method === 'GET') {
          const { accountId } = await deps.agency();
          const found = await records.find(accountId, KIND, id);
          return found ? answer(200, { customMenu: shown(found) }) : refused(404, NOT_FOUND);
        }
        if (method === 'DELETE') return remove(id);
      }
      return refused(404, `Cannot ${method} /custom-menus/${parts.join('/')}`);
    },
  };
}
