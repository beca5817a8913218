import { asc, type Executor, eq, inArray, sandboxAdAdHistory, sandboxAdAds, sql } from '@app/db';
import type { AdCreative, AdCreativeStatus } from '../ad-platform.js';

/*
 * The sandbox's ads and their status history (decision 0112): the history says when each ad
 * served, which is how a day's delivery is split between the ads.
 */

type AdRow = typeof sandboxAdAds.$inferSelect;

export const creativeOf = (row: AdRow): AdCreative => ({
  id: row.id,
  campaignId: row.campaignId,
  name: row.name,
  kind: row.kind,
  width: row.width,
  height: row.height,
  clickUrl: row.clickUrl,
  status: row.status,
});

export async function readAdRow(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(sandboxAdAds).where(eq(sandboxAdAds.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Every ad of the campaign, deleted ones too, oldest first: by creation time, then (ads made at the
 * same instant of the sandbox's clock) by the order their first history entry was written.
 */
export async function readCampaignAds(db: Executor, campaignId: string): Promise<AdRow[]> {
  return db
    .select()
    .from(sandboxAdAds)
    .where(eq(sandboxAdAds.campaignId, campaignId))
    .orderBy(
      asc(sandboxAdAds.createdAt),
      sql`(select min(h.sequence) from sandbox_ad_ad_history h where h.ad_id = ${sandboxAdAds.id})`,
    );
}

export async function recordAdStatus(db: Executor, adId: string, to: AdCreativeStatus, at: Date) {
  await db.insert(sandboxAdAdHistory).values({ adId, toStatus: to, at });
}

export interface AdServing {
  id: string;
  /** Every status the ad took, oldest first (the first is its creation as active). */
  history: { to: AdCreativeStatus; at: Date }[];
}

/** The campaign's ads with their histories: what delivery reads to know when each ad served. */
export async function readAdServing(db: Executor, campaignId: string): Promise<AdServing[]> {
  const ads = await readCampaignAds(db, campaignId);
  if (ads.length === 0) return [];
  const history = await db
    .select()
    .from(sandboxAdAdHistory)
    .where(
      inArray(
        sandboxAdAdHistory.adId,
        ads.map((ad) => ad.id),
      ),
    )
    .orderBy(asc(sandboxAdAdHistory.sequence));
  return ads.map((ad) => ({
    id: ad.id,
    history: history.filter((h) => h.adId === ad.id).map((h) => ({ to: h.toStatus, at: h.at })),
  }));
}
