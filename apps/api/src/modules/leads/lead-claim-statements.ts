import { type Database, queryRows, sql } from '@app/db';
import type { LeadToStore } from './lead-claim.js';

/*
 * The statements of the batch claim (lead-claim.ts), each one round trip for the whole batch. The
 * rows to lock are sorted by the database (`order by` before the lock or the insert, md5 in the C
 * collation), so every batch takes them in the same order.
 */

export type Pair = readonly [owner: number, md5: string];
type Stamped = readonly [owner: number, md5: string, at: string];

const json = (value: unknown) => JSON.stringify(value);
const pairKey = (owner: number, md5: string) => `${owner}:${md5}`;

export function claimStatements(tx: Database) {
  const lockClaims = async (
    table: 'lead_claims' | 'client_lead_claims',
    owner: string,
    pairs: readonly Pair[],
  ) => {
    const found = new Map<string, Date>();
    if (pairs.length === 0) return found;
    const rows = await queryRows<{ owner: number; md5: string; last: string | Date }>(
      tx,
      sql`select t.${sql.raw(owner)} as owner, t.identity_md5 as md5, t.last_delivered_at as last
            from ${sql.raw(table)} t
            join json_to_recordset(${json(pairs.map(([o, m]) => ({ o, m })))}::json) as k(o int, m text)
              on t.${sql.raw(owner)} = k.o and t.identity_md5 = k.m
           order by t.${sql.raw(owner)}, t.identity_md5 collate "C"
             for update of t`,
    );
    for (const r of rows) found.set(pairKey(r.owner, r.md5), new Date(r.last));
    return found;
  };
  const insertClaims = async (
    table: 'lead_claims' | 'client_lead_claims',
    owner: string,
    rows: readonly Stamped[],
  ) => {
    const inserted = new Set<string>();
    if (rows.length === 0) return inserted;
    const back = await queryRows<{ owner: number; md5: string }>(
      tx,
      sql`insert into ${sql.raw(table)} (${sql.raw(owner)}, identity_md5, last_delivered_at)
          select k.o, k.m, k.at::timestamptz
            from json_to_recordset(${json(rows.map(([o, m, at]) => ({ o, m, at })))}::json) as k(o int, m text, at text)
           order by k.o, k.m collate "C"
          on conflict do nothing
          returning ${sql.raw(owner)} as owner, identity_md5 as md5`,
    );
    for (const r of back) inserted.add(pairKey(r.owner, r.md5));
    return inserted;
  };
  const updateClaims = async (
    table: 'lead_claims' | 'client_lead_claims',
    owner: string,
    rows: readonly Stamped[],
  ) => {
    if (rows.length === 0) return;
    await tx.execute(
      sql`update ${sql.raw(table)} t set last_delivered_at = k.at::timestamptz
            from json_to_recordset(${json(rows.map(([o, m, at]) => ({ o, m, at })))}::json) as k(o int, m text, at text)
           where t.${sql.raw(owner)} = k.o and t.identity_md5 = k.m`,
    );
  };
  const deleteClaims = async (
    table: 'lead_claims' | 'client_lead_claims',
    owner: string,
    pairs: readonly Pair[],
  ) => {
    if (pairs.length === 0) return;
    await tx.execute(
      sql`delete from ${sql.raw(table)} t
           using json_to_recordset(${json(pairs.map(([o, m]) => ({ o, m })))}::json) as k(o int, m text)
           where t.${sql.raw(owner)} = k.o and t.identity_md5 = k.m`,
    );
  };

  return {
    lockCampaignClaims: (pairs: readonly Pair[]) => lockClaims('lead_claims', 'campaign_id', pairs),
    lockClientClaims: (pairs: readonly Pair[]) => lockClaims('client_lead_claims', 'client_id', pairs),
    insertCampaignClaims: (rows: readonly Stamped[]) => insertClaims('lead_claims', 'campaign_id', rows),
    insertClientClaims: (rows: readonly Stamped[]) => insertClaims('client_lead_claims', 'client_id', rows),
    updateCampaignClaims: (rows: readonly Stamped[]) => updateClaims('lead_claims', 'campaign_id', rows),
    updateClientClaims: (rows: readonly Stamped[]) => updateClaims('client_lead_claims', 'client_id', rows),
    deleteCampaignClaims: (pairs: readonly Pair[]) => deleteClaims('lead_claims', 'campaign_id', pairs),
    deleteClientClaims: (pairs: readonly Pair[]) => deleteClaims('client_lead_claims', 'client_id', pairs),

    /** The limit counters of these (campaign, period) keys, created at 0 when missing, locked. */
    async lockCounters(keys: readonly (readonly [number, string])[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (keys.length === 0) return found;
      const rows = await queryRows<{ campaign_id: number; period_key: string; count: number }>(
        tx,
        sql`insert into campaign_limit_counters (campaign_id, period_key, count)
            select k.c, k.p, 0
              from json_to_recordset(${json(keys.map(([c, p]) => ({ c, p })))}::json) as k(c int, p text)
             order by k.c, k.p collate "C"
            on conflict (campaign_id, period_key) do update set count = campaign_limit_counters.count
            returning campaign_id, period_key, count`,
      );
      for (const r of rows) found.set(`${r.campaign_id}:${r.period_key}`, r.count);
      return found;
    },
    /** The prepaid balances of these campaigns, locked (a campaign without a row has none). */
    async lockPrepaid(campaignIds: readonly number[]): Promise<Map<number, number>> {
      const found = new Map<number, number>();
      if (campaignIds.length === 0) return found;
      const rows = await queryRows<{ campaign_id: number; leads_left: number }>(
        tx,
        sql`select campaign_id, leads_left from campaign_prepaid_balances
             where campaign_id in (select value::int from json_array_elements_text(${json(campaignIds)}::json))
             order by campaign_id
               for update`,
      );
      for (const r of rows) found.set(r.campaign_id, r.leads_left);
      return found;
    },
    async setCounters(counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      const rows = [...counts].map(([k, n]) => {
        const at = k.indexOf(':');
        return { c: Number.parseInt(k.slice(0, at), 10), p: k.slice(at + 1), n };
      });
      await tx.execute(
        sql`update campaign_limit_counters t set count = k.n
              from json_to_recordset(${json(rows)}::json) as k(c int, p text, n int)
             where t.campaign_id = k.c and t.period_key = k.p`,
      );
    },
    async setPrepaid(left: ReadonlyMap<number, number>): Promise<void> {
      if (left.size === 0) return;
      await tx.execute(
        sql`update campaign_prepaid_balances t set leads_left = k.n, updated_at = now()
              from json_to_recordset(${json([...left].map(([c, n]) => ({ c, n })))}::json) as k(c int, n int)
             where t.campaign_id = k.c`,
      );
    },

    /** The leads with their frozen prices, one INSERT; their ids in the given order. */
    async insertLeads(leads: readonly LeadToStore[]): Promise<number[]> {
      if (leads.length === 0) return [];
      const records = leads.map((lead, i) => {
        const { campaign: c, person } = lead;
        return {
          i,
          campaign_id: c.id,
          client_id: c.clientId,
          agency_id: c.agencyId,
          system_id: c.systemId,
          module: c.module,
          identity_md5: lead.identityMd5,
          claimed_at: lead.now.toISOString(),
          source: lead.source,
          first_name: person.firstName,
          last_name: person.lastName,
          emails: person.emails,
          phones: person.phones,
          street: person.street,
          city: person.city,
          state: person.state,
          zip: person.zip,
          company: person.company,
          page_url: lead.pageUrl,
          keyword: lead.keyword,
          client_price_micros: c.prices.clientMicros,
          wholesale_micros: c.prices.wholesaleMicros,
          root_fee_micros: c.prices.rootFeeMicros,
        };
      });
      const rows = await queryRows<{ id: string; campaign_id: number; identity_md5: string }>(
        tx,
        sql`insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at,
                   source, first_name, last_name, emails, phones, street, city, state, zip, company, page_url,
                   keyword, client_price_micros, wholesale_micros, root_fee_micros)
            select x.campaign_id, x.client_id, x.agency_id, x.system_id, x.module::module_type, x.identity_md5,
                   x.claimed_at::timestamptz, x.source, x.first_name, x.last_name, x.emails, x.phones,
                   x.street, x.city, x.state, x.zip, x.company, x.page_url, x.keyword,
                   x.client_price_micros, x.wholesale_micros, x.root_fee_micros
              from json_to_recordset(${json(records)}::json) as x(i int, campaign_id int, client_id int,
                   agency_id int, system_id int, module text, identity_md5 text, claimed_at text, source text,
                   first_name text, last_name text, emails text[], phones text[], street text, city text,
                   state text, zip text, company jsonb, page_url text, keyword text, client_price_micros bigint,
                   wholesale_micros bigint, root_fee_micros bigint)
             order by x.i
            returning id::text as id, campaign_id, identity_md5`,
      );
      // Winners are distinct per (campaign, identity), so that pair finds each lead's id.
      const ids = new Map(
        rows.map((r) => [pairKey(r.campaign_id, r.identity_md5), Number.parseInt(r.id, 10)]),
      );
      return leads.map((lead) => {
        const id = ids.get(pairKey(lead.campaign.id, lead.identityMd5));
        if (id === undefined) throw new Error('a lead row was not stored');
        return id;
      });
    },
    async insertDeliveries(rows: readonly (readonly [leadId: number, kind: string, target: string])[]) {
      if (rows.length === 0) return;
      await tx.execute(
        sql`insert into lead_deliveries (lead_id, kind, target)
            select x.l, x.k, x.t from json_to_recordset(${json(rows.map(([l, k, t]) => ({ l, k, t })))}::json)
              as x(l bigint, k text, t text)`,
      );
    },
  };
}
