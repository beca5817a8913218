import { sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/**
 * The deliveries of leads just stored, as one part of the lead claim's single statement (the leads
 * module composes it, the integrations module owns its tables): one row per lead × active or
 * paused connection of the lead's client and of its agency, unless the campaign turned that
 * connection off. `stored` is the claim's CTE of inserted leads (id, campaign_id, client_id,
 * agency_id). The unique index on (lead, connection) makes a lead's delivery to a connection
 * exist at most once, whatever runs twice.
 */
export function queueDeliveriesForStored(stored: string): SQL {
  return sql`insert into integration_deliveries (connection_id, lead_id, agency_id, campaign_id)
      select k.id, s.id, s.agency_id, s.campaign_id
        from ${sql.raw(stored)} s
        join integration_connections k
          on k.company_id in (s.client_id, s.agency_id) and k.disconnected_at is null
        left join integration_campaign_settings cs
          on cs.campaign_id = s.campaign_id and cs.connection_id = k.id
       where coalesce(cs.enabled, true)
       order by s.id, k.id
      on conflict do nothing`;
}
