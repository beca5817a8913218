import {
  type DeliveryAttemptView,
  type DeliveryList,
  type DeliveryListQuery,
  type DeliveryView,
  pageOf,
  type ReplayRequest,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { notFound } from '../../http-errors.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { DeliveryRepository } from './delivery-repository.js';
import type { ManageConnections } from './manage-connections.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface DeliveryRow {
  id: number | string;
  provider: string;
  connection_id: number;
  lead_id: number | string | null;
  campaign_id: number | null;
  status: DeliveryView['status'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
  next_attempt_at: Date | string;
}

/**
 * The delivery console: a company's deliveries with their attempts, replaying failed ones (each
 * replay logged, with a fresh retry budget) and sending a test payload. Only the company's own
 * connections' deliveries are ever read: every query starts from its connections.
 */
export function createDeliveryConsole(deps: {
  db: Database;
  deliveries: Pick<DeliveryRepository, 'queueTest'>;
  manage: Pick<ManageConnections, 'live'>;
  audit: AuditLog;
  wake: () => void;
  /** The campaigns module's public ids and names, and its public id → row id. */
  campaignLabels: (ids: readonly number[]) => Promise<{ id: number; publicId: string; name: string }[]>;
  campaignIdOf: (publicId: string) => Promise<number | null>;
  /** A company's agency (null for an agency or a root company): a test delivery's key (decision 0121). */
  parentOf: (companyId: number) => Promise<number | null>;
}) {
  const { db } = deps;

  const filters = (companyId: number, q: { slug?: string; campaign_id?: number; status?: string }) =>
    sql.join(
      [
        sql`k.company_id = ${companyId}`,
        q.slug ? sql`k.provider = ${q.slug}` : undefined,
        q.campaign_id ? sql`d.campaign_id = ${q.campaign_id}` : undefined,
        q.status ? sql`d.status = ${q.status}` : undefined,
      ].filter((part) => part !== undefined),
      sql` and `,
    );

  return {
    async list(companyId: number, q: DeliveryListQuery): Promise<DeliveryList> {
      if (q.campaign_public_id) {
        const id = await deps.campaignIdOf(q.campaign_public_id);
        // An unknown campaign matches nothing (never another company's: the filter only narrows).
        q = { ...q, campaign_id: id ?? -1 };
      }
      const where = filters(companyId, q);
      const [total] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from integration_deliveries d
              join integration_connections k on k.id = d.connection_id where ${where}`,
      );
      const rows = await queryRows<DeliveryRow>(
        db,
        sql`select d.id, k.provider, d.connection_id, d.lead_id, d.campaign_id, d.status, d.attempts,
                   d.last_status, d.last_error, d.last_latency_ms, d.created_at, d.delivered_at, d.next_attempt_at
              from integration_deliveries d join integration_connections k on k.id = d.connection_id
             where ${where}
             order by d.id desc
             limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      const campaignIds = [...new Set(rows.flatMap((r) => (r.campaign_id === null ? [] : [r.campaign_id])))];
      const labels = new Map((await deps.campaignLabels(campaignIds)).map((l) => [l.id, l]));
      return pageOf(
        q.page,
        q.per_page,
        total?.n ?? 0,
        rows.map((r) => ({
          campaign_public_id: r.campaign_id === null ? null : (labels.get(r.campaign_id)?.publicId ?? null),
          campaign_name: r.campaign_id === null ? null : (labels.get(r.campaign_id)?.name ?? null),
          id: Number(r.id),
          slug: r.provider,
          connection_id: r.connection_id,
          lead_id: r.lead_id === null ? null : Number(r.lead_id),
          campaign_id: r.campaign_id,
          test: r.lead_id === null,
          status: r.status,
          attempts: r.attempts,
          last_status: r.last_status,
          last_error: r.last_error,
          last_latency_ms: r.last_latency_ms,
          created_at: new Date(r.created_at).toISOString(),
          delivered_at: iso(r.delivered_at),
          next_attempt_at: r.status === 'queued' ? iso(r.next_attempt_at) : null,
        })),
      );
    },

    async attempts(companyId: number, deliveryId: number): Promise<{ data: DeliveryAttemptView[] }> {
      const owned = await queryRows<{ id: number }>(
        db,
        sql`select d.id from integration_deliveries d join integration_connections k on k.id = d.connection_id
             where d.id = ${deliveryId} and k.company_id = ${companyId}`,
      );
      if (owned.length === 0) throw notFound();
      const rows = await queryRows<{
        attempt: number;
        at: Date | string;
        outcome: DeliveryAttemptView['outcome'];
        http_status: number | null;
        latency_ms: number;
        error: string | null;
        request: string;
      }>(
        db,
        sql`select attempt, at, outcome, http_status, latency_ms, error, request
              from integration_delivery_attempts where delivery_id = ${deliveryId} order by attempt, id`,
      );
      return { data: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
    },

    /** Failed deliveries queued again now, each with a fresh retry budget. */
    async replay(p: Principal, given: ReplayRequest, ip: string) {
      let request = given;
      if (request.campaign_public_id)
        request = { ...request, campaign_id: (await deps.campaignIdOf(request.campaign_public_id)) ?? -1 };
      const chosen =
        request.delivery_ids !== undefined
          ? sql`d.id = any(array(select jsonb_array_elements_text(${JSON.stringify(request.delivery_ids)}::jsonb)::bigint))`
          : sql`true`;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update integration_deliveries d
               set status = 'queued', replayed_after = d.attempts, next_attempt_at = now(), lease_until = null
              from integration_connections k
             where k.id = d.connection_id and k.disconnected_at is null and d.status = 'failed'
               and ${filters(request.company_id, request)} and ${chosen}
            returning d.id`,
      );
      await deps.audit.record(
        settingsEvent(
          p,
          request.company_id,
          'integration_deliveries_replayed',
          `Replayed ${rows.length} failed lead ${rows.length === 1 ? 'delivery' : 'deliveries'}${
            rows.length > 0 && rows.length <= 20 ? ` (${rows.map((r) => r.id).join(', ')})` : ''
          }`,
          ip,
        ),
      );
      if (rows.length > 0) deps.wake();
      return {
        result: 'success' as const,
        message:
          rows.length === 0
            ? 'No failed deliveries to replay.'
            : `${rows.length} ${rows.length === 1 ? 'delivery was' : 'deliveries were'} queued again.`,
        replayed: rows.length,
      };
    },

    async sendTest(p: Principal, companyId: number, slug: string, ip: string) {
      const connection = await deps.manage.live(companyId, slug);
      const agencyId = (await deps.parentOf(companyId)) ?? companyId;
      const id = await deps.deliveries.queueTest(connection.id, agencyId);
      await deps.audit.record(
        settingsEvent(
          p,
          companyId,
          'integration_test_sent',
          `Sent a test payload to the ${slug} integration`,
          ip,
        ),
      );
      deps.wake();
      return {
        result: 'success' as const,
        message: 'A test payload was queued; it shows below once sent.',
        delivery_id: id,
      };
    },
  };
}

export type DeliveryConsole = ReturnType<typeof createDeliveryConsole>;
