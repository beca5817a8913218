import { AD_MEDIA_MAX_IMAGE_BYTES, AD_MEDIA_TEXTS, iabSizeOf } from '@app/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { badRequest, HttpError } from '../../http-errors.js';

/** Raster types an image ad may be; SVG is never one (it can carry script). */
const AD_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface CheckedImage {
  contentType: string;
  width: number;
  height: number;
}

export const tooLarge = (message: string) => new HttpError(413, 'file_too_large', message, { file: message });
const refused = (message: string) => badRequest(message, { file: message });

/**
 * An image ad by its bytes, never its name or the type the browser claimed: at most 150 KB, a PNG,
 * JPEG, GIF or WebP by its signature (`file-type`), whose header gives dimensions (`image-size`)
 * that are one of the IAB sizes.
 */
export async function checkAdImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > AD_MEDIA_MAX_IMAGE_BYTES) throw tooLarge(AD_MEDIA_TEXTS.imageTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !AD_IMAGE_TYPES.has(type.mime)) throw refused(AD_MEDIA_TEXTS.notImage);
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = imageSize(bytes));
  } catch {
    // A signature without a readable header is no image.
    throw refused(AD_MEDIA_TEXTS.notImage);
  }
  if (!width || !height) throw refused(AD_MEDIA_TEXTS.notImage);
  if (!iabSizeOf(width, height)) throw refused(AD_MEDIA_TEXTS.imageNotIab(width, height));
  return { contentType: type.mime, width, height };
}
