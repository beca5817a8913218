import type { Audience } from '@app/contracts';
import type { AudienceRow } from './audience-repository.js';

/*
 * An audience as people see it (decision 0114): counts, where its storing stands as a percentage,
 * whose it is and which campaigns use it. Keys never leave the server this way.
 */

/** Names and campaign labels the rows refer to, read once per answer. */
export interface AudienceViewFacts {
  companyNames: Map<number, string>;
  personNames: Map<number, string>;
  campaignsOf: Map<number, number[]>;
  campaignLabels: Map<number, { publicId: string; name: string }>;
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

/** 0-100: what share of the accepted keys is stored; 100 only once ready (a last range may still be in flight). */
export function audienceProgress(row: Pick<AudienceRow, 'status' | 'merged_rows' | 'accepted_rows'>): number {
  if (row.status === 'ready') return 100;
  if (row.status !== 'processing' || row.accepted_rows === 0) return 0;
  return Math.min(99, Math.floor((row.merged_rows * 100) / row.accepted_rows));
}

export function audienceView(row: AudienceRow, facts: AudienceViewFacts): Audience {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    name: row.name,
    kind: row.key_kind,
    filename: row.file_name,
    company_id: row.company_id,
    company_name: facts.companyNames.get(row.company_id) ?? '',
    uploaded_by: row.uploaded_by === null ? '' : (facts.personNames.get(row.uploaded_by) ?? ''),
    status: row.status,
    rows_read: row.rows_read,
    keys_accepted: row.accepted_rows,
    keys_stored: row.keys_stored,
    // Repeats are known for certain once every range is in.
    duplicates: ready ? row.accepted_rows - row.keys_stored : 0,
    bad_line_count: row.bad_line_count,
    bad_lines: row.bad_lines,
    progress: audienceProgress(row),
    error: row.error,
    platform_audience_id: row.platform_audience_id,
    campaigns: (facts.campaignsOf.get(row.id) ?? []).flatMap((id) => {
      const label = facts.campaignLabels.get(id);
      return label ? [{ id, leadspeek_api_id: label.publicId, name: label.name }] : [];
    }),
    created_at: iso(row.created_at) ?? '',
    finished_at: iso(row.finished_at),
  };
}
