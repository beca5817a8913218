import { isMirroredToAdPlatform } from '@app/contracts';
import type { CampaignRecord } from './campaign-repository.js';

/**
 * The seam to the ad platform (locator campaigns are mirrored there, decision 0051): after a locator
 * campaign's change is committed with its intent, `sync` mirrors it. It never throws — a failed call
 * is recorded and retried by the mirror's job — so a move or an edit stands whatever the platform
 * says. Null: no mirroring (a runtime without an ad platform).
 */
export interface AdPlatformMirror {
  sync(campaignId: number): Promise<unknown>;
}

/**
 * Mirrors a campaign now if its module's campaigns are mirrored (the catalogue's lead source
 * `ad_platform_mirror`); a person's create, edit and move wait for it, a system's move leaves it to
 * the mirror's job (so ingestion never waits on a provider).
 */
export const mirrorOf =
  (platform: AdPlatformMirror | null) =>
  async (r: Pick<CampaignRecord, 'id' | 'module'>): Promise<void> => {
    if (platform && isMirroredToAdPlatform(r.module)) await platform.sync(r.id);
  };

export type MirrorCampaign = ReturnType<typeof mirrorOf>;
