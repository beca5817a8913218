import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { createDownloadLinks } from './download-links.js';
import { createMediaFace } from './media-face.js';
import type { CampaignOf, CompanyOf } from './media-owner.js';
import { createMediaRepository } from './media-repository.js';
import { mediaRoutes } from './media-routes.js';
import type { PersonNames } from './media-view.js';
import { createMediaReads, type PersonCompanyOf } from './read-media.js';
import { createMediaStore } from './store-media.js';
import { createMediaUpdate } from './update-media.js';
import { createMediaUpload } from './upload-media.js';

export type { AdMediaFace, CampaignMedia, GeneratedMedia } from './media-face.js';
export type { CampaignOf, CompanyOf, MediaCampaign } from './media-owner.js';

/**
 * Ad media (issue 24, decision 0113): the display ads of Simplifi campaigns — images in IAB sizes
 * and HTML5 ZIPs, checked by content, kept in the file-storage port — their lists, their update,
 * single-use download links, and `media`, the face the ad-campaigns module and the banner builder
 * use (a campaign's media, their bytes, attach, the platform's ad id, the builder's PNGs).
 */
export function createAdMediaModule(deps: {
  db: Database;
  storage: FileStorage;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  /** A company's place in the tree (tenancy's company reads). */
  companyOf: CompanyOf;
  /** A campaign's owners and module (the campaigns module; 404 when there is none). */
  campaignOf: CampaignOf;
  /** The company a person works for (null when they are gone or disabled). */
  personCompanyOf: PersonCompanyOf;
  personNames: PersonNames;
  publicApiBase: string;
}) {
  const repo = createMediaRepository(deps.db);
  const store = createMediaStore({ repo, storage: deps.storage });
  const common = { moduleAccess: deps.moduleAccess, personNames: deps.personNames };
  return {
    media: createMediaFace({
      repo,
      storage: deps.storage,
      store,
      campaignOf: deps.campaignOf,
      personNames: deps.personNames,
    }),
    routes: [
      mediaRoutes({
        upload: createMediaUpload({
          ...common,
          store,
          inScope: deps.inScope,
          companyOf: deps.companyOf,
          campaignOf: deps.campaignOf,
        }),
        reads: createMediaReads({
          ...common,
          repo,
          personCompanyOf: deps.personCompanyOf,
          companyOf: deps.companyOf,
        }),
        update: createMediaUpdate({ ...common, repo, inScope: deps.inScope, campaignOf: deps.campaignOf }),
        links: createDownloadLinks({
          repo,
          storage: deps.storage,
          inScope: deps.inScope,
          moduleAccess: deps.moduleAccess,
          publicApiBase: deps.publicApiBase,
        }),
      }),
    ],
  };
}
