import type { PublicLead } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';

/** Whose leads: an agency's (its clients'), or a whole system's (its root company's key). */
export type LeadFeedScope = { agencyId: number } | { systemId: number };

export interface LeadFeedQuery {
  scope: LeadFeedScope;
  clientId?: number;
  campaignId?: number;
  /** Leads stored at or after this time. */
  since?: Date;
  /** The last lead of the page before: (stored time, id). */
  after?: { at: Date; id: number };
  limit: number;
}

/**
 * Stored leads in the order they were stored, for the Open API's cursor pages (decision 0100): one
 * keyset read on the scope's (created_at, id) index (`leads_agency_created_idx`), so a page deep
 * in the feed costs what the first does.
 */
export function createLeadFeed(db: Database) {
  return async function leadsAfter(
    q: LeadFeedQuery,
  ): Promise<{ leads: PublicLead[]; last: { at: Date; id: number } | null }> {
    const where = [
      'agencyId' in q.scope ? sql`agency_id = ${q.scope.agencyId}` : sql`system_id = ${q.scope.systemId}`,
    ];
    if (q.clientId !== undefined) where.push(sql`client_id = ${q.clientId}`);
    if (q.campaignId !== undefined) where.push(sql`campaign_id = ${q.campaignId}`);
    if (q.since) where.push(sql`created_at >= ${q.since.toISOString()}`);
    if (q.after)
      where.push(sql`(created_at, id) > (${q.after.at.toISOString()}::timestamptz, ${q.after.id})`);
    const rows = await queryRows<{
      id: string | number;
      campaign_id: number;
      client_id: number;
      module: string;
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
      created_at: Date | string;
    }>(
      db,
      sql`select id, campaign_id, client_id, module, first_name, last_name, emails, phones, street, city,
                 state, zip, page_url, keyword, created_at
            from leads where ${sql.join(where, sql` and `)}
           order by created_at, id limit ${q.limit}`,
    );
    const leads = rows.map((r) => ({
      id: Number(r.id),
      campaign_id: Number(r.campaign_id),
      client_id: Number(r.client_id),
      module: r.module,
      first_name: r.first_name,
      last_name: r.last_name,
      emails: r.emails,
      phones: r.phones,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      page_url: r.page_url,
      keyword: r.keyword,
      created_at: new Date(r.created_at).toISOString(),
    }));
    const tail = rows.at(-1);
    return { leads, last: tail ? { at: new Date(tail.created_at), id: Number(tail.id) } : null };
  };
}

export type LeadFeed = ReturnType<typeof createLeadFeed>;
