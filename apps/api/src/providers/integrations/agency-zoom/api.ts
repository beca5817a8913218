import type { GuardedHttp } from '../../outbound/guarded-http.js';
import { createHostCheck } from '../guarded-delivery.js';
import type { AgencyZoomTransport } from './core.js';

/*
 * The real AgencyZoom (decision 0106): a lead is POSTed as JSON to the lead webhook URL the agency
 * copied from AgencyZoom (`https://app.agencyzoom.com/v1/api/lead/webhook/<token>` in the one public
 * sample). The URL is a customer's input, so it goes through the same guarded client as webhooks
 * (public addresses only, checked again at every connection; no redirects; a deadline), and only
 * URLs on AgencyZoom's own origin (`AGENCYZOOM_WEBHOOK_BASE`, a local fake in tests) are taken, so
 * this integration cannot be pointed at any other receiver.
 */

export const AGENCY_ZOOM_WEBHOOK_BASE = 'https://app.agencyzoom.com';

export function createAgencyZoomApi(deps: {
  http: GuardedHttp;
  /** AgencyZoom's origin (default https://app.agencyzoom.com). */
  webhookBase?: string;
  /** Tests pass the permit that lets their local fake through; production checks public DNS. */
  checkHost?: (host: string) => Promise<void>;
}): AgencyZoomTransport {
  const base = new URL(deps.webhookBase ?? AGENCY_ZOOM_WEBHOOK_BASE);
  const verify = createHostCheck('The AgencyZoom host', deps.checkHost);
  return {
    refusal(url) {
      if (url.origin !== base.origin)
        return `That is not an AgencyZoom address: paste the lead webhook URL AgencyZoom gave you (it starts with ${base.origin}/).`;
      // The token is the URL's last part: a bare origin names no webhook.
      if (!/\/[^/]{8,}$/.test(url.pathname))
        return 'That AgencyZoom URL names no lead webhook: copy the whole URL.';
      return null;
    },
    verify,
    post: (url, init) => deps.http.request(url, { method: 'POST', ...init }),
  };
}
