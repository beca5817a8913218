import type { ConnectionView, ProviderView } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { ProviderMeta } from '../../providers/integrations/provider.js';
import type { ConnectionRow } from './connection-repository.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type Stats = ConnectionView['stats'];
const NO_STATS: Stats = { queued: 0, delivered: 0, failed: 0, last_delivered_at: null };

/** Deliveries per status of each connection, and its last delivered lead. */
export async function connectionStats(db: Database, ids: readonly number[]): Promise<Map<number, Stats>> {
  const found = new Map<number, Stats>();
  if (ids.length === 0) return found;
  const rows = await queryRows<{
    connection_id: number;
    queued: number;
    delivered: number;
    failed: number;
    last_delivered_at: Date | string | null;
  }>(
    db,
    sql`select connection_id,
               count(*) filter (where status in ('queued', 'sending'))::int as queued,
               count(*) filter (where status = 'delivered')::int as delivered,
               count(*) filter (where status = 'failed')::int as failed,
               max(delivered_at) as last_delivered_at
          from integration_deliveries
         where connection_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int))
         group by connection_id`,
  );
  for (const r of rows)
    found.set(r.connection_id, {
      queued: r.queued,
      delivered: r.delivered,
      failed: r.failed,
      last_delivered_at: iso(r.last_delivered_at),
    });
  return found;
}

export function connectionView(row: ConnectionRow, stats: Stats = NO_STATS): ConnectionView {
  return {
    id: row.id,
    company_id: row.company_id,
    slug: row.provider,
    status: row.status,
    settings: row.settings,
    paused_reason: row.paused_reason,
    consecutive_failures: row.consecutive_failures,
    circuit_open_until: iso(row.circuit_open_until),
    connected_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    stats,
  };
}

export function providerView(meta: ProviderMeta, connection: ConnectionView | null): ProviderView {
  return {
    slug: meta.slug,
    name: meta.name,
    kind: meta.kind,
    auth: meta.auth,
    description: meta.description,
    sandbox: meta.sandbox,
    connect_fields: meta.connectFields.map((f) => ({ ...f })),
    campaign_fields: meta.campaignFields.map((f) => ({ ...f })),
    connection,
  };
}
