import type { SecretBox } from '../../../lib/secret-box.js';
import type { GuardedHttpResult } from '../../outbound/guarded-http.js';
import { unansweredResult } from '../guarded-delivery.js';
import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type LeadPayload,
  ProviderInputError,
} from '../provider.js';

/*
 * AgencyZoom, the insurance CRM (decision 0106). An agency copies a lead webhook URL from
 * AgencyZoom (one per client, optionally one per campaign) and each lead is POSTed there as JSON
 * with AgencyZoom's lead field names; AgencyZoom makes the lead. The URL's last part is the
 * credential, so it is sealed (the connection's in its secrets, a campaign's own sealed in its
 * settings) and only a masked form is stored in the clear and shown back. Written once over a
 * transport: the real AgencyZoom through the guarded HTTP client (api.ts) or the sandbox on local
 * state (sandbox.ts), so URL checks, the lead's shape and the error mapping are the same code.
 */

export const AGENCY_ZOOM_SLUG = 'agency-zoom';

export const AGENCY_ZOOM_TEXTS = {
  urlRequired: 'Paste the lead webhook URL AgencyZoom gave you.',
  urlInvalid: 'Enter the whole AgencyZoom lead webhook URL, starting with https://.',
  urlMasked: 'Paste the whole AgencyZoom lead webhook URL again: it is only shown masked.',
  urlTooLong: 'That URL is too long (2,000 characters at most).',
  noUrl: 'The AgencyZoom integration has no lead webhook URL: connect it again.',
  noContact: 'AgencyZoom needs an e-mail address or a phone number, and this lead has neither.',
} as const;

/** What a transport answers: a guarded request's result (the sandbox answers as the service would). */
export type PostResult = GuardedHttpResult;

export interface AgencyZoomTransport {
  /** A refusal text when the URL is not one of this service's lead webhooks, else null. */
  refusal(url: URL): string | null;
  /** Asks whether the URL can be reached (the real host resolves to public addresses; the sandbox knows it). */
  verify(url: URL): Promise<void>;
  post(
    url: string,
    init: { headers: Record<string, string>; body: string; timeoutMs: number },
  ): Promise<PostResult>;
  /** The sandbox only: a new lead webhook of its own, as AgencyZoom's lead source screen makes one. */
  newWebhook?(name: string): Promise<string>;
}

/** The URL with its credential (the last path part) masked: `…/lead/webhook/…759f`. */
export function maskUrl(href: string): string {
  const url = new URL(href);
  const parts = url.pathname.split('/');
  const last = parts.pop() ?? '';
  return `${url.origin}${parts.join('/')}/…${last.slice(-4)}`;
}

/** AgencyZoom's lead fields (its API v1 names, as its lead webhook takes them) from our lead. */
export function agencyZoomLead(lead: LeadPayload) {
  const source = [
    lead.test ? 'TEST LEAD (send test payload)' : null,
    `Campaign: ${lead.campaign.name} (${lead.campaign.id}, ${lead.campaign.module})`,
    `Captured: ${lead.captured_at}`,
    lead.page_url ? `Page: ${lead.page_url}` : null,
    lead.keyword ? `Keyword: ${lead.keyword}` : null,
    `Lead id: ${lead.id}`,
  ];
  return {
    firstname: lead.first_name,
    lastname: lead.last_name,
    email: lead.emails[0] ?? '',
    secondaryEmail: lead.emails[1] ?? '',
    phone: lead.phones[0] ?? '',
    secondaryPhone: lead.phones[1] ?? '',
    streetAddress: lead.address.street,
    city: lead.address.city,
    state: lead.address.state,
    zip: lead.address.zip,
    country: 'USA',
    notes: source.filter(Boolean).join('\n'),
  };
}

/** AgencyZoom's error texts: `{error, fieldErrors: [{field, error}]}`, or a framework's `{message}`. */
function serviceMessage(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body.slice(0, 200);
  }
  if (!parsed || typeof parsed !== 'object') return body.slice(0, 200);
  const b = parsed as { error?: unknown; message?: unknown; fieldErrors?: unknown };
  const fields = Array.isArray(b.fieldErrors)
    ? b.fieldErrors
        .map(
          (f: { field?: unknown; error?: unknown }) =>
            `${String(f?.field ?? '?')}: ${String(f?.error ?? '?')}`,
        )
        .join('; ')
    : '';
  const head = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
  return (fields ? `${head} (${fields})` : head || body).slice(0, 300);
}

/** An AgencyZoom answer as a delivery outcome; `request` is the console's one-line summary. */
export function deliveryOf(result: PostResult, request: string): DeliveryResult {
  if (result.kind !== 'response') return unansweredResult(result, request);
  const base = { httpStatus: result.status, latencyMs: result.latencyMs, request };
  const { status } = result;
  if (status >= 200 && status < 300) {
    // AgencyZoom's write answers say `result: false` when nothing was made, even with a 200.
    if (/"result"\s*:\s*false/.test(result.body))
      return {
        ...base,
        outcome: 'failed',
        permanent: true,
        error: `AgencyZoom did not take the lead: ${serviceMessage(result.body)}`,
      };
    return { ...base, outcome: 'delivered' };
  }
  // Busy or down: the engine's schedule tries again.
  if (status === 408 || status === 429 || status >= 500)
    return {
      ...base,
      outcome: 'failed',
      error: `AgencyZoom answered HTTP ${status}: ${serviceMessage(result.body)}`,
    };
  if (status === 401 || status === 403 || status === 404 || status === 410)
    return {
      ...base,
      outcome: 'failed',
      permanent: true,
      error: `AgencyZoom refused the lead webhook URL (HTTP ${status}): copy it again from AgencyZoom.`,
    };
  if (status >= 300 && status < 400)
    return {
      ...base,
      outcome: 'failed',
      permanent: true,
      error: `AgencyZoom answered ${status} (a redirect): redirects are not followed; copy the lead webhook URL again.`,
    };
  // 400, 422 and the rest: the lead itself was refused; sending it again changes nothing.
  return {
    ...base,
    outcome: 'failed',
    permanent: true,
    error: `AgencyZoom refused the lead (HTTP ${status}): ${serviceMessage(result.body)}`,
  };
}

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const isMasked = (text: string) => /\/…[^/]*$/.test(text);

