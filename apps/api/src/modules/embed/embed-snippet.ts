import { CAMPAIGN_PUBLIC_ID, EMBED_CAMPAIGN_ATTRIBUTE, PIXEL_SCRIPT_PATH } from '@app/contracts';

/*
 * The embed code a client pastes on their site, and the reading of a fetched page that says whether
 * it is there. Both follow the agreement in @app/contracts/pixel.ts: a script tag loading
 * `<agency origin>/px.js` with the campaign's public id in `data-campaign-id` (decision 0042).
 */

/** The `<script>` tag for one campaign, loading the pixel from the agency's own web origin. */
export function renderEmbedSnippet(input: { scriptOrigin: string; campaignId: string }): string {
  if (!CAMPAIGN_PUBLIC_ID.test(input.campaignId)) throw new Error('The campaign id must be 8 digits.');
  const origin = new URL(input.scriptOrigin);
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:')
    throw new Error('The pixel is served over http or https only.');
  // `origin` of a parsed URL has no path, quotes or spaces: safe inside the attribute as is.
  return `<script async src="${origin.origin}${PIXEL_SCRIPT_PATH}" ${EMBED_CAMPAIGN_ATTRIBUTE}="${input.campaignId}"></script>`;
}

/** One `<script …>` start tag: quoted values may hold `>`. */
const SCRIPT_TAG = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
/** name, name=value, name="value", name='value' (HTML's attribute syntax, loosely). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', sol: '/' };
/** The few character references a pasted attribute value may carry. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The attributes of each script start tag in `html` (comments ignored), names lowercased. */
export function scriptTags(html: string): Map<string, string>[] {
  const tags: Map<string, string>[] = [];
  for (const [, attributeText = ''] of html.replace(HTML_COMMENT, '').matchAll(SCRIPT_TAG)) {
    const attributes = new Map<string, string>();
    for (const [, name = '', double, single, bare] of attributeText.matchAll(ATTRIBUTE)) {
      const key = name.toLowerCase();
      if (!attributes.has(key)) attributes.set(key, decodeEntities(double ?? single ?? bare ?? ''));
    }
    tags.push(attributes);
  }
  return tags;
}

/** True for `https://host/px.js`, `http://…` and `//host/px.js` (a query string is allowed). */
function isPixelSource(src: string): boolean {
  const text = src.trim();
  if (!/^(https?:)?\/\//i.test(text)) return false;
  try {
    const url = new URL(text, 'https://protocol-relative.invalid');
    return url.pathname === PIXEL_SCRIPT_PATH;
  } catch {
    return false;
  }
}

export interface SnippetMatch {
  /** The script's src as written on the page. */
  src: string;
}

/**
 * Finds the embed code of `campaignId` in a page: a script tag whose src is some origin's `/px.js`
 * and whose `data-campaign-id` is the id, in any attribute order, quoting, spacing or letter case,
 * with or without async/defer. A tag inside an HTML comment does not count (it never runs).
 */
export function findEmbedSnippet(html: string, campaignId: string): SnippetMatch | null {
  for (const tag of scriptTags(html)) {
    const src = tag.get('src');
    if (src && isPixelSource(src) && tag.get(EMBED_CAMPAIGN_ATTRIBUTE)?.trim() === campaignId) return { src };
  }
  return null;
}

const GTM_LOADER = /googletagmanager\.com\/(?:gtm\.js|ns\.html)/i;
const GTM_ID = /\bGTM-[A-Z0-9]{4,10}\b/g;

/**
 * The Google Tag Manager containers a page loads, e.g. ['GTM-AB12CD']. Google's install code builds
 * the script's URL at run time (`…/gtm.js?id='+i`) with the id as an argument, and its noscript
 * part names `ns.html?id=GTM-…`: a page that names a GTM loader answers every container id it names.
 */
export function findGtmContainers(html: string): string[] {
  const page = html.replace(HTML_COMMENT, '');
  if (!GTM_LOADER.test(page)) return [];
  return [...new Set(page.match(GTM_ID) ?? [])];
}
