import type { ProviderConnection } from '../provider.js';
import {
  type ApiAnswer,
  type ApiCall,
  type GhlTokens,
  type GhlTransport,
  messageOf,
  SIGN_IN_AGAIN,
} from './transport.js';

/*
 * Calls with a connection's token (decision 0097), for deliveries, lists and the agency calls alike:
 * the token is refreshed five minutes before it expires, or once after a 401, and the new pair kept
 * through `save`. A refresh token is good once, so calls in flight at the same time for one
 * connection share one refresh (by the token they hold), and one just made is reused by those that
 * still hold the old secrets, for a few minutes.
 */

const REFRESH_MARGIN_MS = 5 * 60_000;

export type Failure = { permanent: boolean; status: number; error: string };
export type CallResult = { ok: true; answer: ApiAnswer } | { ok: false; result: Failure };
export type SaveSecrets = (secrets: Record<string, string>) => Promise<void>;
type Refreshed = { ok: true; secrets: Record<string, string> } | { ok: false; result: Failure };

/** The secrets sealed on the connection for a token answer. */
export const secretsOf = (tokens: GhlTokens, now: Date): Record<string, string> => ({
  access_token: tokens.access_token,
  refresh_token: tokens.refresh_token,
  expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
});

/** The status's meaning: 2xx fine; 429, 5xx and no answer retryable; any other refusal permanent. */
export const failureOf = (answer: ApiAnswer): Failure => ({
  permanent: !(answer.status === 0 || answer.status === 429 || answer.status >= 500),
  status: answer.status,
  error:
    answer.status === 0
      ? `GoHighLevel did not answer: ${answer.message ?? 'no answer'}`
      : answer.status === 429
        ? 'GoHighLevel is rate limiting: the lead is sent again later.'
        : `GoHighLevel answered HTTP ${answer.status}: ${messageOf(answer.body, answer.status)}`,
});

export function createTokenCalls(deps: { transport: GhlTransport; now: () => Date }) {
  const { transport, now } = deps;
  const refreshing = new Map<string, { at: number; answer: Promise<Refreshed> }>();

  function refresh(secrets: Record<string, string>, save: SaveSecrets) {
    const old = secrets.refresh_token ?? '';
    for (const [key, entry] of refreshing) if (Date.now() - entry.at > 5 * 60_000) refreshing.delete(key);
    const known = refreshing.get(old);
    if (known) return known.answer;
    const answer = (async (): Promise<Refreshed> => {
      if (!old) return { ok: false, result: { permanent: true, status: 401, error: SIGN_IN_AGAIN } };
      const got = await transport.refresh(old);
      if (!got.ok) {
        // invalid_grant and its kin: the person must sign in again; no answer or 5xx: later. Either
        // way the delivery is tried again, not given up: GoHighLevel's refresh tokens are good once,
        // and another worker process may have spent this one a moment ago and saved the new tokens,
        // which the next attempt's lease reads. A grant that is really gone keeps failing: the
        // connection's circuit opens, and past an hour it is paused and its owner told (0096).
        const later = got.status === 0 || got.status === 429 || got.status >= 500;
        return {
          ok: false,
          result: {
            permanent: false,
            status: got.status,
            error: later ? `GoHighLevel did not refresh the sign-in: ${got.message}` : SIGN_IN_AGAIN,
          },
        };
      }
      const fresh = secretsOf(got.tokens, now());
      await save(fresh);
      return { ok: true, secrets: fresh };
    })();
    refreshing.set(old, { at: Date.now(), answer });
    answer.then((r) => (r.ok ? undefined : refreshing.delete(old))).catch(() => refreshing.delete(old));
    return answer;
  }

  /** One call with the connection's token: refreshed first when near expiry, and once on a 401. */
  async function call(
    connection: ProviderConnection,
    save: SaveSecrets,
    request: ApiCall,
  ): Promise<CallResult> {
    let secrets = connection.secrets;
    if (!secrets.access_token)
      return { ok: false, result: { permanent: true, status: 401, error: SIGN_IN_AGAIN } };
    const expiresAt = Date.parse(secrets.expires_at ?? '');
    if (!Number.isFinite(expiresAt) || expiresAt - now().getTime() < REFRESH_MARGIN_MS) {
      const r = await refresh(secrets, save);
      if (!r.ok) return r;
      secrets = r.secrets;
    }
    let answer = await transport.call(secrets.access_token as string, request);
    if (answer.status === 401) {
      const r = await refresh(secrets, save);
      if (!r.ok) return r;
      answer = await transport.call(r.secrets.access_token as string, request);
      if (answer.status === 401)
        return { ok: false, result: { permanent: true, status: 401, error: SIGN_IN_AGAIN } };
    }
    return { ok: true, answer };
  }

  return { call };
}

export type TokenCalls = ReturnType<typeof createTokenCalls>;
