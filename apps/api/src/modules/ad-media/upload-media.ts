import { AD_MEDIA_NAME_MAX, AD_MEDIA_TEXTS, type AdMedia, type MediaUploadFields } from '@app/contracts';
import { badRequest, notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { checkHtml5Zip } from './html5-zip-check.js';
import { checkAdImage } from './image-check.js';
import {
  type CampaignOf,
  type CompanyOf,
  type MediaOwner,
  ownerOf,
  ownerOnCampaign,
  simplifiCampaign,
} from './media-owner.js';
import { mediaViews, type PersonNames } from './media-view.js';
import type { MediaStore } from './store-media.js';

export interface UploadDeps {
  store: MediaStore;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  companyOf: CompanyOf;
  campaignOf: CampaignOf;
  personNames: PersonNames;
}

/** The name a file gets when the form gives none: its file name without the extension. */
function defaultName(fileName: string, fallback: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim();
  return (base || fallback).slice(0, AD_MEDIA_NAME_MAX);
}

/**
 * `POST /media/upload`: one image or HTML5 ad for the caller's company, a company in their scope,
 * or a Simplifi campaign (then it is the campaign's client's). Ids are checked against the
 * caller's scope before the file is looked at; the file is then checked by its bytes (its name and
 * the browser's type are never trusted) and kept.
 */
export function createMediaUpload(deps: UploadDeps) {
  async function ownerFor(
    p: Principal,
    form: MediaUploadFields,
  ): Promise<{ owner: MediaOwner; campaignId: number | null }> {
    if (form.company_id !== undefined && !(await deps.inScope(p, 'company', form.company_id)))
      throw notFound();
    if (form.campaign_id === undefined)
      return { owner: await ownerOf(deps.companyOf, form.company_id ?? p.companyId), campaignId: null };
    if (!(await deps.inScope(p, 'campaign', form.campaign_id))) throw notFound();
    const campaign = await simplifiCampaign(deps.campaignOf, form.campaign_id);
    return {
      owner: ownerOnCampaign(form.company_id ?? campaign.clientId, campaign),
      campaignId: campaign.id,
    };
  }

  return async function upload(
    p: Principal,
    form: MediaUploadFields,
    file: { bytes: Buffer; fileName: string } | null,
  ): Promise<AdMedia> {
    await deps.moduleAccess.requireReadable(p, 'simplifi');
    const { owner, campaignId } = await ownerFor(p, form);
    if (!file || file.bytes.length === 0)
      throw badRequest(AD_MEDIA_TEXTS.chooseFile, { file: AD_MEDIA_TEXTS.chooseFile });
    const checked = form.kind === 'image' ? await checkAdImage(file.bytes) : await checkHtml5Zip(file.bytes);
    const row = await deps.store({
      owner,
      uploadedByUserId: p.userId,
      campaignId,
      kind: form.kind,
      origin: 'upload',
      name: form.name ?? defaultName(file.fileName, `${checked.width}×${checked.height}`),
      checked,
      bytes: file.bytes,
      clickUrl: form.click_url ?? null,
    });
    const [view] = await mediaViews([row], deps.personNames);
    if (!view) throw new Error('the stored media has no view');
    return view;
  };
}

export type MediaUpload = ReturnType<typeof createMediaUpload>;
