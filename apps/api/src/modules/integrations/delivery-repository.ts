import { type Database, queryRows, sql } from '@app/db';

/** A delivery leased for sending, with what its provider needs of the connection. */
export interface LeasedDelivery {
  id: number;
  connection_id: number;
  lead_id: number | null;
  campaign_id: number | null;
  attempts: number;
  replayed_after: number;
  provider: string;
  company_id: number;
  /** The connection's failures in a row when leased (a success need not reset a zero). */
  consecutive_failures: number;
  settings: Record<string, unknown>;
  sealed_secrets: string | null;
  campaign_settings: Record<string, unknown> | null;
}

export interface AttemptRecord {
  deliveryId: number;
  attempt: number;
  outcome: 'delivered' | 'failed' | 'refused';
  httpStatus: number | null;
  latencyMs: number;
  error: string | null;
  request: string;
  /** What becomes of the delivery: delivered, retried at `retryInMs`, or given up. */
  next: { status: 'delivered' } | { status: 'queued'; retryInMs: number } | { status: 'failed' };
}

/** How long a leased delivery may take before another worker may take it again. */
export const DELIVERY_LEASE_SECONDS = 120;

/**
 * The delivery queue (`integration_deliveries`) and its attempts. Leasing is per connection and
 * fair: each active connection with a closed circuit gets at most its free share of the cap of
 * deliveries in flight (a connection whose circuit just reopened: one probe), so one slow or dead
 * endpoint cannot fill a batch and hold back every other company's leads. Rows are taken with
 * SKIP LOCKED: any number of workers share the queue, and a worker that dies leaves its rows to be
 * taken again when their lease ends.
 */
export function createDeliveryRepository(db: Database) {
  return {
    async lease(options: {
      limit: number;
      perConnection: number;
      /** Failures after which a connection's circuit is open (its probes then go one at a time). */
      openAfter: number;
    }): Promise<LeasedDelivery[]> {
      return queryRows<LeasedDelivery>(
        db,
        sql`with open_connections as (
              select k.id,
                     greatest(0, (case when k.consecutive_failures >= ${options.openAfter} then 1
                                       else ${options.perConnection} end)
                                 - (select count(*)::int from integration_deliveries f
                                     where f.connection_id = k.id and f.status = 'sending'
                                       and f.lease_until > now())) as free
                from integration_connections k
               where k.status = 'active' and k.disconnected_at is null
                 and (k.circuit_open_until is null or k.circuit_open_until <= now())
                 and exists (select 1 from integration_deliveries q
                              where q.connection_id = k.id and q.status = 'queued' and q.next_attempt_at <= now())),
            candidates as (
              select d.id, d.next_attempt_at
                from open_connections k
                cross join lateral (
                  select q.id, q.next_attempt_at from integration_deliveries q
                   where q.connection_id = k.id and q.status = 'queued' and q.next_attempt_at <= now()
                   order by q.next_attempt_at, q.id
                   limit k.free) d
               order by d.next_attempt_at, d.id
               limit ${options.limit}),
            taken as (
              select q.id from integration_deliveries q
               where q.id in (select id from candidates) and q.status = 'queued'
               for update skip locked)
          update integration_deliveries d
             set status = 'sending', attempts = d.attempts + 1,
                 lease_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
            from taken, integration_connections k
           where d.id = taken.id and k.id = d.connection_id
          returning d.id, d.connection_id, d.lead_id, d.campaign_id, d.attempts, d.replayed_after,
                    k.provider, k.company_id, k.consecutive_failures, k.settings, k.sealed_secrets,
                    (select cs.settings from integration_campaign_settings cs
                      where cs.campaign_id = d.campaign_id and cs.connection_id = d.connection_id) as campaign_settings`,
      );
    },

    /**
     * Attempts and their deliveries' new states, many in one statement (the engine's writer gathers
     * what finished while the previous write was under way). A delivery whose lease was taken back
     * meanwhile (no longer `sending`) keeps its state; its attempt is still recorded.
     */
    async record(attempts: readonly AttemptRecord[]): Promise<void> {
      if (attempts.length === 0) return;
      const rows = attempts.map((a) => ({
        delivery_id: a.deliveryId,
        attempt: a.attempt,
        outcome: a.outcome,
        http_status: a.httpStatus,
        latency_ms: a.latencyMs,
        error: a.error,
        request: a.request,
        status: a.next.status,
        retry_secs: a.next.status === 'queued' ? a.next.retryInMs / 1000 : null,
      }));
      await db.execute(
        sql`with input as (
              select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
                delivery_id bigint, attempt integer, outcome text, http_status integer, latency_ms integer,
                error text, request text, status text, retry_secs double precision)),
            attempt as (
              insert into integration_delivery_attempts
                     (delivery_id, agency_id, attempt, outcome, http_status, latency_ms, error, request)
              select delivery_id,
                     (select d.agency_id from integration_deliveries d where d.id = input.delivery_id),
                     attempt, outcome, http_status, latency_ms, error, request
                from input)
            update integration_deliveries d
               set status = i.status, lease_until = null,
                   last_status = i.http_status, last_error = i.error, last_latency_ms = i.latency_ms,
                   delivered_at = case when i.status = 'delivered' then now() else d.delivered_at end,
                   next_attempt_at = case when i.status = 'queued'
                                          then now() + make_interval(secs => i.retry_secs)
                                          else d.next_attempt_at end
              from input i
             where d.id = i.delivery_id and d.status = 'sending'`,
      );
    },

    /** Leases that ran out (their worker died mid-send): due again now. */
    async releaseExpired(): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update integration_deliveries set status = 'queued', lease_until = null, next_attempt_at = now()
             where status = 'sending' and lease_until <= now()
            returning id`,
      );
      return rows.length;
    },

    /**
     * A console test payload: a delivery with no lead, due now, under the agency (decision 0121) of
     * the connection's company: a client's parent, or the agency (or root) company itself.
     */
    async queueTest(connectionId: number, agencyId: number): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into integration_deliveries (connection_id, agency_id)
            values (${connectionId}, ${agencyId}) returning id`,
      );
      return Number((row as { id: number }).id);
    },

    /** Deliveries that can never go (their connection was disconnected): given up with the reason. */
    async failQueued(connectionId: number, reason: string): Promise<void> {
      await db.execute(
        sql`update integration_deliveries set status = 'failed', last_error = ${reason}, lease_until = null
             where connection_id = ${connectionId} and status in ('queued', 'sending')`,
      );
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
