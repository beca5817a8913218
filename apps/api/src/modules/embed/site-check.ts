import { CAMPAIGN_PUBLIC_ID, PIXEL_URL_MAX_LENGTH, SITE_CHECK_BLOCKED_MESSAGE } from '@app/contracts';
import type { GuardedFetcher, GuardedFetchResult } from '../../providers/outbound/guarded-fetch.js';
import { findEmbedSnippet, findGtmContainers } from './embed-snippet.js';

/*
 * The embed-code site check (spec 2 §7 "Site tests": GET /check-run-embeded-code, POST
 * /check-site-embeded-code): fetch the client's page through the outbound guard and say whether the
 * campaign's embed code is on it. The answer has the spec's two statuses, 'exist' and 'not exist',
 * a finer outcome for the screens and the scheduled check, and a message a client can act on.
 */

export type SiteCheckOutcome =
  /** The snippet is in the page. */
  | 'found'
  /** The campaign is installed through Google Tag Manager and the page loads a GTM container. */
  | 'found_via_gtm'
  | 'not_found'
  /** Installed through Google Tag Manager by the campaign's word, but the page loads no container. */
  | 'gtm_not_found'
  /** The site turned the check away (bot protection, rate limit, a gateway timeout) or never answered. */
  | 'blocked'
  /** The site could not be reached or answered an error (DNS, connection, TLS, HTTP status). */
  | 'unreachable'
  /** The address is one this product never contacts (private, loopback, link-local …). */
  | 'not_allowed'
  | 'invalid_url';

export interface SiteCheckResult {
  status: 'exist' | 'not exist';
  outcome: SiteCheckOutcome;
  message: string;
  /** The URL that was checked (with https:// added when the client left the scheme out). */
  url: string;
  /** Where the page was finally read, after redirects. */
  finalUrl?: string;
  /** Google Tag Manager containers the page loads. */
  gtmContainers?: string[];
}

/** The spec's words for a site that will not let the check in (spec 2 §8), shared with the screens. */
export const BLOCKED_MESSAGE = SITE_CHECK_BLOCKED_MESSAGE;

/** Messages where the spec is silent (decision 0042 lists them). */
export const SITE_CHECK_MESSAGES = {
  found: 'The embed code was found at your url.',
  notFound:
    'The embed code was not found at your url. Paste the embed code into the page (before </body> or in <head>), publish it, and check again.',
  notFoundTruncated:
    'The embed code was not found in the first 2 MB of your url. Place the embed code near the top of the page (in <head>) and check again.',
  foundViaGtm: (containers: string[]) =>
    `Google Tag Manager (${containers.join(', ')}) was found at your url. The embed code is installed through it, so it does not show in the page source; page views arriving for this campaign confirm it.`,
  gtmNotFound:
    'Google Tag Manager was not found at your url. Publish the container that holds the embed code, or paste the embed code into the page, and check again.',
  unreachable: (detail: string) => `We could not check your url: ${detail}`,
  notAllowed:
    'This url points to a private or internal network address, which cannot be checked. Enter the public address of your website.',
  invalidUrl: 'Enter your website address as an http or https url, e.g. https://www.example.com.',
} as const;

/** HTTP answers that mean "not you, robot" rather than "no such page". */
const BLOCKING_STATUSES = new Set([401, 403, 406, 429, 451, 503, 504]);

/** The URL the client typed, with https:// when they gave no scheme; null when it is no web address. */
export function normaliseSiteUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > PIXEL_URL_MAX_LENGTH) return null;
  // Only `scheme://` counts as a scheme: `example.com:8080/shop` is a host with a port.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `https://${trimmed.replace(/^\/\//, '')}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href;
  } catch {
    return null;
  }
}

export interface SiteCheckInput {
  /** The page to check, as the client entered it. */
  url: string;
  /** The campaign's public 8-digit id (`leadspeek_api_id`). */
  campaignId: string;
  /** The campaign's `gtminstalled` flag: the snippet is placed through Google Tag Manager. */
  gtmInstalled?: boolean;
}

export type SiteChecker = (input: SiteCheckInput) => Promise<SiteCheckResult>;

/** A site checker over a fetcher (the guarded fetcher in production, with its limits). */
export function createSiteChecker(deps: { fetch: GuardedFetcher }): SiteChecker {
  return async function checkSite(input) {
    if (!CAMPAIGN_PUBLIC_ID.test(input.campaignId)) throw new Error('The campaign id must be 8 digits.');
    const url = normaliseSiteUrl(input.url);
    if (!url)
      return {
        status: 'not exist',
        outcome: 'invalid_url',
        message: SITE_CHECK_MESSAGES.invalidUrl,
        url: input.url,
      };
    return judge(await deps.fetch(url), url, input);
  };
}

function judge(fetched: GuardedFetchResult, url: string, input: SiteCheckInput): SiteCheckResult {
  const miss = (outcome: SiteCheckOutcome, message: string): SiteCheckResult => ({
    status: 'not exist',
    outcome,
    message,
    url,
  });
  if (fetched.kind === 'refused') {
    if (fetched.reason === 'not_public') return miss('not_allowed', SITE_CHECK_MESSAGES.notAllowed);
    if (fetched.reason === 'bad_url') return miss('invalid_url', SITE_CHECK_MESSAGES.invalidUrl);
    return miss('unreachable', SITE_CHECK_MESSAGES.unreachable(fetched.message));
  }
  if (fetched.kind === 'failed') {
    if (fetched.reason === 'timeout' || (fetched.status && BLOCKING_STATUSES.has(fetched.status)))
      return miss('blocked', BLOCKED_MESSAGE);
    return miss('unreachable', SITE_CHECK_MESSAGES.unreachable(fetched.message));
  }
  const page = { url, finalUrl: fetched.finalUrl };
  if (findEmbedSnippet(fetched.body, input.campaignId))
    return { status: 'exist', outcome: 'found', message: SITE_CHECK_MESSAGES.found, ...page };
  if (input.gtmInstalled) {
    const gtmContainers = findGtmContainers(fetched.body);
    return gtmContainers.length > 0
      ? {
          status: 'exist',
          outcome: 'found_via_gtm',
          message: SITE_CHECK_MESSAGES.foundViaGtm(gtmContainers),
          gtmContainers,
          ...page,
        }
      : { ...miss('gtm_not_found', SITE_CHECK_MESSAGES.gtmNotFound), ...page };
  }
  return {
    ...miss(
      'not_found',
      fetched.truncated ? SITE_CHECK_MESSAGES.notFoundTruncated : SITE_CHECK_MESSAGES.notFound,
    ),
    ...page,
  };
}
