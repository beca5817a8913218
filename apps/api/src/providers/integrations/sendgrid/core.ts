import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type ProviderConnection,
  ProviderInputError,
  type ProviderTarget,
  type TargetKind,
} from '../provider.js';
import { recheckSavedSettings } from '../saved-settings.js';
import {
  notNowFailure,
  retryable,
  type ServiceAnswer,
  type ServiceCall,
  succeeded,
} from '../service-http.js';
import {
  checkApiKey,
  checkCampaignSettings,
  contactOf,
  emailOf,
  keyHint,
  SENDGRID_KEY_REFUSED,
  SENDGRID_KEY_REQUIRED,
  SENDGRID_NAME,
  SENDGRID_NEEDS_EMAIL,
  SENDGRID_NO_MARKETING,
  sendgridMeta,
} from './settings.js';

/*
 * SendGrid Marketing Campaigns (decision 0103), written once over a transport that is either the
 * real v3 API (`api.ts`, `Authorization: Bearer <key>`) or its sandbox (`sandbox.ts`, the same paths
 * answered from local state). Connecting asks `GET /v3/scopes` with the key (a wrong key is SendGrid's
 * 401; a key without any `marketing.*` scope cannot add contacts); the lists are
 * `GET /v3/marketing/lists` a thousand at a time; a lead is upserted with
 * `PUT /v3/marketing/contacts` (matched by e-mail, so a retried delivery updates the same contact)
 * into the campaign's list. SendGrid answers 202 and processes the upsert as a job.
 */

export interface SendGridTransport {
  call(apiKey: string, call: ServiceCall): Promise<ServiceAnswer>;
  close?(): Promise<void>;
}

/** SendGrid's page size for lists (its maximum). */
const LIST_PAGE = 1000;

/** SendGrid's error bodies: `{ errors: [{ field, message }] }`. */
export function sendgridMessage(body: unknown, status: number): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    const parts = errors.flatMap((e) => {
      const { field, message } = (e ?? {}) as { field?: unknown; message?: unknown };
      if (typeof message !== 'string' || !message) return [];
      return [typeof field === 'string' && field ? `${field}: ${message}` : message];
    });
    if (parts.length > 0) return parts.join('; ').slice(0, 500);
  }
  return `${SENDGRID_NAME} answered HTTP ${status}.`;
}

interface Failure {
  status: number;
  permanent: boolean;
  error: string;
}

/** An answer's meaning: no answer, 429 and 5xx retried; a refused key or any other 4xx permanent. */
function failureOf(answer: ServiceAnswer): Failure {
  const notNow = notNowFailure(answer, SENDGRID_NAME);
  if (notNow) return notNow;
  const { status } = answer;
  if (status === 401 || status === 403)
    return {
      status,
      permanent: true,
      error: `${SENDGRID_KEY_REFUSED} (${sendgridMessage(answer.body, status)})`,
    };
  return {
    status,
    permanent: !retryable(status),
    error: `${SENDGRID_NAME} answered HTTP ${status}: ${sendgridMessage(answer.body, status)}`,
  };
}

/** The `page_token` of the next page, from `_metadata.next` (a full URL), or null on the last page. */
function nextPageToken(body: unknown): string | null {
  const next = (body as { _metadata?: { next?: unknown } } | null)?._metadata?.next;
  if (typeof next !== 'string' || !next) return null;
  try {
    return new URL(next, 'https://api.sendgrid.com').searchParams.get('page_token');
  } catch {
    return null;
  }
}