export function createAgencyZoomCore(deps: {
  transport: AgencyZoomTransport;
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  sandbox: boolean;
  /** Per attempt, connection and answer included (default 10 s). */
  timeoutMs?: number;
}): IntegrationProvider {
  const { transport } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  /** A typed URL checked and verified: its full address (the credential). */
  async function checked(value: unknown): Promise<string> {
    const text = String(value).trim();
    if (isMasked(text)) throw new ProviderInputError(AGENCY_ZOOM_TEXTS.urlMasked);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ProviderInputError(AGENCY_ZOOM_TEXTS.urlInvalid);
    }
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
      throw new ProviderInputError(AGENCY_ZOOM_TEXTS.urlInvalid);
    if (url.href.length > 2000) throw new ProviderInputError(AGENCY_ZOOM_TEXTS.urlTooLong);
    const refusal = transport.refusal(url);
    if (refusal) throw new ProviderInputError(refusal);
    await transport.verify(url);
    return url.href;
  }

  /** The sandbox's own new webhook when asked for one (empty on connect, `new` on a campaign). */
  const sandboxWebhook = (name: string) =>
    transport.newWebhook
      ? transport.newWebhook(name)
      : Promise.reject(new ProviderInputError(AGENCY_ZOOM_TEXTS.urlRequired));

  return {
    meta: {
      slug: AGENCY_ZOOM_SLUG,
      name: 'AgencyZoom (insurance CRM)',
      kind: 'insurance-crm',
      auth: 'url',
      description:
        'Each lead becomes an AgencyZoom lead through the lead webhook URL your agency copies from AgencyZoom: one per client, and a campaign may have its own.',
      connectFields: [
        {
          name: 'url',
          label: 'AgencyZoom lead webhook URL',
          type: 'url',
          required: !deps.sandbox,
          help: deps.sandbox
            ? 'Sandbox: leave it empty and the AgencyZoom sandbox makes a lead webhook for you.'
            : 'Copy it from the AgencyZoom lead source your leads should land in. It is kept sealed and shown masked.',
        },
      ],
      campaignFields: [
        {
          name: 'url',
          label: 'AgencyZoom lead webhook URL for this campaign',
          type: 'url',
          required: false,
          help: deps.sandbox
            ? 'Leave it empty to use the client’s. Sandbox: type new for a new sandbox lead webhook.'
            : 'Leave it empty to use the client’s.',
        },
      ],
      targetKinds: [],
      sandbox: deps.sandbox,
    },

    async connect({ companyId, settings, previous }): Promise<ConnectResult> {
      const kept = previous?.secrets.webhookUrl;
      // The form sends back the masked URL it was shown: the sealed one stays.
      if (kept && !isEmpty(settings.url) && String(settings.url).trim() === previous?.settings.url)
        return { settings: { url: maskUrl(kept) }, secrets: { webhookUrl: kept } };
      if (isEmpty(settings.url) && !deps.sandbox) throw new ProviderInputError(AGENCY_ZOOM_TEXTS.urlRequired);
      const href = isEmpty(settings.url)
        ? await sandboxWebhook(`company ${companyId}`)
        : await checked(settings.url);
      return { settings: { url: maskUrl(href) }, secrets: { webhookUrl: href } };
    },

    async checkCampaignSettings(settings) {
      if (isEmpty(settings.url)) return {};
      const asked = String(settings.url).trim();
      const href =
        deps.sandbox && asked.toLowerCase() === 'new'
          ? await sandboxWebhook('campaign')
          : await checked(asked);
      return { url: maskUrl(href), sealed_url: await deps.secrets.seal(href) };
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const own = request.campaignSettings.sealed_url;
      const target =
        typeof own === 'string' && own ? await deps.secrets.open(own) : request.connection.secrets.webhookUrl;
      if (!target)
        return {
          outcome: 'refused',
          permanent: true,
          latencyMs: 0,
          error: AGENCY_ZOOM_TEXTS.noUrl,
          request: 'POST (no URL)',
        };
      const lead = agencyZoomLead(request.lead);
      if (!lead.email && !lead.phone)
        return {
          outcome: 'refused',
          permanent: true,
          latencyMs: 0,
          error: AGENCY_ZOOM_TEXTS.noContact,
          request: `POST ${maskUrl(target)} (not sent)`,
        };
      const body = JSON.stringify(lead);
      // The console shows the masked URL: the summary never carries the credential.
      const summary = `POST ${maskUrl(target)} (${(Buffer.byteLength(body) / 1000).toFixed(1)} kB)`;
      const result = await transport.post(target, {
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': 'LeadOrbit-AgencyZoom/1.0',
          // AgencyZoom documents no idempotency header; sent so a receiver that honours one can.
          'idempotency-key': request.idempotencyKey,
        },
        body,
        timeoutMs,
      });
      return deliveryOf(result, summary);
    },
  };
}
