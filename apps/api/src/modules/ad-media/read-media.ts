import type { AdMedia } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { CompanyOf } from './media-owner.js';
import type { MediaRepository } from './media-repository.js';
import { mediaViews, type PersonNames } from './media-view.js';

/** The company a person works for, from the identity module (null when they are gone or disabled). */
export type PersonCompanyOf = (userId: number) => Promise<{ companyId: number } | null>;

/**
 * The media lists: a person's (`GET /media/user/{user_id}`: their company's media, and for an
 * agency's person its clients' too, newest first) and a campaign's (`GET /media/campaign/{id}`).
 * The ids are the access rule's scope checks; the Simplifi module must be open to the caller.
 */
export function createMediaReads(deps: {
  repo: Pick<MediaRepository, 'ofCompany' | 'ofCampaign'>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  personCompanyOf: PersonCompanyOf;
  companyOf: CompanyOf;
  personNames: PersonNames;
}) {
  return {
    async ofUser(p: Principal, userId: number): Promise<AdMedia[]> {
      await deps.moduleAccess.requireReadable(p, 'simplifi');
      const person = await deps.personCompanyOf(userId);
      if (!person) throw notFound();
      const company = await deps.companyOf(person.companyId);
      if (!company || company.deletedAt) throw notFound();
      // A root company keeps no media (they are an agency's or a client's): its people's list is empty.
      if (company.kind !== 'agency' && company.kind !== 'client') return [];
      return mediaViews(await deps.repo.ofCompany(company.id, company.kind === 'agency'), deps.personNames);
    },

    async ofCampaign(p: Principal, campaignId: number): Promise<AdMedia[]> {
      await deps.moduleAccess.requireReadable(p, 'simplifi');
      return mediaViews(await deps.repo.ofCampaign(campaignId), deps.personNames);
    },
  };
}

export type MediaReads = ReturnType<typeof createMediaReads>;
