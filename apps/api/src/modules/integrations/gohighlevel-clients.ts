import {
  GHL_LOCATION_BEING_LINKED,
  GHL_NO_MENU_LINK,
  GHL_NOT_A_SUBACCOUNT_CLIENT,
  GHL_NOT_AGENCY_LEVEL,
  type GhlCreateClientResponse,
  type GhlMenuLinkResponse,
  type GhlSubaccount,
  ghlLocationTaken,
  nationalPhoneOf,
} from '@app/contracts';
import type { Database } from '@app/db';
import { badRequest, notFound } from '../../http-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  asGoHighLevel,
  GHL_SLUG,
  type GhlLocationProfile,
  linkOfClient,
  linksOf,
} from '../../providers/integrations/gohighlevel/index.js';
import { ProviderInputError } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { WebOrigins } from '../domains/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CallContext, CreateClient } from '../users/index.js';
import type { ConnectionRepository, ConnectionRow } from './connection-repository.js';
import { createGoHighLevelLinks } from './gohighlevel-links.js';
import type { ManageConnections } from './manage-connections.js';

/** Where the menu link takes a person: the client's dashboard, on its agency's host. */
export const CLIENT_DASHBOARD_PATH = '/dashboard';
const DEFAULT_MENU_TITLE = 'Leads dashboard';

/**
 * GoHighLevel sub-accounts turned into clients of the agency, and menu links in them opening the
 * client's dashboard (decision 0109). The route checked the caller may manage the agency's
 * integrations (and create clients); the users module makes the client with its own rules.
 */
