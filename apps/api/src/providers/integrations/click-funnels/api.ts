import { sendJson } from '../service-http.js';
import type { CfTransport } from './core.js';

/*
 * The real ClickFunnels 2.0 API (decision 0104; https://developers.myclickfunnels.com/docs/getting-started,
 * reference https://apidocs.myclickfunnels.com): `https://{subdomain}.myclickfunnels.com/api/v2`,
 * every call with `Authorization: Bearer <API key>`, JSON both ways, and a User-Agent (ClickFunnels
 * sits behind Cloudflare, which turns away requests without one). The address is the deployment's
 * `CLICKFUNNELS_API_BASE` with the connection's subdomain in place of `{subdomain}` (a local fake in
 * tests). ClickFunnels documents no idempotency header: the upsert by e-mail is what makes a repeated
 * delivery harmless, so none is sent.
 */

export const CF_DEFAULT_API_BASE = 'https://{subdomain}.myclickfunnels.com/api/v2';
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function createClickFunnelsApi(options: {
  /** `https://{subdomain}.myclickfunnels.com/api/v2`, or a fixed address (a local fake). */
  apiBase: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}): CfTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async call(target, call) {
      // Checked when it was typed; checked again so a stored value can never name another host.
      if (!LABEL.test(target.subdomain))
        return { status: 400, body: { error: 'The ClickFunnels subdomain is not valid: connect it again.' } };
      const base = options.apiBase.replace('{subdomain}', target.subdomain).replace(/\/+$/, '');
      return sendJson(
        `${base}${call.path}`,
        call,
        { authorization: `Bearer ${target.apiKey}`, 'user-agent': 'LeadOrbit-Integrations/1.0' },
        timeoutMs,
      );
    },
  };
}
