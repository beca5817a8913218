import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { GuardedHttp } from '../../outbound/guarded-http.js';
import { createHostCheck, unansweredResult } from '../guarded-delivery.js';
import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  ProviderInputError,
} from '../provider.js';
import type { SandboxInbox } from './sandbox-inbox.js';

/*
 * Webhooks: each lead POSTed as JSON to a URL the company chose, signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256>`), so a receiver in any
 * language verifies it with that specification's library and the secret shown on the integration's
 * page. Real HTTP through the outbound guard: private, loopback and link-local addresses are refused
 * after DNS resolution, no redirect is followed, and every request has a deadline.
 */

export const WEBHOOK_SLUG = 'webhook';
const URL_REQUIRED = 'Enter the URL your leads should be sent to.';
const URL_INVALID = 'Enter a full web address starting with https:// or http://.';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function checkUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '') throw new ProviderInputError(URL_REQUIRED);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ProviderInputError(URL_INVALID);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new ProviderInputError(URL_INVALID);
  if (url.href.length > 2000)
    throw new ProviderInputError('That URL is too long (2,000 characters at most).');
  return url;
}

/** Tags as stored: trimmed, distinct, none empty, at most 20 of at most 50 characters. */
function checkTags(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  const tags = [...new Set(list.map((t) => String(t).trim()).filter(Boolean))];
  if (tags.length > 20 || tags.some((t) => t.length > 50))
    throw new ProviderInputError('Use at most 20 tags of at most 50 characters each.');
  return tags;
}

export function createWebhookProvider(deps: {
  http: GuardedHttp;
  /** Per attempt, connection and answer included (default 10 s). */
  timeoutMs?: number;
  /** Tests pass the permit that lets their local receivers through; production checks at connect. */
  checkHost?: (host: string) => Promise<void>;
  /** The sandbox inbox this deployment serves (decision 0107): its URLs pass, through its own client. */
  inbox?: SandboxInbox;
  now?: () => Date;
}): IntegrationProvider {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const now = deps.now ?? (() => new Date());
  const refusePrivate = createHostCheck('The webhook host', deps.checkHost);

  async function refuseUnreachable(url: URL) {
    if (deps.inbox?.accepts(url)) return;
    await refusePrivate(url);
  }

  return {
    meta: {
      slug: WEBHOOK_SLUG,
      name: 'Webhooks',
      kind: 'webhook',
      auth: 'url',
      description:
        'Each lead is sent the moment it is found, as a signed JSON POST (Standard Webhooks) to your URL: Zapier, Make, n8n or your own server.',
      connectFields: [
        { name: 'url', label: 'Webhook URL', type: 'url', required: true },
        {
          name: 'tags',
          label: 'Tags',
          type: 'tags',
          required: false,
          help: 'Sent with every lead (a campaign may set its own).',
        },
      ],
      campaignFields: [
        {
          name: 'url',
          label: 'Webhook URL for this campaign',
          type: 'url',
          required: false,
          help: 'Leave empty to use the integration’s URL.',
        },
        { name: 'tags', label: 'Tags for this campaign', type: 'tags', required: false },
      ],
      targetKinds: [],
      sandbox: false,
    },
    page: deps.inbox?.page,
    close: deps.inbox?.close,

    async connect({ settings, previous }): Promise<ConnectResult> {
      const url = checkUrl(settings.url);
      await refuseUnreachable(url);
      return {
        settings: { url: url.href, tags: checkTags(settings.tags) },
        // The signing secret stays the same across edits, so receivers keep verifying.
        secrets: { signingSecret: previous?.secrets.signingSecret ?? newSigningSecret() },
      };
    },

    checkCampaignSettings(settings) {
      const tags = checkTags(settings.tags);
      if (settings.url === undefined || settings.url === null || settings.url === '') return { tags };
      return { url: checkUrl(settings.url).href, tags };
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const target = String(request.campaignSettings.url || request.connection.settings.url || '');
      const secret = request.connection.secrets.signingSecret;
      if (!target || !secret)
        return {
          outcome: 'refused',
          permanent: true,
          latencyMs: 0,
          error: 'The integration has no URL or signing secret: connect it again.',
          request: 'POST (no URL)',
        };
      const body = JSON.stringify({
        type: 'lead.created',
        timestamp: now().toISOString(),
        data: request.lead,
      });
      const sentAt = now();
      const signature = new Webhook(secret).sign(request.idempotencyKey, sentAt, body);
      const summary = `POST ${target} (${(Buffer.byteLength(body) / 1000).toFixed(1)} kB)`;
      const http = deps.inbox?.accepts(new URL(target)) ? deps.inbox.http : deps.http;
      const result = await http.request(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LeadOrbit-Webhooks/1.0',
          'webhook-id': request.idempotencyKey,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
          'idempotency-key': request.idempotencyKey,
        },
        body,
        timeoutMs,
      });
      if (result.kind !== 'response') return unansweredResult(result, summary);
      if (result.status >= 200 && result.status < 300)
        return {
          outcome: 'delivered',
          httpStatus: result.status,
          latencyMs: result.latencyMs,
          request: summary,
        };
      return {
        outcome: 'failed',
        httpStatus: result.status,
        latencyMs: result.latencyMs,
        // 410 Gone: the receiver says this endpoint is no more; retrying cannot help.
        permanent: result.status === 410,
        error:
          result.status >= 300 && result.status < 400
            ? `The receiver answered ${result.status} (a redirect); redirects are not followed: use the final URL.`
            : `The receiver answered HTTP ${result.status}${result.body ? `: ${result.body.slice(0, 200)}` : ''}`,
        request: summary,
      };
    },
  };
}
