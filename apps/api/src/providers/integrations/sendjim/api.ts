import { exchange, parseJson, type ServiceCall } from '../service-http.js';
import { type GrantAnswer, messageOf, type SendJimAnswer, type SendJimTransport } from './core.js';

/*
 * The real SendJim: its Public API v3 (documenter.getpostman.com, "SendJim Public API v3"; decision
 * 0105). Sign-in: the browser goes to `{oauth}/OAuth/Account?clientKey&callbackUrl&state`, comes
 * back with `requestToken`, which `POST {oauth}/OAuth/Grant { ClientKey, ClientSecret, RequestToken }`
 * trades for `{ GrantToken }`. API calls: `{api}/…` with `Authorization: Token <grant>` (the scheme
 * for integration partners) and `api_version: 3` on every request, JSON both ways. The addresses
 * are deployment settings, so no outbound guard stands in front of them.
 */

export const SENDJIM_API_VERSION = '3';

export interface SendJimApiOptions {
  clientKey: string;
  clientSecret: string;
  /** `https://api.sendjim.com/api` (a local fake in tests). */
  apiBase: string;
  /** Where `/OAuth/Account` and `/OAuth/Grant` are: `https://members.sendjim.com`. */
  oauthBase: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}

/** Errors raised before a byte was sent (no connection made): the request never reached SendJim. */
const NEVER_SENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|Connect Timeout/i;

export function createSendJimApi(options: SendJimApiOptions): SendJimTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const api = options.apiBase.replace(/\/+$/, '');
  const oauth = options.oauthBase.replace(/\/+$/, '');
  const common = {
    accept: 'application/json',
    api_version: SENDJIM_API_VERSION,
    'user-agent': 'LeadOrbit-Integrations/1.0',
  };

  return {
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(`${oauth}/OAuth/Account`);
      url.search = new URLSearchParams({
        clientKey: options.clientKey,
        callbackUrl: redirectUri,
        state,
      }).toString();
      return url.href;
    },

    async grant(requestToken): Promise<GrantAnswer> {
      const got = await exchange(
        `${oauth}/OAuth/Grant`,
        {
          method: 'POST',
          headers: { ...common, 'content-type': 'application/json' },
          body: JSON.stringify({
            ClientKey: options.clientKey,
            ClientSecret: options.clientSecret,
            RequestToken: requestToken,
          }),
        },
        timeoutMs,
      );
      if (!got.ok) return { ok: false, status: 0, message: got.message };
      const body = parseJson(got.text) as { GrantToken?: unknown; Code?: unknown } | null;
      if (got.status < 200 || got.status >= 300)
        return { ok: false, status: got.status, message: messageOf(body, got.status) };
      if (typeof body?.GrantToken === 'string' && body.GrantToken !== '')
        return { ok: true, grantToken: body.GrantToken };
      // A refusal inside a 200 carries SendJim's `Code` and `Message`.
      const code = Number(body?.Code ?? 0);
      return {
        ok: false,
        status: code >= 400 ? code : 502,
        message: code ? messageOf(body, got.status) : 'SendJim answered without a grant token.',
      };
    },

    async call(grantToken: string, call: ServiceCall): Promise<SendJimAnswer> {
      const headers: Record<string, string> = { ...common, authorization: `Token ${grantToken}` };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      // SendJim documents no idempotency header; the key is sent so a retry can be recognised where honoured.
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      const got = await exchange(
        `${api}${call.path}`,
        {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        },
        timeoutMs,
      );
      if (!got.ok)
        return { status: 0, body: null, message: got.message, reached: !NEVER_SENT.test(got.message) };
      return { status: got.status, body: parseJson(got.text) };
    },
  };
}
