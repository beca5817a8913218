import { type Database, queryRows, sql } from '@app/db';
import type { LeadPayload } from '../../providers/integrations/provider.js';

/**
 * Stored leads as integrations deliver them (clean names, the campaign's public id), read in one
 * query per batch. A campaign that hides phones from its client sends none to its integrations.
 */
export function createLeadPayloads(db: Database) {
  return async (ids: readonly number[]): Promise<Map<number, LeadPayload>> => {
    const found = new Map<number, LeadPayload>();
    if (ids.length === 0) return found;
    const rows = await queryRows<{
      id: number | string;
      public_id: string;
      name: string;
      module: string;
      claimed_at: Date | string;
      first_name: string;
      last_name: string;
      emails: string[];
      phones: string[];
      street: string;
      city: string;
      state: string;
      zip: string;
      page_url: string;
      keyword: string;
      hide_phone: boolean;
    }>(
      db,
      sql`select l.id, c.public_id, c.name, l.module, l.claimed_at, l.first_name, l.last_name, l.emails,
                 l.phones, l.street, l.city, l.state, l.zip, l.page_url, l.keyword, c.hide_phone
            from leads l join campaigns c on c.id = l.campaign_id
           where l.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint))`,
    );
    for (const r of rows)
      found.set(Number(r.id), {
        id: String(r.id),
        campaign: { id: r.public_id, name: r.name, module: r.module },
        captured_at: new Date(r.claimed_at).toISOString(),
        first_name: r.first_name,
        last_name: r.last_name,
        emails: r.emails,
        phones: r.hide_phone ? [] : r.phones,
        address: { street: r.street, city: r.city, state: r.state, zip: r.zip },
        page_url: r.page_url || null,
        keyword: r.keyword || null,
        test: false,
      });
    return found;
  };
}
