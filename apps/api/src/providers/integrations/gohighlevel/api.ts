import * as oauth from 'oauth4webapi';
import { exchange, parseJson } from '../service-http.js';
import type { ApiAnswer, ApiCall, GhlTokens, GhlTransport, TokenAnswer } from './transport.js';

/*
 * The real GoHighLevel: LeadConnector API v2 (https://highlevel.stoplight.io/). OAuth 2.0
 * authorization code with PKCE through oauth4webapi (the marketplace app's client id and secret,
 * `user_type=Location`), every API call with `Authorization: Bearer …` and `Version: 2021-07-28`,
 * over undici with a deadline on each. The base URLs are deployment settings (never a customer's
 * input), so no outbound guard stands in front of them.
 */

export const GHL_API_VERSION = '2021-07-28';
/**
 * What the app asks to do: write contacts (and their tags), read the sub-accounts and their tags,
 * and keep the menu links to a client's dashboard (decision 0109; an agency token's scopes).
 */
export const GHL_SCOPES = [
  'contacts.write',
  'contacts.readonly',
  'locations.readonly',
  'locations/tags.readonly',
  'locations/tags.write',
  'custom-menu-link.readonly',
  'custom-menu-link.write',
].join(' ');

export interface GhlApiOptions {
  clientId: string;
  clientSecret: string;
  /** `https://services.leadconnectorhq.com` (a local fake in tests). */
  apiBase: string;
  /** The consent page: `https://marketplace.gohighlevel.com/oauth/chooselocation`. */
  authorizeUrl: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}

export function createGoHighLevelApi(options: GhlApiOptions): GhlTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.apiBase.replace(/\/+$/, '');
  const as: oauth.AuthorizationServer = { issuer: base, token_endpoint: `${base}/oauth/token` };
  const client: oauth.Client = { client_id: options.clientId };
  const auth = oauth.ClientSecretPost(options.clientSecret);

  /** oauth4webapi's requests, sent by undici (answered as a standard Response for it to read). */
  const fetchForOauth = async (url: string, init: oauth.CustomFetchOptions<string, unknown>) => {
    const got = await exchange(
      url,
      {
        method: init.method,
        headers: init.headers,
        body: init.body === undefined ? undefined : String(init.body),
      },
      timeoutMs,
    );
    if (!got.ok) throw new Error(got.message);
    return new Response(got.status === 204 ? null : got.text, { status: got.status, headers: got.headers });
  };
  const requestOptions = {
    [oauth.customFetch]: fetchForOauth,
    [oauth.allowInsecureRequests]: base.startsWith('http:'),
    additionalParameters: { user_type: 'Location' },
  } as oauth.TokenEndpointRequestOptions;

  async function tokens(send: () => Promise<Response>, grant: 'code' | 'refresh'): Promise<TokenAnswer> {
    let response: Response;
    try {
      response = await send();
    } catch (err) {
      return {
        ok: false,
        status: 0,
        error: 'network',
        message: err instanceof Error ? err.message : String(err),
      };
    }
    try {
      const answer =
        grant === 'code'
          ? await oauth.processAuthorizationCodeResponse(as, client, response)
          : await oauth.processRefreshTokenResponse(as, client, response);
      if (!answer.refresh_token || answer.expires_in === undefined)
        return { ok: false, status: 502, error: 'invalid_response', message: 'no refresh token or expiry' };
      return { ok: true, tokens: answer as unknown as GhlTokens };
    } catch (err) {
      if (err instanceof oauth.ResponseBodyError)
        return {
          ok: false,
          status: err.status,
          error: err.error,
          message: err.error_description ?? err.error,
        };
      const status = err instanceof Error && err.cause instanceof Response ? err.cause.status : 502;
      return {
        ok: false,
        status,
        error: 'invalid_response',
        message: err instanceof Error ? err.message : String(err),
      };
    }
  }

  return {
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: GHL_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    exchangeCode({ code, redirectUri, codeVerifier }) {
      return tokens(() => {
        // The module checked the state (one-time, ours); the code is what remains to validate.
        const callback = oauth.validateAuthResponse(
          as,
          client,
          new URLSearchParams({ code }),
          oauth.skipStateCheck,
        );
        return oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          callback,
          redirectUri,
          codeVerifier,
          requestOptions,
        );
      }, 'code');
    },

    refresh(refreshToken) {
      return tokens(
        () => oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, requestOptions),
        'refresh',
      );
    },

    async call(accessToken: string, call: ApiCall): Promise<ApiAnswer> {
      const headers: Record<string, string> = {
        authorization: `Bearer ${accessToken}`,
        version: GHL_API_VERSION,
        accept: 'application/json',
        'user-agent': 'LeadOrbit-Integrations/1.0',
      };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      // GoHighLevel does not document one; it ignores the header, and the upsert is idempotent anyway.
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      const got = await exchange(
        `${base}${call.path}`,
        {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        },
        timeoutMs,
      );
      if (!got.ok) return { status: 0, body: null, message: got.message };
      return { status: got.status, body: parseJson(got.text) };
    },
  };
}
