import { sendJson } from '../service-http.js';
import type { SendGridTransport } from './core.js';

/*
 * The real SendGrid v3 API (decision 0103; https://www.twilio.com/docs/sendgrid/api-reference):
 * `https://api.sendgrid.com` (or `https://api.eu.sendgrid.com` for EU regional subusers, or a local
 * fake in tests: the deployment's `SENDGRID_API_URL`), every call with `Authorization: Bearer <API
 * key>` and JSON both ways. SendGrid documents no idempotency header for contacts: the upsert by
 * e-mail is what makes a repeated delivery harmless, so none is sent.
 */

export const SENDGRID_DEFAULT_API_URL = 'https://api.sendgrid.com';

export function createSendGridApi(options: {
  apiBase: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}): SendGridTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.apiBase.replace(/\/+$/, '');
  return {
    call(apiKey, call) {
      return sendJson(
        `${base}${call.path}`,
        { ...call, idempotencyKey: undefined },
        { authorization: `Bearer ${apiKey}`, 'user-agent': 'LeadOrbit-Integrations/1.0' },
        timeoutMs,
      );
    },
  };
}
