import { and, eq, sandboxAdAudiences, sandboxAdCampaigns, sql } from '@app/db';
import {
  type AddAudienceKeysInput,
  type AdPlatform,
  AdPlatformError,
  type CreateAudienceInput,
  type DeleteInput,
} from '../ad-platform.js';
import { MAX_AUDIENCE_SIZE } from '../requests.js';
import { checkAudience, checkAudienceKeysInput, withKeysDigest } from '../requests-audiences.js';
import { checkDelete } from '../requests-organizations.js';
import { newAdId, readCampaign, readOrganization, runIdempotent } from './sandbox-ad-store.js';
import { audienceOf, insertKeys, readAudienceRow } from './sandbox-audience-store.js';
import { effectiveStatus, illegal, notFound, type SandboxContext } from './sandbox-context.js';

/*
 * The sandbox's audiences (decision 0112): lists of MD5 keys an organisation uploads (in parts when
 * long), that campaigns target, and that cannot be deleted while an active campaign targets them.
 */

type AudienceCalls = Pick<
  AdPlatform,
  'createAudience' | 'addAudienceKeys' | 'getAudience' | 'deleteAudience'
>;

const tooLarge = () =>
  new AdPlatformError(
    'invalid_request',
    `An audience holds at most ${MAX_AUDIENCE_SIZE.toLocaleString('en-US')} keys.`,
    'keys',
  );

export function sandboxAudiences({ db, now }: SandboxContext): AudienceCalls {
  async function mustRead(id: string) {
    const row = await readAudienceRow(db, id);
    if (!row) throw new Error(`sandbox audience ${id} vanished`);
    return audienceOf(row, now());
  }

  return {
    async createAudience(input: CreateAudienceInput) {
      const checked = checkAudience(input);
      const id = await runIdempotent(
        db,
        'audience.create',
        input,
        async (tx) => {
          if (!(await readOrganization(tx, checked.organizationId)))
            throw notFound('organisation', checked.organizationId, 'organizationId');
          const audienceId = newAdId('aud');
          await tx.insert(sandboxAdAudiences).values({
            id: audienceId,
            organizationId: checked.organizationId,
            name: checked.name,
            size: checked.keys.length,
            keysAddedAt: now(),
          });
          await insertKeys(tx, audienceId, checked.keys);
          return audienceId;
        },
        withKeysDigest(input),
      );
      return mustRead(id);
    },

    async addAudienceKeys(input: AddAudienceKeysInput) {
      const checked = checkAudienceKeysInput(input);
      await runIdempotent(
        db,
        'audience.keys',
        input,
        async (tx) => {
          if (!(await readAudienceRow(tx, checked.audienceId, { lock: true })))
            throw notFound('audience', checked.audienceId, 'audienceId');
          const size = await insertKeys(tx, checked.audienceId, checked.keys);
          if (size > MAX_AUDIENCE_SIZE) throw tooLarge(); // rolls the keys back
          await tx
            .update(sandboxAdAudiences)
            .set({ size, keysAddedAt: now() })
            .where(eq(sandboxAdAudiences.id, checked.audienceId));
          return checked.audienceId;
        },
        withKeysDigest(input),
      );
      return mustRead(checked.audienceId);
    },

    async getAudience(id: string) {
      if (typeof id !== 'string' || id === '') return null;
      const row = await readAudienceRow(db, id);
      return row ? audienceOf(row, now()) : null;
    },

    async deleteAudience(input: DeleteInput) {
      const id = checkDelete(input, 'audience');
      await runIdempotent(db, 'audience.delete', input, async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxAdAudiences)
          .where(eq(sandboxAdAudiences.id, id))
          .for('update');
        if (!row) throw notFound('audience', id, 'id');
        if (row.deletedAt) return id;
        const targeting = await tx
          .select({ id: sandboxAdCampaigns.id })
          .from(sandboxAdCampaigns)
          .where(and(sql`${id} = any(${sandboxAdCampaigns.audienceIds})`))
          .for('update');
        const at = now();
        for (const { id: campaignId } of targeting) {
          const campaign = await readCampaign(tx, campaignId);
          if (campaign && effectiveStatus(campaign, at) === 'active')
            throw illegal(
              `The audience is targeted by the active campaign '${campaignId}'; remove it from the campaign first.`,
            );
        }
        // Campaigns that are not running simply stop targeting it.
        for (const { id: campaignId } of targeting)
          await tx
            .update(sandboxAdCampaigns)
            .set({ audienceIds: sql`array_remove(${sandboxAdCampaigns.audienceIds}, ${id})` })
            .where(eq(sandboxAdCampaigns.id, campaignId));
        await tx.update(sandboxAdAudiences).set({ deletedAt: at }).where(eq(sandboxAdAudiences.id, id));
        return id;
      });
    },
  };
}
