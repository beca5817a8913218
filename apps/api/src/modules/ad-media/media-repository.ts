import { AD_MEDIA_DOWNLOAD_TTL_SECONDS, type AdMediaKind, type AdMediaOrigin } from '@app/contracts';
import { adMedia, adMediaDownloadTokens, and, type Database, desc, eq, inArray, sql } from '@app/db';

export type MediaRow = typeof adMedia.$inferSelect;

export interface NewMedia {
  systemId: number;
  companyId: number;
  agencyId: number;
  uploadedByUserId: number | null;
  campaignId: number | null;
  kind: AdMediaKind;
  origin: AdMediaOrigin;
  name: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  sha256: string;
  storageKey: string;
  clickUrl: string | null;
}

/** The ad-media module's SQL: media rows and their download tokens. */
export function createMediaRepository(db: Database) {
  return {
    async insert(media: NewMedia): Promise<MediaRow> {
      const [row] = await db.insert(adMedia).values(media).returning();
      if (!row) throw new Error('ad_media insert returned no row');
      return row;
    },

    async find(id: number): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(adMedia).where(eq(adMedia.id, id));
      return row;
    },

    async findMany(ids: readonly number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(adMedia)
        .where(inArray(adMedia.id, [...ids]));
    },

    /** A company's media; for an agency also its clients' (every row names its agency). */
    ofCompany(companyId: number, isAgency: boolean): Promise<MediaRow[]> {
      return db
        .select()
        .from(adMedia)
        .where(isAgency ? eq(adMedia.agencyId, companyId) : eq(adMedia.companyId, companyId))
        .orderBy(desc(adMedia.createdAt), desc(adMedia.id));
    },

    /** Campaigns with media not yet made into ads at the platform, oldest media first. */
    async campaignsAwaitingAds(limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ campaignId: adMedia.campaignId })
        .from(adMedia)
        .where(sql`${adMedia.campaignId} is not null and ${adMedia.platformAdId} is null`)
        .limit(limit);
      return rows.flatMap((r) => (r.campaignId === null ? [] : [r.campaignId]));
    },

    ofCampaign(campaignId: number): Promise<MediaRow[]> {
      return db
        .select()
        .from(adMedia)
        .where(eq(adMedia.campaignId, campaignId))
        .orderBy(desc(adMedia.createdAt), desc(adMedia.id));
    },

    async update(
      id: number,
      change: Partial<Pick<MediaRow, 'name' | 'campaignId' | 'companyId' | 'clickUrl' | 'platformAdId'>>,
    ): Promise<MediaRow | undefined> {
      const [row] = await db
        .update(adMedia)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(adMedia.id, id))
        .returning();
      return row;
    },

    /** A new download token's hash, valid for the link's lifetime from the database's clock. */
    async insertToken(token: { tokenHash: string; systemId: number; userId: number; mediaIds: number[] }) {
      const [row] = await db
        .insert(adMediaDownloadTokens)
        .values({
          ...token,
          expiresAt: sql`now() + make_interval(secs => ${AD_MEDIA_DOWNLOAD_TTL_SECONDS})`,
        })
        .returning({ expiresAt: adMediaDownloadTokens.expiresAt });
      if (!row) throw new Error('ad_media_download_tokens insert returned no row');
      return row;
    },

    /**
     * Spends a token: one conditional UPDATE, so of concurrent uses exactly one sees the row (the
     * others find it used). The media ids, or null when the token is unknown, used or expired.
     */
    async spendToken(tokenHash: string): Promise<{ mediaIds: number[]; systemId: number } | null> {
      const [row] = await db
        .update(adMediaDownloadTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(adMediaDownloadTokens.tokenHash, tokenHash),
            sql`${adMediaDownloadTokens.usedAt} is null`,
            sql`${adMediaDownloadTokens.expiresAt} > now()`,
          ),
        )
        .returning({ mediaIds: adMediaDownloadTokens.mediaIds, systemId: adMediaDownloadTokens.systemId });
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