export function createSendGridCore(deps: {
  transport: SendGridTransport;
  sandbox: boolean;
}): IntegrationProvider {
  const { transport } = deps;

  const keyOf = (connection: ProviderConnection) => connection.secrets.api_key ?? '';

  /** Every list of the account (SendGrid pages them by `page_token`). */
  async function lists(apiKey: string): Promise<ProviderTarget[]> {
    const found: ProviderTarget[] = [];
    let token: string | null = null;
    for (let page = 0; page < 50; page++) {
      const query = new URLSearchParams({ page_size: String(LIST_PAGE) });
      if (token) query.set('page_token', token);
      const answer = await transport.call(apiKey, { method: 'GET', path: `/v3/marketing/lists?${query}` });
      if (!succeeded(answer)) throw new ProviderInputError(failureOf(answer).error);
      const result = (answer.body as { result?: unknown } | null)?.result;
      for (const row of Array.isArray(result) ? result : []) {
        const { id, name } = (row ?? {}) as { id?: unknown; name?: unknown };
        if (typeof id === 'string' && typeof name === 'string') found.push({ id, name });
      }
      token = nextPageToken(answer.body);
      if (!token) break;
    }
    return found;
  }

  return {
    meta: sendgridMeta(deps.sandbox),

    async connect({ settings, previous }): Promise<ConnectResult> {
      // Editing without typing the key again keeps the saved one (the form's "leave blank").
      const typed = typeof settings.api_key === 'string' && settings.api_key.trim() !== '';
      const apiKey = typed ? checkApiKey(settings.api_key) : previous?.secrets.api_key;
      if (!apiKey) throw new ProviderInputError(SENDGRID_KEY_REQUIRED);
      const answer = await transport.call(apiKey, { method: 'GET', path: '/v3/scopes' });
      if (!succeeded(answer)) {
        const failure = failureOf(answer);
        throw new ProviderInputError(
          failure.status === 401 || failure.status === 403
            ? `${SENDGRID_NAME} refused the API key: ${sendgridMessage(answer.body, failure.status)}`
            : failure.permanent
              ? failure.error
              : `${SENDGRID_NAME} did not answer: try connecting again in a moment.`,
        );
      }
      const scopes = (answer.body as { scopes?: unknown } | null)?.scopes;
      if (!Array.isArray(scopes) || !scopes.some((s) => typeof s === 'string' && s.startsWith('marketing.')))
        throw new ProviderInputError(SENDGRID_NO_MARKETING);
      return { settings: { api_key_hint: keyHint(apiKey) }, secrets: { api_key: apiKey } };
    },

    checkCampaignSettings,

    async listTargets(connection, kind: TargetKind): Promise<ProviderTarget[]> {
      if (kind !== 'lists') return [];
      return lists(keyOf(connection));
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const started = performance.now();
      const checked = recheckSavedSettings(
        checkCampaignSettings,
        request.campaignSettings,
        'PUT /v3/marketing/contacts',
      );
      if (checked.refused) return checked.refused;
      const settings = checked.settings;
      const listId = typeof settings.list_id === 'string' ? settings.list_id : null;
      const summary = `PUT /v3/marketing/contacts (${listId ? `list ${listId}` : 'All Contacts'})`;
      const done = (r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
        ...r,
        latencyMs: performance.now() - started,
        request: summary,
      });
      const email = emailOf(request.lead);
      if (!email) return done({ outcome: 'refused', permanent: true, error: SENDGRID_NEEDS_EMAIL });
      const apiKey = keyOf(request.connection);
      if (!apiKey) return done({ outcome: 'refused', permanent: true, error: SENDGRID_KEY_REFUSED });
      const answer = await transport.call(apiKey, {
        method: 'PUT',
        path: '/v3/marketing/contacts',
        body: { ...(listId ? { list_ids: [listId] } : {}), contacts: [contactOf(request.lead, email)] },
        idempotencyKey: request.idempotencyKey,
      });
      if (succeeded(answer)) return done({ outcome: 'delivered', httpStatus: answer.status });
      const failure = failureOf(answer);
      return done({
        outcome: 'failed',
        permanent: failure.permanent,
        httpStatus: failure.status || undefined,
        error: failure.error,
      });
    },

    ...(transport.close ? { close: transport.close } : {}),
  };
}
