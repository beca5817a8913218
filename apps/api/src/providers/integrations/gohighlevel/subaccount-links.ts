/*
 * The agency connection's sub-accounts turned into clients (decision 0109), kept in the connection's
 * settings under `subaccount_clients`, by GoHighLevel location id: the client company each became,
 * and the menu link opening that client's dashboard inside it. Deliveries of the client's leads
 * through the agency's connection go to its sub-account (unless the campaign chose another).
 */

export const LINKS_KEY = 'subaccount_clients';

export interface MenuLinkRef {
  id: string;
  title: string;
  url: string;
  created_at: string;
}

export interface SubaccountLink {
  /** Null while the client is being created (the location is held for it). */
  client_company_id: number | null;
  location_name: string;
  /** When the location was held: a hold left by a create that never finished lapses. */
  reserved_at: string;
  menu_link: MenuLinkRef | null;
}

/** A hold older than this is a create that died half-way: the location is free again. */
export const HOLD_LAPSES_MS = 10 * 60_000;

/** The links in a connection's settings (an absent or malformed map is none). */
export function linksOf(settings: Record<string, unknown>): Record<string, SubaccountLink> {
  const map = settings[LINKS_KEY];
  if (!map || typeof map !== 'object' || Array.isArray(map)) return {};
  const out: Record<string, SubaccountLink> = {};
  for (const [locationId, raw] of Object.entries(map as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Partial<SubaccountLink>;
    out[locationId] = {
      client_company_id: typeof r.client_company_id === 'number' ? r.client_company_id : null,
      location_name: typeof r.location_name === 'string' ? r.location_name : locationId,
      reserved_at: typeof r.reserved_at === 'string' ? r.reserved_at : new Date(0).toISOString(),
      menu_link: r.menu_link && typeof r.menu_link.id === 'string' ? r.menu_link : null,
    };
  }
  return out;
}

/** The sub-account a client was created from, with its link; null when it was not. */
export function linkOfClient(
  settings: Record<string, unknown>,
  clientCompanyId: number,
): { locationId: string; link: SubaccountLink } | null {
  for (const [locationId, link] of Object.entries(linksOf(settings)))
    if (link.client_company_id === clientCompanyId) return { locationId, link };
  return null;
}

/** Where a client's leads go through the agency's connection when the campaign chose no sub-account. */
export function linkedLocationOf(
  settings: Record<string, unknown>,
  clientCompanyId: number | undefined,
): string | undefined {
  return clientCompanyId === undefined ? undefined : linkOfClient(settings, clientCompanyId)?.locationId;
}
