import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { queueDeliveriesForStored } from '../integrations/index.js';
import { AGENCY_OF_CAMPAIGN } from './agency-key.js';
import type { LeadToStore, Rejection } from './lead-claim.js';
import { intArray } from './sql-arrays.js';

/*
 * The statements of the batch claim (lead-claim.ts), each one round trip for the whole batch: the
 * locks one kind of row at a time, then every write in one statement. The rows to lock are sorted
 * by the database (`order by` before the lock or the insert, md5 in the C collation), so every
 * batch takes them in the same order.
 */

/** A claim's key: its owner (campaign or client), the identity, and the owner's agency (decision 0121). */
export type Pair = readonly [owner: number, md5: string, agency: number];
type Stamped = readonly [owner: number, md5: string, agency: number, at: string];

/** Everything a batch writes once its candidates are decided (`writeBatch`). */
export interface BatchWrites {
  /** Existing claim rows the winners re-claim (window passed): their new last delivery. */
  campaignClaims: readonly Stamped[];
  clientClaims: readonly Stamped[];
  /** Claim rows this transaction inserted for candidates that lost a later step. */
  dropCampaignClaims: readonly Pair[];
  dropClientClaims: readonly Pair[];
  /** `campaign:period` → the new count. */
  counters: ReadonlyMap<string, number>;
  leads: readonly { lead: LeadToStore; deliveries: readonly (readonly [kind: string, target: string])[] }[];
  rejections: readonly Rejection[];
  /** Intake rows done with. */
  processed: readonly number[];
}

export const EMPTY_WRITES: BatchWrites = {
  campaignClaims: [],
  clientClaims: [],
  dropCampaignClaims: [],
  dropClientClaims: [],
  counters: new Map(),
  leads: [],
  rejections: [],
  processed: [],
};

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
            join json_to_recordset(${json(pairs.map(([o, m, a]) => ({ o, m, a })))}::json) as k(o int, m text, a int)
              on t.${sql.raw(owner)} = k.o and t.identity_md5 = k.m and t.agency_id = k.a
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
      sql`insert into ${sql.raw(table)} (${sql.raw(owner)}, identity_md5, agency_id, last_delivered_at)
          select k.o, k.m, k.a, k.at::timestamptz
            from json_to_recordset(${json(rows.map(([o, m, a, at]) => ({ o, m, a, at })))}::json)
              as k(o int, m text, a int, at text)
           order by k.o, k.m collate "C"
          on conflict do nothing
          returning ${sql.raw(owner)} as owner, identity_md5 as md5`,
    );
    for (const r of back) inserted.add(pairKey(r.owner, r.md5));
    return inserted;
  };
  return {
    lockCampaignClaims: (pairs: readonly Pair[]) => lockClaims('lead_claims', 'campaign_id', pairs),
    lockClientClaims: (pairs: readonly Pair[]) => lockClaims('client_lead_claims', 'client_id', pairs),
    insertCampaignClaims: (rows: readonly Stamped[]) => insertClaims('lead_claims', 'campaign_id', rows),
    insertClientClaims: (rows: readonly Stamped[]) => insertClaims('client_lead_claims', 'client_id', rows),

    /** The limit counters of these (campaign, period, agency) keys, created at 0 when missing, locked. */
    async lockCounters(
      keys: readonly (readonly [campaign: number, period: string, agency: number])[],
    ): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (keys.length === 0) return found;
      const rows = await queryRows<{ campaign_id: number; period_key: string; count: number }>(
        tx,
        sql`insert into campaign_limit_counters (campaign_id, period_key, agency_id, count)
            select k.c, k.p, k.a, 0
              from json_to_recordset(${json(keys.map(([c, p, a]) => ({ c, p, a })))}::json) as k(c int, p text, a int)
             order by k.c, k.p collate "C"
            on conflict (campaign_id, period_key, agency_id) do update set count = campaign_limit_counters.count
            returning campaign_id, period_key, count`,
      );
      for (const r of rows) found.set(`${r.campaign_id}:${r.period_key}`, r.count);
      return found;
    },
    /**
     * Every write of the batch in ONE statement (data-modifying CTEs, each present only when it has
     * rows): claim rows updated or deleted, counters set, the leads inserted with their
     * frozen prices and, from their new ids, their delivery rows, the rejections inserted, the intake
     * rows deleted. The parts touch disjoint rows, so the one snapshot they share changes nothing.
     * The new leads' ids, in the order of `writes.leads`.
     */
    async writeBatch(writes: BatchWrites): Promise<number[]> {
      const parts: SQL[] = [];
      const part = (name: string, statement: SQL) => parts.push(sql`${sql.raw(name)} as (${statement})`);
      const stamped = (rows: readonly Stamped[]) => json(rows.map(([o, m, a, at]) => ({ o, m, a, at })));
      const pairs = (rows: readonly Pair[]) => json(rows.map(([o, m, a]) => ({ o, m, a })));
      if (writes.campaignClaims.length > 0)
        part(
          'campaign_claims',
          sql`update lead_claims t set last_delivered_at = k.at::timestamptz
                from json_to_recordset(${stamped(writes.campaignClaims)}::json) as k(o int, m text, a int, at text)
               where t.campaign_id = k.o and t.identity_md5 = k.m and t.agency_id = k.a`,
        );
      if (writes.clientClaims.length > 0)
        part(
          'client_claims',
          sql`update client_lead_claims t set last_delivered_at = k.at::timestamptz
                from json_to_recordset(${stamped(writes.clientClaims)}::json) as k(o int, m text, a int, at text)
               where t.client_id = k.o and t.identity_md5 = k.m and t.agency_id = k.a`,
        );
      if (writes.dropCampaignClaims.length > 0)
        part(
          'dropped_campaign_claims',
          sql`delete from lead_claims t
               using json_to_recordset(${pairs(writes.dropCampaignClaims)}::json) as k(o int, m text, a int)
               where t.campaign_id = k.o and t.identity_md5 = k.m and t.agency_id = k.a`,
        );
      if (writes.dropClientClaims.length > 0)
        part(
          'dropped_client_claims',
          sql`delete from client_lead_claims t
               using json_to_recordset(${pairs(writes.dropClientClaims)}::json) as k(o int, m text, a int)
               where t.client_id = k.o and t.identity_md5 = k.m and t.agency_id = k.a`,
        );
      if (writes.counters.size > 0)
        part(
          'counters',
          sql`update campaign_limit_counters t set count = k.n
                from json_to_recordset(${json(
                  [...writes.counters].map(([k, n]) => {
                    const at = k.indexOf(':');
                    return { c: Number.parseInt(k.slice(0, at), 10), p: k.slice(at + 1), n };
                  }),
                )}::json) as k(c int, p text, n int)
               where t.campaign_id = k.c and t.period_key = k.p`,
        );
      const withLeads = writes.leads.length > 0;
      if (withLeads) {
        part('stored', insertLeadsStatement(writes.leads.map((l) => l.lead)));
        // n keeps the rows in the order given (lead by lead, recipients in the campaign's order).
        const deliveries = writes.leads
          .flatMap(({ lead, deliveries: targets }) =>
            targets.map(([k, t]) => ({ c: lead.campaign.id, m: lead.identityMd5, k, t })),
          )
          .map((d, n) => ({ ...d, n }));
        if (deliveries.length > 0)
          part(
            'deliveries',
            sql`insert into lead_deliveries (lead_id, agency_id, kind, target)
                select s.id, s.agency_id, d.k, d.t
                  from stored s
                  join json_to_recordset(${json(deliveries)}::json) as d(n int, c int, m text, k text, t text)
                    on d.c = s.campaign_id and d.m = s.identity_md5
                 order by d.n`,
          );
      }
      // Each integration connected by the lead's client or agency gets its delivery (decision 0096).
      if (withLeads) part('integration_deliveries', queueDeliveriesForStored('stored'));
      if (writes.rejections.length > 0)
        part(
          'rejections',
          sql`insert into lead_rejections (campaign_id, agency_id, identity_md5, source, step, reason)
              select x.campaign_id, ${sql.raw(AGENCY_OF_CAMPAIGN)}, x.identity_md5, x.source, x.step, x.reason
                from json_to_recordset(${json(
                  writes.rejections.map((r) => ({
                    campaign_id: r.campaignId,
                    identity_md5: r.identityMd5,
                    source: r.source,
                    step: r.step,
                    reason: r.reason,
                  })),
                )}::json) as x(campaign_id int, identity_md5 text, source text, step text, reason text)`,
        );
      if (writes.processed.length > 0)
        part(
          'processed',
          sql`delete from lead_intake where id = any(${intArray(writes.processed)}::bigint[])`,
        );
      if (parts.length === 0) return [];
      const result = withLeads
        ? sql`select id::text as id, campaign_id, identity_md5 from stored`
        : sql`select null::text as id, 0 as campaign_id, '' as identity_md5 where false`;
      const rows = await queryRows<{ id: string; campaign_id: number; identity_md5: string }>(
        tx,
        sql`with ${sql.join(parts, sql`, `)} ${result}`,
      );
      // Winners are distinct per (campaign, identity), so that pair finds each lead's id.
      const ids = new Map(
        rows.map((r) => [pairKey(r.campaign_id, r.identity_md5), Number.parseInt(r.id, 10)]),
      );
      return writes.leads.map(({ lead }) => {
        const id = ids.get(pairKey(lead.campaign.id, lead.identityMd5));
        if (id === undefined) throw new Error('a lead row was not stored');
        return id;
      });
    },
  };
}

