import { bannerDesignSchema, type IabSizeKey } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { pictureOf } from './banner-picture.js';
import type { BannerRepository, BannerRow } from './banner-repository.js';
import { renderBannerPng } from './render-banner.js';

/** A banner's PNG of one size, with a file name from the banner's. */
export async function bannerPng(storage: FileStorage, banner: BannerRow, size: IabSizeKey) {
  const design = bannerDesignSchema.parse(banner.design);
  const png = await renderBannerPng(design, size, await pictureOf(storage, banner));
  const base = banner.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || `banner-${banner.id}`;
  return { fileName: `${base.slice(0, 90)}-${size}.png`, bytes: png };
}

/** `GET /banner/export/{banner_id}/{size}`: the banner rendered in one IAB size, as a PNG download. */
export function createBannerExport(deps: { repo: Pick<BannerRepository, 'find'>; storage: FileStorage }) {
  return async function exportPng(bannerId: number, size: IabSizeKey) {
    const banner = await deps.repo.find(bannerId);
    if (!banner) throw notFound();
    return bannerPng(deps.storage, banner, size);
  };
}

export type BannerExport = ReturnType<typeof createBannerExport>;
