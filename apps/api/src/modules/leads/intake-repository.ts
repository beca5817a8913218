import { type Database, type Executor, queryRows, type SqlExecutor, sql } from '@app/db';
import { AGENCY_OF_CAMPAIGN } from './agency-key.js';
import { textArray } from './sql-arrays.js';

/*
 * The intake table (decision 0046): rows are written in multi-row inserts, leased in batches by
 * the workers' ingest loops (FOR UPDATE SKIP LOCKED, so workers never take the same row), and deleted in the
 * transaction that stores their outcome (lead-claim.ts). A lease that runs out (a crashed worker)
 * frees the row again.
 */

/** `test`: a site test's synthetic identity (decision 0050): priced at 0, outside the limit and balance. */
export type IntakeSource = 'pixel' | 'vendor_callback' | 'vendor_list' | 'ad_platform' | 'test';

export interface IntakeInsert {
  campaignId: number;
  source: IntakeSource;
  payload: Record<string, unknown>;
  /** Not before (the daily list spreads its people); now when absent. */
  availableAt?: Date;
}

export interface IntakeRow {
  id: number;
  campaignId: number;
  source: IntakeSource;
  payload: Record<string, unknown>;
  receivedAt: Date;
  attempts: number;
}

/** How long a worker keeps a leased batch before another may take it. */
export const INTAKE_LEASE_SECONDS = 120;
/** How long a leased batch keeps its campaigns from other batches (see `lease`). */
export const CAMPAIGN_HOLD_SECONDS = 10;

export function createIntakeRepository(db: Database) {
  return {
    /** The id of the running campaign with this public id in one of `modules`, or null. */
    async runningCampaignId(publicId: string, modules: readonly string[]): Promise<number | null> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from campaigns
             where public_id = ${publicId} and status = 'running' and not archived and removed_at is null
               and module::text = any(${textArray(modules)})`,
      );
      return row?.id ?? null;
    },

    /** One INSERT for the whole list (in the caller's transaction when `tx` is given). */
    async insert(rows: readonly IntakeInsert[], tx: Executor = db): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(insertStatement(rows));
    },

    /**
     * Leases up to `limit` due rows, oldest first, of campaigns no other batch took lately: the
     * workers of a cluster take campaigns apart (decision 0122), so their claim transactions do not
     * queue behind each other on a campaign's counters. "Lately" is the first `CAMPAIGN_HOLD_SECONDS`
     * of a lease: a batch is claimed well within it, and a crashed worker's campaigns are taken by
     * the others after it (its own rows wait for their lease to run out). The busy campaigns are read
     * once per statement (an init plan), then skipped in the walk down the due index.
     * `anyCampaign` leases regardless of the hold: the tests of concurrent claims on one campaign,
     * which the hold makes rare (a slow batch, two leases at the same instant) but not impossible.
     */
    async lease(limit: number, options: { anyCampaign?: boolean } = {}): Promise<IntakeRow[]> {
      const held = options.anyCampaign
        ? sql``
        : sql`and campaign_id <> all (array(
                select distinct campaign_id from lead_intake
                 where lease_until > now() + make_interval(secs => ${INTAKE_LEASE_SECONDS - CAMPAIGN_HOLD_SECONDS})))`;
      const rows = await queryRows<{
        id: number;
        campaign_id: number;
        source: IntakeSource;
        payload: Record<string, unknown>;
        received_at: string | Date;
        attempts: number;
      }>(
        db,
        sql`update lead_intake set lease_until = now() + make_interval(secs => ${INTAKE_LEASE_SECONDS}),
                   attempts = attempts + 1
             where id in (select id from lead_intake
                           where available_at <= now() and (lease_until is null or lease_until < now())
                             ${held}
                           order by available_at, id limit ${limit}
                           for update skip locked)
            returning id, campaign_id, source, payload, received_at, attempts`,
      );
      return rows
        .map((r) => ({
          id: Number(r.id),
          campaignId: r.campaign_id,
          source: r.source,
          payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
          receivedAt: new Date(r.received_at),
          attempts: r.attempts,
        }))
        .sort((a, b) => a.id - b.id);
    },
  };
}

export type IntakeRepository = ReturnType<typeof createIntakeRepository>;

/** The rows as one JSON text: the single parameter of either INSERT below. */
function recordsJson(rows: readonly IntakeInsert[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      campaign_id: r.campaignId,
      source: r.source,
      payload: r.payload,
      available_at: (r.availableAt ?? null)?.toISOString() ?? null,
    })),
  );
}

function insertStatement(rows: readonly IntakeInsert[]) {
  return sql`insert into lead_intake (campaign_id, agency_id, source, payload, available_at)
             select x.campaign_id, ${sql.raw(AGENCY_OF_CAMPAIGN)}, x.source, x.payload, coalesce(x.available_at, now())
               from json_to_recordset(${recordsJson(rows)}::json)
                 as x(campaign_id int, source text, payload jsonb, available_at timestamptz)`;
}

/**
 * The same INSERT for the pixel's page views, committed without waiting for the WAL flush (decision
 * 0052): their sender (a beacon) never reads the answer nor retries. Visible to the ingest job at
 * once; a database crash within a fraction of a second can lose such views as the network can; any
 * later durable commit (a lead's claim) flushes them first. The setting is local to the statement's
 * own transaction and read at its commit, so it costs no extra round trip.
 */
const PAGE_VIEWS_INSERT = `insert into lead_intake (campaign_id, agency_id, source, payload, available_at)
  select x.campaign_id, ${AGENCY_OF_CAMPAIGN}, x.source, x.payload, coalesce(x.available_at, now())
    from json_to_recordset($1::json)
      as x(campaign_id int, source text, payload jsonb, available_at timestamptz)
   where (select set_config('synchronous_commit', 'off', true)) = 'off'`;

/**
 * The group commit's INSERT (intake-writer.ts) as a prepared statement (decision 0056): the text
 * never changes, so PostgreSQL parses and plans it once per connection instead of once per batch
 * (about 8 µs of the server's time per view at the pixel's usual 15-row batches), and no query
 * builder walks it per batch.
 */
export function createPageViewInsert(sql: Pick<SqlExecutor, 'executePrepared'>) {
  return async (rows: readonly IntakeInsert[]): Promise<void> => {
    if (rows.length === 0) return;
    await sql.executePrepared('lead_intake_page_views', PAGE_VIEWS_INSERT, [recordsJson(rows)]);
  };
}
