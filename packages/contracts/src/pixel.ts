import { z } from 'zod';

/*
 * The agreement between the embed snippet a client pastes on their site, the first-party pixel
 * script it loads (`GET /px.js`, apps/api/src/modules/embed) and the pixel endpoint that receives
 * its page views (`POST /api/px/v`). The script is built with these constants, so the three cannot
 * drift apart (decision 0042).
 */

/** A campaign's public id (`leadspeek_api_id`): exactly eight digits. */
export const CAMPAIGN_PUBLIC_ID = /^\d{8}$/;
export const campaignPublicIdSchema = z
  .string()
  .regex(CAMPAIGN_PUBLIC_ID, 'The campaign id must be 8 digits.');

/** Where the pixel script is served, on the agency's own domain or subdomain. */
export const PIXEL_SCRIPT_PATH = '/px.js';
/** Where the pixel script sends its page views (same origin as the script). */
export const PIXEL_ENDPOINT_PATH = '/api/px/v';
/** The snippet's attribute that carries the campaign's public id. */
export const EMBED_CAMPAIGN_ATTRIBUTE = 'data-campaign-id';
/** The longest page URL or referrer a page view carries; the script cuts longer ones to this. */
export const PIXEL_URL_MAX_LENGTH = 2048;
/** A visitor id the script makes (and keeps in the site's localStorage): URL-safe, 16 to 64 characters. */
export const PIXEL_VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const webUrl = (what: string) =>
  z
    .string()
    .max(PIXEL_URL_MAX_LENGTH, `The ${what} must be at most ${PIXEL_URL_MAX_LENGTH} characters.`)
    .refine(
      (text) => /^https?:\/\//i.test(text) && parsesAsUrl(text),
      `The ${what} must be an http or https URL.`,
    );

/**
 * One page view as the pixel script sends it: a JSON text body (sent as `text/plain` by
 * `navigator.sendBeacon`, so the browser needs no preflight), at most a few kilobytes.
 * `referrer` is '' when the browser gives none (or one that is not a web address).
 */
export const pixelPageViewSchema = z.strictObject({
  campaignId: campaignPublicIdSchema,
  url: webUrl('page URL'),
  referrer: z.union([z.literal(''), webUrl('referrer')]),
  visitorId: z.string().regex(PIXEL_VISITOR_ID, 'The visitor id must be 16 to 64 letters, digits, - or _.'),
});
export type PixelPageView = z.infer<typeof pixelPageViewSchema>;

/** The largest body the pixel endpoint reads: a view is well under 4 KB even with two long URLs. */
export const PIXEL_BODY_LIMIT = 4096;
