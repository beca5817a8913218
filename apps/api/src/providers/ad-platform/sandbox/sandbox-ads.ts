import { createHash } from 'node:crypto';
import { eq, sandboxAdAds } from '@app/db';
import {
  type AdCreative,
  type AdCreativeStatus,
  type AdMove,
  type AdPlatform,
  AdPlatformError,
  type CreateAdInput,
} from '../ad-platform.js';
import { checkCampaignId } from '../requests.js';
import { checkAd, checkAdMove } from '../requests-ads.js';
import { newAdId, readCampaign, runIdempotent } from './sandbox-ad-store.js';
import { effectiveStatus, illegal, notFound, type SandboxContext } from './sandbox-context.js';
import { creativeOf, readAdRow, readCampaignAds, recordAdStatus } from './sandbox-creative-store.js';

/*
 * The sandbox's ads (decision 0112): creatives checked by their content and kept as facts (type,
 * size, SHA-256), paused, resumed and deleted with every status stamped by the clock.
 */

type AdCalls = Pick<AdPlatform, 'createAd' | 'pauseAd' | 'resumeAd' | 'deleteAd' | 'listAds'>;

export function sandboxAds({ db, now }: SandboxContext): AdCalls {
  async function mustRead(id: string): Promise<AdCreative> {
    const row = await readAdRow(db, id);
    if (!row) throw new Error(`sandbox ad ${id} vanished`);
    return creativeOf(row);
  }

  /** Moves an ad under its key; `decide` says the next status, or null when it is there already. */
  async function move(
    input: AdMove,
    operation: string,
    decide: (status: AdCreativeStatus) => AdCreativeStatus | null,
  ): Promise<AdCreative> {
    const id = checkAdMove(input);
    await runIdempotent(db, operation, input, async (tx) => {
      const row = await readAdRow(tx, id, { lock: true });
      if (!row) throw notFound('ad', id, 'id');
      const next = decide(row.status);
      if (next) {
        const at = now();
        await tx.update(sandboxAdAds).set({ status: next, updatedAt: at }).where(eq(sandboxAdAds.id, id));
        await recordAdStatus(tx, id, next, at);
      }
      return id;
    });
    return mustRead(id);
  }

  return {
    async createAd(input: CreateAdInput) {
      const checked = checkAd(input);
      const sha256 = createHash('sha256').update(checked.bytes).digest('hex');
      const { bytes: _, ...withoutBytes } = input;
      const id = await runIdempotent(
        db,
        'ad.create',
        input,
        async (tx) => {
          const campaign = await readCampaign(tx, checked.campaignId, { lock: true });
          if (!campaign) throw notFound('campaign', checked.campaignId, 'campaignId');
          if (campaign.organizationId !== checked.organizationId)
            throw new AdPlatformError(
              'invalid_request',
              'The campaign belongs to another organisation.',
              'organizationId',
            );
          if (effectiveStatus(campaign, now()) === 'ended')
            throw illegal('The campaign has ended; an ended campaign takes no new ads.');
          const adId = newAdId('ad');
          const at = now();
          await tx.insert(sandboxAdAds).values({
            id: adId,
            campaignId: checked.campaignId,
            name: checked.name,
            kind: checked.kind,
            width: checked.width,
            height: checked.height,
            contentType: checked.contentType,
            byteSize: checked.bytes.length,
            sha256,
            clickUrl: checked.clickUrl,
            status: 'active',
            createdAt: at,
            updatedAt: at,
          });
          await recordAdStatus(tx, adId, 'active', at);
          return adId;
        },
        // The file is compared by its digest: the key store keeps no megabytes.
        { ...withoutBytes, bytes: sha256 },
      );
      return mustRead(id);
    },

    pauseAd: (input) =>
      move(input, 'ad.pause', (status) => {
        if (status === 'deleted') throw illegal('The ad has been deleted; a deleted ad cannot be paused.');
        return status === 'paused' ? null : 'paused';
      }),

    resumeAd: (input) =>
      move(input, 'ad.resume', (status) => {
        if (status === 'deleted') throw illegal('The ad has been deleted; a deleted ad cannot run again.');
        return status === 'active' ? null : 'active';
      }),

    deleteAd: (input) => move(input, 'ad.delete', (status) => (status === 'deleted' ? null : 'deleted')),

    async listAds(campaignId: string) {
      checkCampaignId(campaignId);
      if (!(await readCampaign(db, campaignId))) throw notFound('campaign', campaignId, 'campaignId');
      return (await readCampaignAds(db, campaignId)).filter((ad) => ad.status !== 'deleted').map(creativeOf);
    },
  };
}
