import { sendJson } from '../service-http.js';
import type { MbpTransport } from './core.js';

/*
 * The real Mailbox Power API (decision 0104). Mailbox Power publishes no API reference; what is
 * public is the connection check integration platforms make with a Mailbox Power API key:
 * `GET https://api.rocketnotes.com/api/clienttether/contacts/groups` with the key in an `APIKEY`
 * header (Pipedream's Mailbox Power app). So: that address as the suggested `MAILBOXPOWER_API_BASE`,
 * the `APIKEY` header on every call, JSON both ways, and the delivery's key in `Idempotency-Key`
 * (harmless if ignored). The contact call's shape is the most plausible one, not a documented one.
 */

export const MBP_SUGGESTED_API_BASE = 'https://api.rocketnotes.com/api';

export function createMailboxPowerApi(options: {
  apiBase: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}): MbpTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.apiBase.replace(/\/+$/, '');
  return {
    call(apiKey, call) {
      const headers: Record<string, string> = { apikey: apiKey, 'user-agent': 'LeadOrbit-Integrations/1.0' };
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      return sendJson(`${base}${call.path}`, call, headers, timeoutMs);
    },
  };
}
