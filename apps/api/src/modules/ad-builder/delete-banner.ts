import { notFound } from '../../http-errors.js';
import type { BannerRepository } from './banner-repository.js';

/**
 * `DELETE /banner/{banner_id}`: the saved banner goes; ads already made of it stay in their
 * campaigns' media (they are media of their own), and so do the picture's stored bytes a copy may share.
 */
export function createBannerDelete(deps: { repo: Pick<BannerRepository, 'remove'> }) {
  return async function remove(bannerId: number): Promise<void> {
    if (!(await deps.repo.remove(bannerId))) throw notFound();
  };
}

export type BannerDelete = ReturnType<typeof createBannerDelete>;
