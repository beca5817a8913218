import { AUDIENCE_TEXTS } from '@app/contracts';
import { HttpError, notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { AudienceAccess } from './audience-access.js';
import type { AudienceRepository } from './audience-repository.js';
import type { CampaignLabels } from './describe-audiences.js';

/*
 * `DELETE /leadspeek/simplifi/audience/{id}` (spec 2 §5: refused without an audience id; decision
 * 0114): the audience, its keys and any keys still staged go at once. An audience a campaign uses is
 * not deleted (409, naming the campaigns): the campaign would target a list that no longer exists
 * here while the ad platform still holds it. An upload still in flight may be deleted: its request
 * or its job then finds the audience gone and stops.
 */
export function createDeleteAudience(deps: {
  repo: Pick<AudienceRepository, 'one' | 'delete'>;
  access: Pick<AudienceAccess, 'requireReachable'>;
  campaignLabels: CampaignLabels;
}) {
  return async function deleteAudience(p: Principal, audienceId: number): Promise<void> {
    const audience = await deps.repo.one(audienceId);
    if (!audience) throw notFound();
    await deps.access.requireReachable(p, audience);
    const refused = await deps.repo.delete(audienceId);
    if (!refused) return;
    const labels = await deps.campaignLabels(refused.usedBy);
    const names = labels.map((l) => `${l.name} (${l.publicId})`).join(', ');
    throw new HttpError(409, 'audience_in_use', AUDIENCE_TEXTS.inUse(names || 'a campaign'));
  };
}
