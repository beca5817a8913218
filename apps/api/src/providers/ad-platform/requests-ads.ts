import { type AdMove, type CreateAdInput, IAB_AD_SIZES } from './ad-platform.js';
import { escapesFolder, imageFacts, zipFacts } from './creative-content.js';
import { checkIdempotencyKey, checkName, fail, MAX_AD_HTML5_BYTES, MAX_AD_IMAGE_BYTES } from './requests.js';
import { checkObjectId } from './requests-organizations.js';

/*
 * Input rules of the ad calls (decision 0112): the size must be an IAB size, the file must be what
 * it claims by its content (an image of exactly that size; a zip with an index.html at its root and
 * no entry escaping its folder), within the size limit, and clicks must go to an http(s) address.
 */

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const SIZES_TEXT = IAB_AD_SIZES.map((s) => `${s.width}x${s.height}`).join(', ');

export function checkClickUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  let url: URL | null = null;
  try {
    url = text.length <= 2_000 ? new URL(text) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
    fail('clickUrl', 'The click address must be an http or https address of at most 2,000 characters.');
  return text;
}

export function checkAd(input: CreateAdInput) {
  checkIdempotencyKey(input.idempotencyKey);
  const organizationId = checkObjectId(input.organizationId, 'organizationId', 'organisation');
  const campaignId = checkObjectId(input.campaignId, 'campaignId', 'campaign');
  const name = checkName(input.name, 'name', 'The ad name');
  if (input.kind !== 'image' && input.kind !== 'html5') fail('kind', 'The ad kind is image or html5.');
  const { width, height } = input;
  if (!IAB_AD_SIZES.some((size) => size.width === width && size.height === height))
    fail('width', `The ad size must be one of ${SIZES_TEXT}.`);
  if (!Buffer.isBuffer(input.bytes) || input.bytes.length === 0) fail('bytes', 'The ad file is empty.');
  const contentType = typeof input.contentType === 'string' ? input.contentType.trim().toLowerCase() : '';
  const bytes = input.bytes;
  if (input.kind === 'image') {
    if (!IMAGE_TYPES.has(contentType)) fail('contentType', 'An image ad is a PNG, JPEG or GIF.');
    if (bytes.length > MAX_AD_IMAGE_BYTES) fail('bytes', 'An image ad is at most 1 MiB.');
    const facts = imageFacts(bytes);
    if (!facts || facts.type !== contentType)
      fail(
        'bytes',
        `The file is not the ${contentType.replace('image/', '').toUpperCase()} image it claims to be.`,
      );
    if (facts && (facts.width !== width || facts.height !== height))
      fail('bytes', `The image is ${facts.width}x${facts.height}, not ${width}x${height}.`);
  } else {
    if (contentType !== 'application/zip') fail('contentType', 'An HTML5 ad is a zip (application/zip).');
    if (bytes.length > MAX_AD_HTML5_BYTES) fail('bytes', 'An HTML5 ad is at most 2 MiB.');
    const zip = zipFacts(bytes);
    if (!zip) return fail('bytes', 'The file is not a readable zip of at most 200 files.');
    if (zip.entries.some(escapesFolder)) fail('bytes', 'A file in the zip points outside the ad’s folder.');
    if (!zip.entries.includes('index.html'))
      fail('bytes', 'An HTML5 ad needs an index.html at the zip’s root.');
  }
  return {
    organizationId,
    campaignId,
    name,
    kind: input.kind,
    width,
    height,
    bytes,
    contentType,
    clickUrl: checkClickUrl(input.clickUrl),
  };
}
export type CheckedAd = ReturnType<typeof checkAd>;

export function checkAdMove(input: AdMove): string {
  checkIdempotencyKey(input.idempotencyKey);
  return checkObjectId(input.id, 'id', 'ad');
}
