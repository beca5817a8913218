import { adBanners, type Database, desc, eq, sql } from '@app/db';

export type BannerRow = typeof adBanners.$inferSelect;
export type NewBanner = typeof adBanners.$inferInsert;

/** The picture columns of a banner, all set or all null (the table checks it). */
export interface BannerPictureColumns {
  imageStorageKey: string | null;
  imageContentType: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/** The ad-builder module's SQL: saved banners. */
export function createBannerRepository(db: Database) {
  return {
    async insert(banner: NewBanner): Promise<BannerRow> {
      const [row] = await db.insert(adBanners).values(banner).returning();
      if (!row) throw new Error('ad_banners insert returned no row');
      return row;
    },

    async find(id: number): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(adBanners).where(eq(adBanners.id, id));
      return row;
    },

    /** A company's banners, the last changed first. */
    ofCompany(companyId: number): Promise<BannerRow[]> {
      return db
        .select()
        .from(adBanners)
        .where(eq(adBanners.companyId, companyId))
        .orderBy(desc(adBanners.updatedAt), desc(adBanners.id));
    },

    async update(
      id: number,
      change: Partial<Pick<BannerRow, 'name' | 'design'>> | BannerPictureColumns,
    ): Promise<BannerRow | undefined> {
      const [row] = await db
        .update(adBanners)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(adBanners.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(adBanners).where(eq(adBanners.id, id)).returning({ id: adBanners.id });
      return rows.length > 0;
    },
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
