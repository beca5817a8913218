import { type Banner, bannerDesignSchema } from '@app/contracts';
import type { BannerRow } from './banner-repository.js';

/** Names of the people who made banners, by user id (the users module answers). */
export type PersonNames = (systemId: number, ids: readonly number[]) => Promise<Map<number, string>>;

/** Banners as the routes answer them, with their makers' names; the design is read back through its schema. */
export async function bannerViews(rows: readonly BannerRow[], personNames: PersonNames): Promise<Banner[]> {
  const first = rows[0];
  if (!first) return [];
  const makers = [...new Set(rows.flatMap((r) => (r.createdByUserId === null ? [] : [r.createdByUserId])))];
  const names = await personNames(first.systemId, makers);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    company_id: row.companyId,
    created_by: (row.createdByUserId !== null && names.get(row.createdByUserId)) || '',
    design: bannerDesignSchema.parse(row.design),
    image:
      row.imageContentType && row.imageWidth && row.imageHeight
        ? { content_type: row.imageContentType, width: row.imageWidth, height: row.imageHeight }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function bannerView(row: BannerRow, personNames: PersonNames): Promise<Banner> {
  const [view] = await bannerViews([row], personNames);
  if (!view) throw new Error('a banner row has no view');
  return view;
}
