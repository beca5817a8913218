import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  ProviderInputError,
  type ProviderTarget,
} from '../provider.js';
import { recheckSavedSettings } from '../saved-settings.js';
import {
  notNowFailure,
  retryable,
  type ServiceAnswer,
  type ServiceCall,
  serviceMessage,
  succeeded,
} from '../service-http.js';
import {
  checkCampaignSettings,
  checkGroupId,
  contactOf,
  MBP_NAME,
  mailboxPowerMeta,
  NEEDS_REACH,
  NO_GROUP,
  reachable,
} from './settings.js';

/*
 * Mailbox Power, the mailbox groups (decision 0104), written once over a transport that is the real
 * API (`api.ts`) or its sandbox (`sandbox.ts`): the account's groups (`GET /clienttether/contacts/groups`,
 * the call Mailbox Power's connection check makes) and a lead added to a group as a contact
 * (`POST /clienttether/contacts` with `group_id`). Only the groups call and the `APIKEY` header are
 * evidenced publicly; the contact call is the most plausible shape, and the API's address is a
 * deployment setting (see the decision).
 */

export const MBP_GROUPS_PATH = '/clienttether/contacts/groups';
export const MBP_CONTACTS_PATH = '/clienttether/contacts';
export const KEY_REFUSED = 'Mailbox Power refused the API key: connect it again with a valid key.';

export interface MbpTransport {
  call(apiKey: string, call: ServiceCall): Promise<ServiceAnswer>;
  close?(): Promise<void>;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The groups in an answer, whichever common shape it has: a list, or `{ data }` / `{ groups }`; each
 * group's id as `id`, `group_id` or `groupId`, its name as `name`, `group_name` or `title`.
 */
export function groupsOf(body: unknown): ProviderTarget[] {
  const b = recordOf(body);
  const rows = Array.isArray(body)
    ? body
    : Array.isArray(b.data)
      ? b.data
      : Array.isArray(b.groups)
        ? b.groups
        : [];
  return rows.flatMap((r) => {
    const row = recordOf(r);
    const id = row.id ?? row.group_id ?? row.groupId;
    const name = row.name ?? row.group_name ?? row.title;
    return id !== undefined && id !== null && typeof name === 'string' ? [{ id: String(id), name }] : [];
  });
}

/** What an answer means for a delivery: permanent unless another attempt may succeed. */
function failureOf(answer: ServiceAnswer): { status: number; permanent: boolean; error: string } {
  const notNow = notNowFailure(answer, MBP_NAME);
  if (notNow) return notNow;
  const { status } = answer;
  if (status === 401 || status === 403) return { status, permanent: true, error: KEY_REFUSED };
  return {
    status,
    permanent: !retryable(status),
    error: `${MBP_NAME} answered HTTP ${status}: ${serviceMessage(answer.body, status, MBP_NAME)}`,
  };
}

export function createMailboxPowerCore(deps: {
  transport: MbpTransport;
  sandbox: boolean;
}): IntegrationProvider {
  const { transport } = deps;

  async function groups(apiKey: string): Promise<ProviderTarget[]> {
    const answer = await transport.call(apiKey, { method: 'GET', path: MBP_GROUPS_PATH });
    if (!succeeded(answer)) throw new ProviderInputError(failureOf(answer).error);
    return groupsOf(answer.body);
  }

  async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
    const started = performance.now();
    const checked = recheckSavedSettings(
      checkCampaignSettings,
      request.campaignSettings,
      `POST ${MBP_CONTACTS_PATH}`,
    );
    if (checked.refused) return checked.refused;
    const campaign = checked.settings;
    const group =
      (campaign.group_id as string | undefined) ?? checkGroupId(request.connection.settings.group_id);
    const done = (r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
      ...r,
      latencyMs: performance.now() - started,
      request: `POST ${MBP_CONTACTS_PATH} (group ${group ?? 'none'})`,
    });
    if (!group) return done({ outcome: 'refused', permanent: true, error: NO_GROUP });
    const apiKey = request.connection.secrets.api_key;
    if (!apiKey) return done({ outcome: 'refused', permanent: true, error: KEY_REFUSED });
    const contact = contactOf(request.lead, group);
    if (!reachable(contact)) return done({ outcome: 'refused', permanent: true, error: NEEDS_REACH });
    const answer = await transport.call(apiKey, {
      method: 'POST',
      path: MBP_CONTACTS_PATH,
      body: contact,
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
  }

  return {
    meta: mailboxPowerMeta(deps.sandbox),

    async connect({ settings, previous }): Promise<ConnectResult> {
      const typed = typeof settings.api_key === 'string' ? settings.api_key.trim() : '';
      // A blank key on an edit keeps the saved one (the form never shows it back).
      const apiKey = typed || previous?.secrets.api_key || '';
      if (!apiKey) throw new ProviderInputError('Enter your Mailbox Power API key.');
      if (apiKey.length > 500 || /\s/.test(apiKey))
        throw new ProviderInputError('That is not a Mailbox Power API key.');
      const groupId = checkGroupId(settings.group_id);
      // Reading the groups proves the key (it is the call Mailbox Power's own connection check makes).
      const answer = await transport.call(apiKey, { method: 'GET', path: MBP_GROUPS_PATH });
      if (!succeeded(answer)) {
        const { status } = answer;
        throw new ProviderInputError(
          status === 401 || status === 403
            ? 'Mailbox Power refused the API key: check it and try again.'
            : retryable(status)
              ? 'Mailbox Power did not answer: try again in a moment.'
              : `Mailbox Power refused: ${serviceMessage(answer.body, status, MBP_NAME)}`,
        );
      }
      const group = groupId ? groupsOf(answer.body).find((g) => g.id === groupId) : null;
      if (groupId && !group) throw new ProviderInputError('Choose one of your Mailbox Power groups.');
      return {
        settings: { group_id: group?.id ?? null, group_name: group?.name ?? null },
        secrets: { api_key: apiKey },
      };
    },

    checkCampaignSettings,

    async listTargets(connection, kind): Promise<ProviderTarget[]> {
      if (kind !== 'groups') return [];
      return groups(connection.secrets.api_key ?? '');
    },

    deliver,

    async close() {
      await transport.close?.();
    },
  };
}
