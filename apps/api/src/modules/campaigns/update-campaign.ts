import {
  CAMPAIGN_UPDATED,
  type CampaignModule,
  isPixelModule,
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

/**
 * Which of a lead campaign's forms is saved, by its route's name (`/leadspeek/client/update`,
 * `…/local/update`, `…/locator/update`): its common fields, the pixel's site, or its targeting.
 */
export type CampaignPart = 'common' | 'local' | 'locator';
const FORM_OF = { common: 'common', local: 'site', locator: 'targeting' } as const;

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
    const form = FORM_OF[part];
    const r = await basics.found(b.leadspeekID);
    if (r.removedAt) throw conflict(REMOVED_CAMPAIGN);
    // The pixel module's campaign has a site and no keyword targeting; the others the other way round.
    const pixel = isPixelModule(r.module);
    if (form === 'site' && !pixel)
      throw badRequest('Only a local campaign has a site to update.', {
        leadspeekID: 'Not a local campaign.',
      });
    if (form === 'targeting' && pixel)
      throw badRequest('A local campaign has no keyword targeting.', { leadspeekID: 'A local campaign.' });
    const common = b as UpdateCampaignInput;
    if (form === 'common') {
      const start = common.startdatecampaign ?? r.startDate ?? '';
      const end = common.enddatecampaign ?? r.endDate ?? '';
      if (start && end && start > end)
        throw badRequest('The end date must not be before the start date.', {
          enddatecampaign: 'The end date must not be before the start date.',
        });
    }
    const values =
      form === 'common'
        ? commonValues(common)
        : form === 'site'
          ? localValues(b as UpdateLocalCampaignInput)
          : targetingValues(b as UpdateLocatorCampaignInput, r.moduleOptions);
    if (form === 'targeting')
      checkTargeting(r.module as CampaignModule, {
        national: values.national ?? r.national,
        zips: values.zips ?? r.zips,
        states: values.states ?? r.states,
        cities: values.cities ?? r.cities,
        keywords: values.keywords ?? r.keywords,
      });
    // Locator targeting, names and dates are the ad platform's too: the edit and the intent to
    // mirror it are one transaction.
    await deps.repo.update(r.id, values, { mirror: form !== 'site' });
    const after = await basics.found(r.id);
    await basics.log(p, after, 'campaign_updated', 'Campaign updated', ip);
    if (form !== 'site') await deps.mirror(after);
    return { result: 'success' as const, message: CAMPAIGN_UPDATED, data: detailOf(after) };
  };
}
