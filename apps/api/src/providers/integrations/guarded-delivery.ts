import type { GuardedHttpResult } from '../outbound/guarded-http.js';
import { resolvePublicTarget } from '../outbound/safe-resolve.js';
import { type DeliveryResult, ProviderInputError } from './provider.js';

/*
 * What the providers that POST leads to a URL a company typed share (the webhook, AgencyZoom's
 * lead webhook; decision 0106): the connect-time check that the URL's host is public, and what a
 * guarded request that got no HTTP answer means for the delivery. Both send through the one
 * guarded undici client (outbound/guarded-http.ts), which checks every address again when it
 * connects and never follows a redirect.
 */

/**
 * The check a typed URL gets when it is saved: its host must resolve to public addresses only
 * (`label` names it in the refusal). Tests pass `checkHost` to let their local receivers through.
 */
export function createHostCheck(label: string, checkHost?: (host: string) => Promise<void>) {
  const check =
    checkHost ??
    (async (host: string) => {
      await resolvePublicTarget(host, { label });
    });
  return async (url: URL): Promise<void> => {
    try {
      await check(url.hostname);
    } catch (err) {
      throw new ProviderInputError(err instanceof Error ? err.message : String(err));
    }
  };
}

/**
 * A guarded request without an HTTP answer: refused (nothing was sent: a private address, a bad
 * URL; another attempt cannot help) or failed (timeout, connection, TLS: retried on the schedule).
 */
export function unansweredResult(
  result: Exclude<GuardedHttpResult, { kind: 'response' }>,
  request: string,
): DeliveryResult {
  return result.kind === 'refused'
    ? { outcome: 'refused', permanent: true, latencyMs: result.latencyMs, error: result.message, request }
    : { outcome: 'failed', latencyMs: result.latencyMs, error: result.message, request };
}
