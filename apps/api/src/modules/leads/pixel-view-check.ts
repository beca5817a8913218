import {
  CAMPAIGN_PUBLIC_ID,
  hasControlCharacters,
  PIXEL_URL_MAX_LENGTH,
  PIXEL_VISITOR_ID,
  type PixelPageView,
} from '@app/contracts';

/*
 * The plain check in front of Zod for the pixel's page view (decision 0056), in the manner of
 * plugins/plain-strings.ts (decision 0027). Zod's parse of `pixelPageViewSchema`, with the
 * control-character refinement every route schema is wrapped in, cost about 15 µs a view, half a
 * bare Fastify request; these are the same rules written out. A view that passes here is returned
 * as Zod would return it; anything else goes to Zod, so every refusal and its text are Zod's.
 * pixel-view-check.test.ts holds the two side by side: this accepts exactly what Zod accepts.
 */

const FIELDS: ReadonlySet<string> = new Set(['campaignId', 'url', 'referrer', 'visitorId']);
const WEB_URL_START = /^https?:\/\//i;

/** `webUrl` of the contract: at most 2,048 characters, http(s), parses as a URL; no control character. */
function isWebUrl(text: unknown): text is string {
  return (
    typeof text === 'string' &&
    text.length <= PIXEL_URL_MAX_LENGTH &&
    WEB_URL_START.test(text) &&
    // The URL parser drops tabs and line breaks, so the refinement's test comes before it.
    !hasControlCharacters(text) &&
    // The same parser as the contract's `new URL`, without building the URL or an exception.
    URL.canParse(text)
  );
}

/** The page view Zod would return for `data`, or undefined when only Zod can tell (or refuse) it. */
export function plainPageView(data: unknown): PixelPageView | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const view = data as Record<string, unknown>;
  // A strict object: exactly these four fields, all required.
  const keys = Object.keys(view);
  if (keys.length !== FIELDS.size) return undefined;
  for (const key of keys) if (!FIELDS.has(key)) return undefined;
  const { campaignId, url, referrer, visitorId } = view;
  // The two patterns admit no control character, so the refinement has nothing to add to them.
  if (typeof campaignId !== 'string' || !CAMPAIGN_PUBLIC_ID.test(campaignId)) return undefined;
  if (typeof visitorId !== 'string' || !PIXEL_VISITOR_ID.test(visitorId)) return undefined;
  if (!isWebUrl(url)) return undefined;
  if (referrer !== '' && !isWebUrl(referrer)) return undefined;
  return { campaignId, url, referrer: referrer as string, visitorId };
}
