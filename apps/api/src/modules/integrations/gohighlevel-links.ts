import { type Database, queryRows, sql } from '@app/db';
import {
  HOLD_LAPSES_MS,
  LINKS_KEY,
  type MenuLinkRef,
  type SubaccountLink,
} from '../../providers/integrations/gohighlevel/index.js';

/*
 * The agency connection's sub-accounts turned into clients (decision 0109), written into the
 * connection's settings one key at a time, each write a compare-and-set on the entry it read: two
 * requests for one sub-account at the same moment make one client, and a menu link is stored once.
 */

type Taken = { company_id: number; name: string } | 'pending';

export function createGoHighLevelLinks(
  db: Database,
  /** The live clients' names (a removed client is no client: its sub-account is free again). */
  clientNames: (ids: readonly number[]) => Promise<Map<number, string>>,
) {
  const path = (locationId: string, ...rest: string[]) =>
    sql`array[${LINKS_KEY}::text, ${locationId}::text${sql.join(
      rest.map((r) => sql`, ${r}::text`),
      sql``,
    )}]`;

  async function entry(connectionId: number, locationId: string): Promise<SubaccountLink | null> {
    const [row] = await queryRows<{ entry: SubaccountLink | null }>(
      db,
      sql`select settings #> ${path(locationId)} as entry from integration_connections
           where id = ${connectionId} and disconnected_at is null`,
    );
    return row?.entry ?? null;
  }

  return {
    clientNames,

    /**
     * Holds the sub-account for the client about to be made from it; answers who has it when it is
     * taken (a live client, or a create under way for less than HOLD_LAPSES_MS).
     */
    async hold(
      connectionId: number,
      locationId: string,
      locationName: string,
    ): Promise<{ ok: true } | { ok: false; taken: Taken }> {
      const old = await entry(connectionId, locationId);
      if (old?.client_company_id != null) {
        const name = (await clientNames([old.client_company_id])).get(old.client_company_id);
        if (name !== undefined) return { ok: false, taken: { company_id: old.client_company_id, name } };
      } else if (old && Date.now() - Date.parse(old.reserved_at) < HOLD_LAPSES_MS) {
        return { ok: false, taken: 'pending' };
      }
      const fresh: SubaccountLink = {
        client_company_id: null,
        location_name: locationName,
        reserved_at: new Date().toISOString(),
        menu_link: null,
      };
      const won = await queryRows<{ id: number }>(
        db,
        sql`update integration_connections
               set settings = jsonb_set(
                     settings || jsonb_build_object(${LINKS_KEY}::text, coalesce(settings -> ${LINKS_KEY}::text, '{}'::jsonb)),
                     ${path(locationId)}, ${JSON.stringify(fresh)}::jsonb),
                   updated_at = now()
             where id = ${connectionId} and disconnected_at is null
               and settings #> ${path(locationId)} is not distinct from ${old === null ? null : JSON.stringify(old)}::jsonb
            returning id`,
      );
      // Another request changed the entry between the read and the write: it is making the client.
      return won.length > 0 ? { ok: true } : { ok: false, taken: 'pending' };
    },

    /** The client was made: the sub-account is its. */
    async confirm(connectionId: number, locationId: string, clientCompanyId: number): Promise<void> {
      await db.execute(
        sql`update integration_connections
               set settings = jsonb_set(settings, ${path(locationId, 'client_company_id')}, to_jsonb(${clientCompanyId}::int)),
                   updated_at = now()
             where id = ${connectionId} and settings #> ${path(locationId)} is not null`,
      );
    },

    /** The client could not be made: the hold is let go (never a sub-account that is a client's). */
    async release(connectionId: number, locationId: string): Promise<void> {
      await db.execute(
        sql`update integration_connections set settings = settings #- ${path(locationId)}, updated_at = now()
             where id = ${connectionId}
               and jsonb_typeof(settings #> ${path(locationId, 'client_company_id')}) is distinct from 'number'`,
      );
    },

    /**
     * Sets (or clears) the sub-account's menu link if it still is the one read (`expected`, null for
     * none); false when another request changed it first.
     */
    async setMenuLink(
      connectionId: number,
      locationId: string,
      link: MenuLinkRef | null,
      expected: string | null,
    ): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update integration_connections
               set settings = jsonb_set(settings, ${path(locationId, 'menu_link')},
                                        ${link === null ? 'null' : JSON.stringify(link)}::jsonb),
                   updated_at = now()
             where id = ${connectionId} and disconnected_at is null
               and settings #> ${path(locationId)} is not null
               and coalesce(settings #>> ${path(locationId, 'menu_link', 'id')}, '') = ${expected ?? ''}
            returning id`,
      );
      return rows.length > 0;
    },
  };
}

export type GoHighLevelLinks = ReturnType<typeof createGoHighLevelLinks>;
