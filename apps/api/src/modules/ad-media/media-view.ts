import type { AdMedia, AdMediaKind, AdMediaOrigin } from '@app/contracts';
import type { MediaRow } from './media-repository.js';

/** Names of the people who uploaded media, by user id (the users module answers). */
export type PersonNames = (systemId: number, ids: readonly number[]) => Promise<Map<number, string>>;

/** Media rows as the lists answer them, with their uploaders' names. */
export async function mediaViews(rows: readonly MediaRow[], personNames: PersonNames): Promise<AdMedia[]> {
  const first = rows[0];
  if (!first) return [];
  const uploaders = [
    ...new Set(rows.flatMap((r) => (r.uploadedByUserId === null ? [] : [r.uploadedByUserId]))),
  ];
  const names = await personNames(first.systemId, uploaders);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind as AdMediaKind,
    origin: row.origin as AdMediaOrigin,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    company_id: row.companyId,
    campaign_id: row.campaignId,
    click_url: row.clickUrl,
    platform_ad_id: row.platformAdId,
    uploaded_by: (row.uploadedByUserId !== null && names.get(row.uploadedByUserId)) || '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}
