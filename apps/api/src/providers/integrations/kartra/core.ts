import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  ProviderInputError,
  type ProviderTarget,
  type TargetKind,
} from '../provider.js';
import { recheckSavedSettings } from '../saved-settings.js';
import { notNowFailure, retryable, type ServiceAnswer } from '../service-http.js';
import {
  checkCampaignSettings,
  checkCredential,
  emailOf,
  KARTRA_CREDENTIALS_REQUIRED,
  KARTRA_NAME,
  KARTRA_NEEDS_EMAIL,
  KARTRA_REFUSED,
  kartraMeta,
  leadFieldsOf,
} from './settings.js';

/*
 * Kartra (decision 0103), written once over a transport that is either the real inbound API
 * (`api.ts`: one form-encoded POST to https://app.kartra.com/api with this platform's app id and the
 * company's API key and password) or its sandbox (`sandbox.ts`, the same commands on local state).
 * Kartra answers everything with HTTP 200 and `{ status: "Success" | "Error", message, type }` (429
 * when over 20 calls a second). A call is about one lead, with its `actions` in order: a delivery is
 * `create_lead` + `subscribe_lead_to_list` + `assign_tag` per tag, and when Kartra says the lead
 * already exists (a lead seen before, or the retry of a delivery whose answer was lost) the same
 * actions again with `edit_lead`, so a lead is one Kartra lead however often it is sent.
 */

export interface KartraCredentials {
  api_key: string;
  api_password: string;
}

/** One call: the lead it is about (`lead[...]`), and its actions in order (`actions[i][...]`). */
export interface KartraRequest {
  lead?: Record<string, string>;
  actions: Record<string, string>[];
}

export interface KartraTransport {
  call(credentials: KartraCredentials, request: KartraRequest): Promise<ServiceAnswer>;
  close?(): Promise<void>;
}

/** Kartra's message types for refused credentials and app (its "connecting to the API" errors). */
const CREDENTIAL_TYPES = new Set(['202', '203', '204', '233', '238', '239', '240', '242']);

interface Refusal {
  message: string;
  type: string;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const isError = (status: unknown) => typeof status === 'string' && status.toLowerCase() === 'error';

/**
 * Kartra's refusals in an answer: the call's own (`status: "Error"`), and any of a chained call's
 * actions (`actions: [{ <cmd>: { status, message, type } }]` or `[{ status, … }]`).
 */
function refusalsOf(body: unknown): Refusal[] {
  const b = recordOf(body);
  const found: Refusal[] = [];
  const add = (r: Record<string, unknown>) => {
    if (isError(r.status))
      found.push({
        message: typeof r.message === 'string' ? r.message : 'Error',
        type: String(r.type ?? ''),
      });
  };
  add(b);
  if (Array.isArray(b.actions))
    for (const entry of b.actions) {
      const e = recordOf(entry);
      if ('status' in e) add(e);
      else for (const inner of Object.values(e)) add(recordOf(inner));
    }
  return found;
}

const alreadyExists = (r: Refusal) => r.type === '244' || /already exist/i.test(r.message);

/** A list answer's names: a JSON array, or (as Kartra documents it) a JSON-encoded string of one. */
function namesOf(value: unknown): ProviderTarget[] {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      list = [];
    }
  }
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((n): n is string => typeof n === 'string' && n !== ''))].map((name) => ({
    id: name,
    name,
  }));
}

interface Failure {
  status: number;
  permanent: boolean;
  error: string;
}

/** An answer's meaning: null when Kartra did it; else whether another attempt may succeed. */
function failureOf(answer: ServiceAnswer): Failure | null {
  const notNow = notNowFailure(answer, KARTRA_NAME);
  if (notNow) return notNow;
  const { status } = answer;
  if (status < 200 || status >= 300)
    return {
      status,
      permanent: !retryable(status),
      error: `${KARTRA_NAME} answered HTTP ${status}.`,
    };
  const [refusal] = refusalsOf(answer.body);
  if (refusal)
    return {
      status,
      permanent: true,
      error: CREDENTIAL_TYPES.has(refusal.type)
        ? `${KARTRA_REFUSED} (${refusal.message})`
        : `${KARTRA_NAME} refused: ${refusal.message}`,
    };
  if (String(recordOf(answer.body).status ?? '').toLowerCase() !== 'success')
    // Not Kartra's answer (an error page through a proxy): worth another try.
    return { status, permanent: false, error: `${KARTRA_NAME} gave an answer it does not document.` };
  return null;
}

