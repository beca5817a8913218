import { createGuardedFetcher, type GuardedFetcher } from '../../providers/outbound/guarded-fetch.js';
import type { WebOrigins } from '../domains/index.js';
import { renderEmbedSnippet } from './embed-snippet.js';
import { buildPixelScript } from './pixel-script.js';
import { pixelScriptRoute } from './pixel-script-route.js';
import { createSiteChecker } from './site-check.js';

export { findEmbedSnippet, findGtmContainers, renderEmbedSnippet } from './embed-snippet.js';
export { PIXEL_CACHE_CONTROL } from './pixel-script-route.js';
export {
  BLOCKED_MESSAGE,
  SITE_CHECK_MESSAGES,
  type SiteChecker,
  type SiteCheckInput,
  type SiteCheckOutcome,
  type SiteCheckResult,
} from './site-check.js';

/** The site check's fetch limits: a page, not a download. */
const SITE_CHECK_FETCH = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  oversize: 'truncate',
  maxRedirects: 5,
} as const;

/**
 * A local campaign's embed code and everything around it (decision 0042): the embed code itself,
 * the first-party pixel script at GET /px.js (built at start, served from memory), and the site
 * check that fetches a client's page through the outbound guard and looks for the code. The
 * campaigns module calls `embedCode` and `checkSite`; the page-view endpoint (POST /api/px/v)
 * reads the contract in @app/contracts/pixel.ts.
 */
export async function createEmbedModule(deps: {
  origins: Pick<WebOrigins, 'ofCompany'>;
  /** Tests inject a fetcher that may reach their local servers; production uses the guarded one. */
  fetch?: GuardedFetcher;
  /** Development and browser tests: the guarded fetcher may also reach loopback addresses. */
  allowLoopback?: boolean;
}) {
  const script = await buildPixelScript();
  return {
    /** The embed code of a campaign, loading the pixel from its client's agency host (custom domain first). */
    async embedCode(campaign: { campaignId: string; clientCompanyId: number }): Promise<string> {
      const scriptOrigin = await deps.origins.ofCompany(campaign.clientCompanyId);
      return renderEmbedSnippet({ scriptOrigin, campaignId: campaign.campaignId });
    },
    checkSite: createSiteChecker({
      fetch:
        deps.fetch ??
        createGuardedFetcher({
          ...SITE_CHECK_FETCH,
          permit: (_address, kind) =>
            kind === 'public' || (deps.allowLoopback === true && kind === 'loopback'),
        }),
    }),
    /** Pages outside /api: the pixel script. */
    pages: [pixelScriptRoute(script)],
    routes: [],
  };
}

export type EmbedModule = Awaited<ReturnType<typeof createEmbedModule>>;
