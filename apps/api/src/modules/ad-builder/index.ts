import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { AdMediaFace, CampaignOf } from '../ad-media/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { createBannerAttach } from './attach-banner.js';
import type { CompanyOf } from './banner-owner.js';
import { createBannerPicture } from './banner-picture.js';
import { createBannerRepository } from './banner-repository.js';
import { bannerRoutes } from './banner-routes.js';
import type { PersonNames } from './banner-view.js';
import { createBannerDelete } from './delete-banner.js';
import { createBannerDuplicate } from './duplicate-banner.js';
import { createBannerExport } from './export-banner.js';
import { createBannerSave } from './save-banner.js';
import { createBannerShow } from './show-banners.js';

export { renderBannerPng } from './render-banner.js';

/**
 * The banner builder (issue 24, decision 0113): saved display-ad designs of an agency, their
 * picture, PNGs of every IAB size rendered by satori and resvg from the layout the browser's
 * preview draws, and attaching them to a Simplifi campaign through the ad-media module. The role
 * module Ads Design's switches gate it (`banners.*` in the policy).
 */
export function createAdBuilderModule(deps: {
  db: Database;
  storage: FileStorage;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  companyOf: CompanyOf;
  campaignOf: CampaignOf;
  personNames: PersonNames;
  media: Pick<AdMediaFace, 'addGenerated'>;
}) {
  const repo = createBannerRepository(deps.db);
  const { storage, personNames } = deps;
  return {
    routes: [
      bannerRoutes({
        show: createBannerShow({ repo, personNames }),
        save: createBannerSave({ repo, companyOf: deps.companyOf, personNames }),
        duplicate: createBannerDuplicate({ repo, personNames }),
        remove: createBannerDelete({ repo }),
        picture: createBannerPicture({ repo, storage, inScope: deps.inScope, personNames }),
        exportPng: createBannerExport({ repo, storage }),
        attach: createBannerAttach({
          repo,
          storage,
          media: deps.media,
          campaignOf: deps.campaignOf,
          moduleAccess: deps.moduleAccess,
        }),
      }),
    ],
  };
}
