import { BANNER_TEXTS, type Banner, type SaveBannerRequest } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import { bannerCompany, type CompanyOf } from './banner-owner.js';
import type { BannerRepository } from './banner-repository.js';
import { bannerView, type PersonNames } from './banner-view.js';

/**
 * `POST /banner/startbannercreate`: a new banner (for the caller's company, or `companyID` in their
 * scope) or the saved version of one (`bannerID`, in their scope: its name and design replaced).
 * Which of create or update the caller needs is the route's action chosen from the body.
 */
export function createBannerSave(deps: {
  repo: Pick<BannerRepository, 'insert' | 'find' | 'update'>;
  companyOf: CompanyOf;
  personNames: PersonNames;
}) {
  return async function save(
    p: Principal,
    body: SaveBannerRequest,
  ): Promise<{ message: string; data: Banner }> {
    if (body.bannerID !== undefined) {
      const saved = await deps.repo.update(body.bannerID, { name: body.name, design: body.design });
      if (!saved) throw notFound();
      return { message: BANNER_TEXTS.saved, data: await bannerView(saved, deps.personNames) };
    }
    const company = await bannerCompany(deps.companyOf, body.companyID ?? p.companyId);
    const created = await deps.repo.insert({
      systemId: company.systemId,
      companyId: company.id,
      createdByUserId: p.userId,
      name: body.name,
      design: body.design,
    });
    return { message: BANNER_TEXTS.saved, data: await bannerView(created, deps.personNames) };
  };
}

export type BannerSave = ReturnType<typeof createBannerSave>;
