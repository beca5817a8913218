import { z } from 'zod';

/*
 * What the first-party pixel sends to `POST /api/px/v` (issue 11 "How leads arrive"): one page
 * view of a local campaign. Sent with `navigator.sendBeacon` (text/plain) or fetch (JSON); the
 * endpoint answers 204 once the view is stored for the ingest job (decision 0046).
 */

/** The largest body the pixel endpoint reads: a view is well under 4 KB even with two long URLs. */
export const PIXEL_BODY_LIMIT = 4096;
export const PIXEL_URL_MAX = 2048;

const httpUrl = z
  .string()
  .max(PIXEL_URL_MAX)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

export const pixelPageViewSchema = z.strictObject({
  /** The campaign's public 8-digit id (`leadspeek_api_id`). */
  cid: z.string().regex(/^[0-9]{8}$/, 'must be the campaign’s 8-digit id'),
  /** The page viewed. */
  url: httpUrl,
  /** The referring page, when the browser gave one (any text: browsers send what they send). */
  ref: z.string().max(PIXEL_URL_MAX).optional(),
  /** The pixel's first-party visitor id for this browser on this site. */
  vid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -'),
});
export type PixelPageView = z.infer<typeof pixelPageViewSchema>;
