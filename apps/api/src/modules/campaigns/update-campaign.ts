import {
  CAMPAIGN_UPDATED,
  type CampaignModule,
  type UpdateCampaignInput,
  type UpdateLocalCampaignInput,
  type UpdateLocatorCampaignInput,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import { type CampaignBasics, conflict, REMOVED_CAMPAIGN } from './campaign-basics.js';
import type { MirrorCampaign } from './campaign-mirror.js';
import type { CampaignRepository } from './campaign-repository.js';
import { checkTargeting, commonValues, localValues, targetingValues } from './campaign-values.js';
import { detailOf } from './campaign-view.js';

/** Which of a lead campaign's forms is saved: its common fields, the pixel's site, or its targeting. */
export type CampaignPart = 'common' | 'local' | 'locator';

/*
 * Editing a lead campaign (spec 2 §7 "Campaigns and reports"): one of its three forms, checked as a
 * whole after the change (dates in order, targeting complete), written with the ad platform's mirror
 * intent when the platform shows what changed (names, dates, targeting; not the pixel's site).
 */
export function createCampaignUpdate(deps: {
  repo: Pick<CampaignRepository, 'update'>;
  basics: CampaignBasics;
  mirror: MirrorCampaign;
}) {
  const { basics } = deps;

  return async function update(
    p: Principal,
    part: CampaignPart,
    b: UpdateCampaignInput | UpdateLocalCampaignInput | UpdateLocatorCampaignInput,
    ip: string,
  ) {
    const r = await basics.found(b.leadspeekID);
    if (r.removedAt) throw conflict(REMOVED_CAMPAIGN);
    if (part === 'local' && r.module !== 'local')
      throw badRequest('Only a local campaign has a site to update.', {
        leadspeekID: 'Not a local campaign.',
      });
    if (part === 'locator' && r.module === 'local')
      throw badRequest('A local campaign has no keyword targeting.', { leadspeekID: 'A local campaign.' });
    const common = b as UpdateCampaignInput;
    if (part === 'common') {
      const start = common.startdatecampaign ?? r.startDate ?? '';
      const end = common.enddatecampaign ?? r.endDate ?? '';
      if (start && end && start > end)
        throw badRequest('The end date must not be before the start date.', {
          enddatecampaign: 'The end date must not be before the start date.',
        });
    }
    const values =
      part === 'common'
        ? commonValues(common)
        : part === 'local'
          ? localValues(b as UpdateLocalCampaignInput)
          : targetingValues(b as UpdateLocatorCampaignInput, r.moduleOptions);
    if (part === 'locator')
      checkTargeting(r.module as CampaignModule, {
        national: values.national ?? r.national,
        zips: values.zips ?? r.zips,
        states: values.states ?? r.states,
        cities: values.cities ?? r.cities,
        keywords: values.keywords ?? r.keywords,
      });
    // Locator targeting, names and dates are the ad platform's too: the edit and the intent to
    // mirror it are one transaction.
    await deps.repo.update(r.id, values, { mirror: part !== 'local' });
    const after = await basics.found(r.id);
    await basics.log(p, after, 'campaign_updated', 'Campaign updated', ip);
    if (part !== 'local') await deps.mirror(after);
    return { result: 'success' as const, message: CAMPAIGN_UPDATED, data: detailOf(after) };
  };
}
