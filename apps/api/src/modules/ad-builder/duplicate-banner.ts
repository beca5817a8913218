import { BANNER_NAME_MAX, type Banner } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { BannerRepository } from './banner-repository.js';
import { bannerView, type PersonNames } from './banner-view.js';

/** The copy's name: "<name> (copy)", shortened so it stays within the name's limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, BANNER_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/**
 * `POST /banner/duplicate/{banner_id}`: a new banner of the same company with the same design and
 * picture (the picture's stored bytes are shared: keys in the file store are never rewritten).
 */
export function createBannerDuplicate(deps: {
  repo: Pick<BannerRepository, 'find' | 'insert'>;
  personNames: PersonNames;
}) {
  return async function duplicate(p: Principal, bannerId: number): Promise<Banner> {
    const original = await deps.repo.find(bannerId);
    if (!original) throw notFound();
    const copy = await deps.repo.insert({
      systemId: original.systemId,
      companyId: original.companyId,
      createdByUserId: p.userId,
      name: copyName(original.name),
      design: original.design,
      imageStorageKey: original.imageStorageKey,
      imageContentType: original.imageContentType,
      imageWidth: original.imageWidth,
      imageHeight: original.imageHeight,
    });
    return bannerView(copy, deps.personNames);
  };
}

export type BannerDuplicate = ReturnType<typeof createBannerDuplicate>;