export function createGoHighLevelClients(deps: {
  db: Database;
  manage: Pick<ManageConnections, 'live' | 'unsealed' | 'targets'>;
  connections: Pick<ConnectionRepository, 'saveSecrets'>;
  secrets: SecretBox;
  providers: ProviderRegistry;
  origins: Pick<WebOrigins, 'ofCompany'>;
  audit: AuditLog;
  createClient: CreateClient;
  /** Live (not deleted) companies' names, by id (the tenancy module's). */
  companyNames: (ids: readonly number[]) => Promise<Map<number, string>>;
}) {
  const links = createGoHighLevelLinks(deps.db, deps.companyNames);

  function crm() {
    const provider = asGoHighLevel(deps.providers.get(GHL_SLUG));
    if (!provider) throw notFound();
    return provider.agency;
  }
  const saveSecrets = (row: ConnectionRow) => async (secrets: Record<string, string>) =>
    deps.connections.saveSecrets(row.id, await deps.secrets.seal(JSON.stringify(secrets)));
  /** GoHighLevel's refusal (a sub-account it does not know, a sign-in it no longer takes): a 400. */
  async function asked<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ProviderInputError) throw badRequest(err.message);
      throw err;
    }
  }
  /** The agency's connection, made with an agency account (it knows its GoHighLevel company). */
  async function agencyConnection(companyId: number) {
    const row = await deps.manage.live(companyId, GHL_SLUG);
    if (typeof row.settings.company_id !== 'string' || row.settings.company_id === '')
      throw badRequest(GHL_NOT_AGENCY_LEVEL);
    return { row, connection: await deps.manage.unsealed(row) };
  }
  /** The sub-account a live client of the agency was made from (400 when none). */
  async function clientLink(row: ConnectionRow, clientCompanyId: number) {
    const found = linkOfClient(row.settings, clientCompanyId);
    if (!found || !(await links.clientNames([clientCompanyId])).has(clientCompanyId))
      throw badRequest(GHL_NOT_A_SUBACCOUNT_CLIENT);
    return found;
  }
  const log = (
    p: Principal,
    companyId: number,
    action: Parameters<typeof settingsEvent>[2],
    text: string,
    ip: string,
  ) => deps.audit.record(settingsEvent(p, companyId, action, text, ip));

  return {
    /** The sub-accounts, each with the client made from it and its menu link. */
    async subaccounts(companyId: number): Promise<GhlSubaccount[]> {
      const { data } = await deps.manage.targets(companyId, GHL_SLUG, 'subaccounts');
      const row = await deps.manage.live(companyId, GHL_SLUG);
      const byLocation = linksOf(row.settings);
      const ids = Object.values(byLocation).flatMap((l) =>
        l.client_company_id === null ? [] : [l.client_company_id],
      );
      const names = await links.clientNames(ids);
      return data.map((s) => {
        const link = byLocation[s.id];
        const id = link?.client_company_id ?? null;
        const name = id === null ? undefined : names.get(id);
        return {
          ...s,
          client: id !== null && name !== undefined ? { company_id: id, name } : null,
          menu_link_id: name !== undefined ? (link?.menu_link?.id ?? null) : null,
        };
      });
    },

    async createClient(
      ctx: CallContext,
      body: {
        company_id: number;
        location_id: string;
        company_name?: string;
        full_name?: string;
        email?: string;
        phone?: string;
        phone_country_code?: string;
      },
    ): Promise<GhlCreateClientResponse> {
      const { row, connection } = await agencyConnection(body.company_id);
      const location = await asked(() => crm().location(connection, saveSecrets(row), body.location_id));
      const held = await links.hold(row.id, body.location_id, location.name);
      if (!held.ok)
        throw badRequest(
          held.taken === 'pending' ? GHL_LOCATION_BEING_LINKED : ghlLocationTaken(held.taken.name),
        );
      let client: Awaited<ReturnType<CreateClient>>;
      try {
        client = await deps.createClient(ctx, {
          agencyId: body.company_id,
          companyName: body.company_name ?? location.name,
          fullName: body.full_name ?? fullNameOf(location),
          email: body.email ?? location.email ?? undefined,
          ...phoneOf(body, location),
        });
      } catch (err) {
        await links.release(row.id, body.location_id);
        throw err;
      }
      await links.confirm(row.id, body.location_id, client.company_id);
      await log(
        ctx.principal,
        body.company_id,
        'integration_client_linked',
        `Created the client ${client.company_name} from the GoHighLevel sub-account ${location.name} (${body.location_id})`,
        ctx.ip,
      );
      return {
        result: 'success',
        message: `The client ${client.company_name} was created from the GoHighLevel sub-account ${location.name}.`,
        data: [client],
        location: { id: body.location_id, name: location.name },
      };
    },

    /** A menu link in the client's sub-account to its dashboard; the existing one when there is one. */
    async createMenuLink(
      p: Principal,
      body: { company_id: number; client_company_id: number; title?: string },
      ip: string,
    ): Promise<GhlMenuLinkResponse> {
      const { row, connection } = await agencyConnection(body.company_id);
      const { locationId, link } = await clientLink(row, body.client_company_id);
      const save = saveSecrets(row);
      const view = (
        ref: { id: string; title: string; url: string },
        created: boolean,
      ): GhlMenuLinkResponse => ({
        result: 'success',
        message: created
          ? `The menu link was added to the GoHighLevel sub-account ${link.location_name}.`
          : `The GoHighLevel sub-account ${link.location_name} has this menu link already.`,
        created,
        menu_link: { id: ref.id, title: ref.title, url: ref.url, location_id: locationId },
      });
      // Asked again: the link made before, unless it was deleted in GoHighLevel meanwhile.
      const before = link.menu_link;
      if (before && (await asked(() => crm().menuLink(connection, save, before.id))))
        return view(before, false);
      const url = `${await deps.origins.ofCompany(body.client_company_id)}${CLIENT_DASHBOARD_PATH}`;
      const title = body.title ?? DEFAULT_MENU_TITLE;
      const made = await asked(() => crm().createMenuLink(connection, save, { title, url, locationId }));
      const ref = { id: made.id, title, url, created_at: new Date().toISOString() };
      if (!(await links.setMenuLink(row.id, locationId, ref, link.menu_link?.id ?? null))) {
        // Another request stored its link first: this one goes, the stored one is the answer.
        await crm()
          .deleteMenuLink(connection, save, made.id)
          .catch(() => undefined);
        const stored = linksOf((await deps.manage.live(body.company_id, GHL_SLUG)).settings)[locationId]
          ?.menu_link;
        if (stored) return view(stored, false);
        throw badRequest(GHL_NO_MENU_LINK);
      }
      await log(
        p,
        body.company_id,
        'integration_menu_link_created',
        `Added the menu link "${title}" to the GoHighLevel sub-account ${link.location_name}, opening ${url}`,
        ip,
      );
      return view(ref, true);
    },

    /** Removes exactly the menu link this product made in the client's sub-account. */
    async deleteMenuLink(p: Principal, query: { company_id: number; client_company_id: number }, ip: string) {
      const { row, connection } = await agencyConnection(query.company_id);
      const { locationId, link } = await clientLink(row, query.client_company_id);
      const menu = link.menu_link;
      if (!menu) throw badRequest(GHL_NO_MENU_LINK);
      // Already deleted in GoHighLevel: forgotten here all the same.
      await asked(() => crm().deleteMenuLink(connection, saveSecrets(row), menu.id));
      await links.setMenuLink(row.id, locationId, null, menu.id);
      await log(
        p,
        query.company_id,
        'integration_menu_link_removed',
        `Removed the menu link "${menu.title}" from the GoHighLevel sub-account ${link.location_name}`,
        ip,
      );
      return {
        result: 'success' as const,
        message: `The menu link was removed from the GoHighLevel sub-account ${link.location_name}.`,
      };
    },
  };
}

export type GoHighLevelClients = ReturnType<typeof createGoHighLevelClients>;

/** The contact person GoHighLevel keeps for the sub-account (undefined: the request must name one). */
function fullNameOf(location: GhlLocationProfile): string | undefined {
  const name = [location.firstName, location.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
}

/** The phone asked for, else the sub-account's (GoHighLevel keeps it international: +1303…). */
function phoneOf(
  body: { phone?: string; phone_country_code?: string },
  location: GhlLocationProfile,
): { phone: string | undefined; phoneCountryCode: string | undefined } {
  const given = body.phone ?? location.phone ?? undefined;
  if (given === undefined) return { phone: undefined, phoneCountryCode: body.phone_country_code };
  const international = given.startsWith('+') ? nationalPhoneOf(given) : null;
  if (international) return { phone: international.number, phoneCountryCode: international.countryCode };
  return { phone: given, phoneCountryCode: body.phone_country_code ?? location.country ?? undefined };
}