export function createKartraCore(deps: {
  transport: KartraTransport;
  sandbox: boolean;
}): IntegrationProvider {
  const { transport } = deps;

  const credentialsOf = (secrets: Record<string, string>): KartraCredentials => ({
    api_key: secrets.api_key ?? '',
    api_password: secrets.api_password ?? '',
  });

  /** One of the account's name lists (`retrieve_account_lists` / `retrieve_account_tags`). */
  async function names(credentials: KartraCredentials, kind: 'lists' | 'tags'): Promise<ProviderTarget[]> {
    const answer = await transport.call(credentials, { actions: [{ cmd: `retrieve_account_${kind}` }] });
    const failure = failureOf(answer);
    if (failure) throw new ProviderInputError(failure.error);
    return namesOf(recordOf(answer.body)[`account_${kind}`]);
  }

  return {
    meta: kartraMeta(deps.sandbox),

    async connect({ settings, previous }): Promise<ConnectResult> {
      // Editing without typing them again keeps the saved ones (the form's "leave blank").
      const apiKey = checkCredential(settings.api_key, 'API key') || previous?.secrets.api_key || '';
      const apiPassword =
        checkCredential(settings.api_password, 'API password') || previous?.secrets.api_password || '';
      if (!apiKey || !apiPassword) throw new ProviderInputError(KARTRA_CREDENTIALS_REQUIRED);
      const credentials = { api_key: apiKey, api_password: apiPassword };
      // Reading the account's lists proves the key, the password and this platform's app id.
      const answer = await transport.call(credentials, { actions: [{ cmd: 'retrieve_account_lists' }] });
      const failure = failureOf(answer);
      if (failure)
        throw new ProviderInputError(
          failure.permanent
            ? failure.error
            : `${KARTRA_NAME} did not answer: try connecting again in a moment.`,
        );
      return { settings: { api_key_hint: `…${apiKey.slice(-4)}` }, secrets: credentials };
    },

    checkCampaignSettings,

    async listTargets(connection, kind: TargetKind): Promise<ProviderTarget[]> {
      if (kind !== 'lists' && kind !== 'tags') return [];
      return names(credentialsOf(connection.secrets), kind);
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const started = performance.now();
      const checked = recheckSavedSettings(
        checkCampaignSettings,
        request.campaignSettings,
        'POST /api create_lead',
      );
      if (checked.refused) return checked.refused;
      const settings = checked.settings;
      const list = typeof settings.list_name === 'string' ? settings.list_name : null;
      const tags = (settings.tags as string[] | undefined) ?? [];
      const then: Record<string, string>[] = [
        ...(list ? [{ cmd: 'subscribe_lead_to_list', list_name: list }] : []),
        ...tags.map((tag_name) => ({ cmd: 'assign_tag', tag_name })),
      ];
      let summary = `POST /api create_lead (${list ? `list ${list}` : 'no list'}, ${tags.length} tag${tags.length === 1 ? '' : 's'})`;
      const done = (r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
        ...r,
        latencyMs: performance.now() - started,
        request: summary,
      });
      const email = emailOf(request.lead);
      if (!email) return done({ outcome: 'refused', permanent: true, error: KARTRA_NEEDS_EMAIL });
      const credentials = credentialsOf(request.connection.secrets);
      if (!credentials.api_key || !credentials.api_password)
        return done({ outcome: 'refused', permanent: true, error: KARTRA_REFUSED });
      const lead = leadFieldsOf(request.lead, email);
      let answer = await transport.call(credentials, { lead, actions: [{ cmd: 'create_lead' }, ...then] });
      if (answer.status === 200 && refusalsOf(answer.body).some(alreadyExists)) {
        summary = summary.replace('create_lead', 'create_lead → edit_lead');
        answer = await transport.call(credentials, { lead, actions: [{ cmd: 'edit_lead' }, ...then] });
      }
      const failure = failureOf(answer);
      if (!failure) return done({ outcome: 'delivered', httpStatus: answer.status });
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
