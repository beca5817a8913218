import type { ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { failureOf, type SaveSecrets, type TokenCalls } from './token-calls.js';
import type { ApiAnswer, ApiCall } from './transport.js';

/*
 * What an agency-level GoHighLevel connection does beyond deliveries (decision 0109): read one
 * sub-account's profile (`GET /locations/{locationId}`, to make a client of it) and keep Custom Menu
 * Links (`POST /custom-menus/`, `GET` and `DELETE /custom-menus/{customMenuId}`, agency token with
 * `custom-menu-link.write`: https://marketplace.gohighlevel.com/docs/ghl/custom-menus/create-custom-menu.md),
 * a link in one sub-account's menu that opens a URL in GoHighLevel's frame. GoHighLevel's refusals
 * are answered as `ProviderInputError` with its message.
 */

/** The parts of GoHighLevel's sub-account (location) a client is made from. */
export interface GhlLocationProfile {
  id: string;
  name: string;
  companyId: string | null;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  /** ISO country (`US`), for a phone GoHighLevel kept without its country code. */
  country: string | null;
}

export interface GhlMenuLink {
  id: string;
  title: string;
  url: string;
  locations: string[];
}

export interface GhlAgencyCalls {
  location(
    connection: ProviderConnection,
    save: SaveSecrets,
    locationId: string,
  ): Promise<GhlLocationProfile>;
  /** The link, or null when GoHighLevel no longer has it (deleted in GoHighLevel). */
  menuLink(connection: ProviderConnection, save: SaveSecrets, id: string): Promise<GhlMenuLink | null>;
  createMenuLink(
    connection: ProviderConnection,
    save: SaveSecrets,
    input: { title: string; url: string; locationId: string },
  ): Promise<GhlMenuLink>;
  /** 'gone' when GoHighLevel had no such link any more (deleted there already). */
  deleteMenuLink(connection: ProviderConnection, save: SaveSecrets, id: string): Promise<'deleted' | 'gone'>;
}

/** The icon GoHighLevel shows beside the link (Font Awesome, as its API takes it). */
export const MENU_LINK_ICON = { name: 'chart-line', fontFamily: 'fas' } as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function menuLinkOf(body: unknown): GhlMenuLink | null {
  const b = body as { customMenu?: unknown } | null;
  const m = (b && typeof b === 'object' && 'customMenu' in b ? b.customMenu : b) as Record<
    string,
    unknown
  > | null;
  const id = text(m?.id ?? m?._id);
  if (!m || !id) return null;
  return {
    id,
    title: text(m.title) ?? '',
    url: text(m.url) ?? '',
    locations: Array.isArray(m.locations) ? m.locations.map(String) : [],
  };
}

export function createAgencyCalls(calls: TokenCalls): GhlAgencyCalls {
  /** The call's answer when GoHighLevel took it (2xx, or one of `accepted`); its refusal otherwise. */
  async function ask(
    connection: ProviderConnection,
    save: SaveSecrets,
    request: ApiCall,
    accepted: readonly number[] = [],
  ): Promise<ApiAnswer> {
    const got = await calls.call(connection, save, request);
    if (!got.ok) throw new ProviderInputError(got.result.error);
    const { answer } = got;
    if ((answer.status >= 200 && answer.status < 300) || accepted.includes(answer.status)) return answer;
    throw new ProviderInputError(failureOf(answer).error);
  }
  const menuPath = (id: string) => `/custom-menus/${encodeURIComponent(id)}`;

  return {
    async location(connection, save, locationId) {
      const answer = await ask(connection, save, {
        method: 'GET',
        path: `/locations/${encodeURIComponent(locationId)}`,
      });
      const l = (answer.body as { location?: Record<string, unknown> } | null)?.location ?? {};
      return {
        id: text(l.id) ?? locationId,
        name: text(l.name) ?? locationId,
        companyId: text(l.companyId),
        email: text(l.email),
        phone: text(l.phone),
        firstName: text(l.firstName),
        lastName: text(l.lastName),
        country: text(l.country),
      };
    },

    async menuLink(connection, save, id) {
      const answer = await ask(connection, save, { method: 'GET', path: menuPath(id) }, [404]);
      return answer.status === 404 ? null : menuLinkOf(answer.body);
    },

    async createMenuLink(connection, save, input) {
      const answer = await ask(connection, save, {
        method: 'POST',
        path: '/custom-menus/',
        body: {
          title: input.title,
          url: input.url,
          icon: MENU_LINK_ICON,
          // Only in this sub-account's menu, not the agency's, not in every sub-account.
          showOnCompany: false,
          showOnLocation: true,
          showToAllLocations: false,
          locations: [input.locationId],
          openMode: 'iframe',
          userRole: 'all',
          allowCamera: false,
          allowMicrophone: false,
        },
      });
      const link = menuLinkOf(answer.body);
      if (!link) throw new ProviderInputError('GoHighLevel did not answer the new menu link’s id.');
      return link;
    },

    async deleteMenuLink(connection, save, id) {
      const answer = await ask(connection, save, { method: 'DELETE', path: menuPath(id) }, [404]);
      return answer.status === 404 ? 'gone' : 'deleted';
    },
  };
}
