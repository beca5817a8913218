import { randomUUID } from 'node:crypto';
import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_MAX_SIDE, BANNER_TEXTS, type Banner } from '@app/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { Principal } from '../tenancy/index.js';
import type { BannerRepository, BannerRow } from './banner-repository.js';
import { bannerView, type PersonNames } from './banner-view.js';
import type { PictureData } from './render-banner.js';

/** What the PNG renderer draws: PNG and JPEG (by content, never by name). */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg']);

const refused = (message: string) => badRequest(message, { file: message });

/** A banner's picture checked by its bytes: type, weight and size. */
export async function checkPicture(bytes: Buffer) {
  if (bytes.length === 0) throw refused(BANNER_TEXTS.imageChoose);
  if (bytes.length > BANNER_IMAGE_MAX_BYTES)
    throw new HttpError(413, 'file_too_large', BANNER_TEXTS.imageTooLarge, {
      file: BANNER_TEXTS.imageTooLarge,
    });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !PICTURE_TYPES.has(type.mime)) throw refused(BANNER_TEXTS.imageType);
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw refused(BANNER_TEXTS.imageType);
  }
  if (!size.width || !size.height) throw refused(BANNER_TEXTS.imageType);
  if (size.width > BANNER_IMAGE_MAX_SIDE || size.height > BANNER_IMAGE_MAX_SIDE)
    throw refused(BANNER_TEXTS.imageTooBig);
  return { contentType: type.mime, width: size.width, height: size.height };
}

/** A banner's stored picture with its bytes, or null when it has none. */
export async function pictureOf(storage: FileStorage, banner: BannerRow): Promise<PictureData | null> {
  if (!banner.imageStorageKey || !banner.imageContentType || !banner.imageWidth || !banner.imageHeight)
    return null;
  const bytes = await storage.get(banner.imageStorageKey);
  if (!bytes) return null;
  return {
    contentType: banner.imageContentType,
    width: banner.imageWidth,
    height: banner.imageHeight,
    bytes,
  };
}

/**
 * A banner's picture: `POST /banner/image` (multipart `bannerID`, `file`), `DELETE
 * /banner/image/{banner_id}`, and `GET /banner/image/{banner_id}` (its bytes, for the preview). The
 * bytes go to the file-storage port under a new key each time.
 */
export function createBannerPicture(deps: {
  repo: Pick<BannerRepository, 'find' | 'update'>;
  storage: FileStorage;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  personNames: PersonNames;
}) {
  return {
    async upload(p: Principal, bannerId: number, bytes: Buffer): Promise<Banner> {
      // The id sits inside the multipart form: checked against the caller's scope here.
      if (!(await deps.inScope(p, 'banner', bannerId))) throw notFound();
      const picture = await checkPicture(bytes);
      const storageKey = `banner-images/${randomUUID()}`;
      await deps.storage.put(storageKey, bytes, picture.contentType);
      const saved = await deps.repo.update(bannerId, {
        imageStorageKey: storageKey,
        imageContentType: picture.contentType,
        imageWidth: picture.width,
        imageHeight: picture.height,
      });
      if (!saved) throw notFound();
      return bannerView(saved, deps.personNames);
    },

    async remove(bannerId: number): Promise<Banner> {
      const saved = await deps.repo.update(bannerId, {
        imageStorageKey: null,
        imageContentType: null,
        imageWidth: null,
        imageHeight: null,
      });
      if (!saved) throw notFound();
      return bannerView(saved, deps.personNames);
    },

    /** The picture's bytes and type; 404 when the banner has none. */
    async read(bannerId: number): Promise<PictureData> {
      const banner = await deps.repo.find(bannerId);
      const picture = banner ? await pictureOf(deps.storage, banner) : null;
      if (!picture) throw notFound();
      return picture;
    },
  };
}

export type BannerPictureService = ReturnType<typeof createBannerPicture>;
