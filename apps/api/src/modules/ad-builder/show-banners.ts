import type { Banner, ShowBannersRequest } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { BannerRepository } from './banner-repository.js';
import { bannerViews, type PersonNames } from './banner-view.js';

/**
 * `POST /banner/show`: one banner (`bannerID`) or a company's banners (`companyID`, else the
 * caller's own company), the last changed first. Both ids are the access rule's scope checks.
 */
export function createBannerShow(deps: {
  repo: Pick<BannerRepository, 'find' | 'ofCompany'>;
  personNames: PersonNames;
}) {
  return async function show(p: Principal, body: ShowBannersRequest): Promise<Banner[]> {
    if (body.bannerID !== undefined) {
      const banner = await deps.repo.find(body.bannerID);
      if (!banner) throw notFound();
      return bannerViews([banner], deps.personNames);
    }
    return bannerViews(await deps.repo.ofCompany(body.companyID ?? p.companyId), deps.personNames);
  };
}

export type BannerShow = ReturnType<typeof createBannerShow>;