/** The leads with their frozen prices: an INSERT … RETURNING their ids and keys. */
function insertLeadsStatement(leads: readonly LeadToStore[]): SQL {
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
      advanced: person.advanced,
      page_url: lead.pageUrl,
      keyword: lead.keyword,
      client_price_micros: c.prices.clientMicros,
      wholesale_micros: c.prices.wholesaleMicros,
      root_fee_micros: c.prices.rootFeeMicros,
    };
  });
  return sql`insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at,
                 source, first_name, last_name, emails, phones, street, city, state, zip, company, advanced,
                 page_url, keyword, client_price_micros, wholesale_micros, root_fee_micros)
          select x.campaign_id, x.client_id, x.agency_id, x.system_id, x.module::module_type, x.identity_md5,
                 x.claimed_at::timestamptz, x.source, x.first_name, x.last_name, x.emails, x.phones,
                 x.street, x.city, x.state, x.zip, x.company, coalesce(x.advanced, '{}'::jsonb), x.page_url, x.keyword,
                 x.client_price_micros, x.wholesale_micros, x.root_fee_micros
            from json_to_recordset(${json(records)}::json) as x(i int, campaign_id int, client_id int,
                 agency_id int, system_id int, module text, identity_md5 text, claimed_at text, source text,
                 first_name text, last_name text, emails text[], phones text[], street text, city text,
                 state text, zip text, company jsonb, advanced jsonb, page_url text, keyword text, client_price_micros bigint,
                 wholesale_micros bigint, root_fee_micros bigint)
           order by x.i
          returning id, campaign_id, client_id, agency_id, identity_md5`;
}
