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

    /** The attempt and the delivery's new state, in one statement. */
    async record(a: AttemptRecord): Promise<void> {
      const next = a.next;
      await db.execute(
        sql`with attempt as (
              insert into integration_delivery_attempts
                     (delivery_id, attempt, outcome, http_status, latency_ms, error, request)
              values (${a.deliveryId}, ${a.attempt}, ${a.outcome}, ${a.httpStatus}, ${a.latencyMs},
                      ${a.error}, ${a.request}))
            update integration_deliveries
               set status = ${next.status}, lease_until = null,
                   last_status = ${a.httpStatus}, last_error = ${a.error}, last_latency_ms = ${a.latencyMs},
                   delivered_at = ${next.status === 'delivered' ? sql`now()` : sql`delivered_at`},
                   next_attempt_at = ${
                     next.status === 'queued'
                       ? sql`now() + make_interval(secs => ${next.retryInMs / 1000})`
                       : sql`next_attempt_at`
                   }
             where id = ${a.deliveryId} and status = 'sending'`,
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

    /** A console test payload: a delivery with no lead, due now. */
    async queueTest(connectionId: number): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into integration_deliveries (connection_id) values (${connectionId}) returning id`,
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
