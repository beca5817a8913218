/*
 * The first-party pixel, served as GET /px.js (built by pixel-script.ts: esbuild, minified, one
 * IIFE). It runs inside the client's own pages, loaded by the embed code
 *   <script async src="https://<agency host>/px.js" data-campaign-id="12345678"></script>
 * and reports each page view (campaign id, page URL, referrer, a visitor id) to the pixel endpoint
 * on the script's own origin. Rules (decision 0042):
 * - it never throws into the host page: everything runs inside try/catch;
 * - no cookies: the visitor id lives in the site's own localStorage (or, when that is unavailable,
 *   only for this page);
 * - loaded twice for one campaign, it reports once; several campaigns on one page each report;
 * - single-page apps: a new URL through history.pushState/replaceState, back/forward, or a `#/` hash
 *   route is a new page view (a plain `#section` jump is not).
 * The names in capitals are replaced when the script is built, from @app/contracts.
 */

declare const PX_ENDPOINT_PATH: string;
declare const PX_CAMPAIGN_ATTRIBUTE: string;
declare const PX_URL_MAX_LENGTH: number;

/** What one page holds across every copy of the script it loaded. */
interface PixelState {
  /** Campaign id → the endpoint its script came from. */
  campaigns: Record<string, string>;
  /** The page key of the last view reported, and its full URL (the next view's referrer). */
  lastKey: string;
  lastUrl: string;
}

const GLOBAL = '__leadOrbitPixel';
const VISITOR_KEY = 'lo_px_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A URL as a page view carries it: http(s) only, cut to the contract's length. */
function webUrl(text: string): string {
  return /^https?:\/\//i.test(text) ? text.slice(0, PX_URL_MAX_LENGTH) : '';
}

/** The URL minus a plain anchor: `#section` is the same page, `#/route` or `#!route` is not. */
function pageKey(href: string): string {
  const hash = href.indexOf('#');
  if (hash < 0) return href;
  const fragment = href.slice(hash + 1);
  return fragment[0] === '/' || fragment[0] === '!' ? href : href.slice(0, hash);
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  if (window.crypto?.getRandomValues) window.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  let id = '';
  for (const byte of bytes) id += (byte + 256).toString(16).slice(1);
  return id;
}

/** The visitor id this site keeps for this browser; a fresh one per page when storage is refused. */
function visitorId(): string {
  let id = '';
  try {
    id = window.localStorage.getItem(VISITOR_KEY) ?? '';
    if (!VISITOR_ID.test(id)) {
      id = randomId();
      window.localStorage.setItem(VISITOR_KEY, id);
    }
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): this page view still counts.
    if (!VISITOR_ID.test(id)) id = randomId();
  }
  return id;
}

/** Sends one view, as text (no preflight), by beacon; by fetch with keepalive where there is none. */
function send(endpoint: string, campaignId: string, url: string, referrer: string): void {
  const body = JSON.stringify({
    campaignId,
    url: webUrl(url),
    referrer: webUrl(referrer),
    visitorId: visitorId(),
  });
  try {
    if (navigator.sendBeacon?.(endpoint, body)) return;
  } catch {
    // fall through to fetch
  }
  try {
    fetch(endpoint, { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit' }).catch(
      () => {},
    );
  } catch {
    // nothing more to try: the host page must not notice
  }
}

/** Reports a new page (SPA navigation) to every campaign on the page, once per URL change. */
function onNavigation(state: PixelState): void {
  try {
    const href = location.href;
    const key = pageKey(href);
    if (key === state.lastKey) return;
    const referrer = state.lastUrl;
    state.lastKey = key;
    state.lastUrl = href;
    for (const campaignId in state.campaigns)
      send(state.campaigns[campaignId] as string, campaignId, href, referrer);
  } catch {
    // never into the host page
  }
}

function watchNavigation(state: PixelState): void {
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name];
    if (typeof original !== 'function') continue;
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      onNavigation(state);
      return result;
    };
  }
  window.addEventListener('popstate', () => onNavigation(state));
  window.addEventListener('hashchange', () => onNavigation(state));
}

(() => {
  try {
    const script = document.currentScript as HTMLScriptElement | null;
    const campaignId = (script?.getAttribute(PX_CAMPAIGN_ATTRIBUTE) ?? '').trim();
    if (!script?.src || !/^\d{8}$/.test(campaignId)) return;
    const endpoint = new URL(PX_ENDPOINT_PATH, script.src).href;
    const host = window as unknown as Record<string, PixelState | undefined>;
    let state = host[GLOBAL];
    if (state?.campaigns[campaignId]) return; // this campaign's script is already on the page
    if (!state) {
      state = { campaigns: {}, lastKey: pageKey(location.href), lastUrl: location.href };
      host[GLOBAL] = state;
      watchNavigation(state);
    }
    state.campaigns[campaignId] = endpoint;
    send(endpoint, campaignId, location.href, document.referrer);
  } catch {
    // never into the host page
  }
})();

export {};
