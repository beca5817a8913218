import { TtlCache } from '../../../lib/ttl-cache.js';
import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type ProviderConnection,
  ProviderInputError,
  type ProviderTarget,
} from '../provider.js';
import { recheckSavedSettings } from '../saved-settings.js';
import {
  retryable,
  type ServiceAnswer,
  type ServiceCall,
  serviceMessage,
  succeeded,
} from '../service-http.js';
import {
  CF_NAME,
  checkCampaignSettings,
  checkSubdomain,
  checkWorkspaceId,
  clickFunnelsMeta,
  contactOf,
  emailOf,
} from './settings.js';

/*
 * ClickFunnels 2.0 (decision 0104), written once over a transport that is either the real API
 * (`api.ts`: https://{subdomain}.myclickfunnels.com/api/v2 with the bearer API key) or its sandbox
 * (`sandbox.ts`: the same paths answered from local state). A lead becomes a contact by
 * `POST /workspaces/{workspace_id}/contacts/upsert` (matched by e-mail), then each of the campaign's
 * tags the contact does not carry yet is applied (`POST /contacts/{id}/applied_tags`): applying
 * adds, where the upsert's `tag_ids` would replace the contact's other tags. Tag names are found in
 * the workspace (`GET /workspaces/{id}/contacts/tags`, 20 a page) and created when missing.
 */

export const NEEDS_EMAIL = 'A ClickFunnels contact needs an e-mail address.';
export const KEY_REFUSED = 'ClickFunnels refused the API key: connect it again with a valid key.';
/** ClickFunnels' page size on list endpoints (a full page means there may be more). */
const PAGE = 20;
/** A workspace's tags are looked up once in this long per connection, not on every lead. */
const TAGS_TTL_MS = 5 * 60_000;

/** Where a call goes: the team's host and its API key. */
export interface CfTarget {
  subdomain: string;
  apiKey: string;
}

export interface CfTransport {
  call(target: CfTarget, call: ServiceCall): Promise<ServiceAnswer>;
  close?(): Promise<void>;
}

/** A refusal or no answer from ClickFunnels, with whether another attempt may succeed. */
class CfFailure extends Error {
  constructor(
    readonly status: number,
    readonly permanent: boolean,
    message: string,
  ) {
    super(message);
  }
}

function failureOf(answer: ServiceAnswer): CfFailure {
  const { status } = answer;
  if (status === 0)
    return new CfFailure(0, false, `${CF_NAME} did not answer: ${answer.message ?? 'no answer'}`);
  if (status === 429)
    return new CfFailure(429, false, `${CF_NAME} is rate limiting: the lead is sent again later.`);
  if (status === 401 || status === 403) return new CfFailure(status, true, KEY_REFUSED);
  return new CfFailure(
    status,
    !retryable(status),
    `${CF_NAME} answered HTTP ${status}: ${serviceMessage(answer.body, status, CF_NAME)}`,
  );
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** `{ id, name }` of each row of a list answer (ClickFunnels answers lists as bare arrays). */
const named = (rows: unknown): ProviderTarget[] =>
  Array.isArray(rows)
    ? rows.flatMap((r) => {
        const row = recordOf(r);
        return row.id !== undefined && typeof row.name === 'string'
          ? [{ id: String(row.id), name: row.name }]
          : [];
      })
    : [];

export function createClickFunnelsCore(deps: {
  transport: CfTransport;
  sandbox: boolean;
}): IntegrationProvider {
  const { transport } = deps;
  /** Per connection and workspace: tag name (lower case) → tag id. */
  const tagIds = new TtlCache<Map<string, string>>(TAGS_TTL_MS, 1_000);

  const targetOf = (connection: ProviderConnection): CfTarget => ({
    subdomain: String(connection.settings.subdomain ?? ''),
    apiKey: connection.secrets.api_key ?? '',
  });
  const workspaceOf = (connection: ProviderConnection) =>
    encodeURIComponent(String(connection.settings.workspace_id ?? ''));

  /** One call; anything but 2xx thrown as a CfFailure. */
  async function ask(target: CfTarget, call: ServiceCall): Promise<unknown> {
    const answer = await transport.call(target, call);
    if (!succeeded(answer)) throw failureOf(answer);
    return answer.body;
  }

  /** Every tag of the workspace, a page at a time (`after` = the last id seen). */
  async function workspaceTags(connection: ProviderConnection): Promise<ProviderTarget[]> {
    const found: ProviderTarget[] = [];
    let after: string | null = null;
    for (let page = 0; page < 250; page++) {
      const query = after ? `?${new URLSearchParams({ after })}` : '';
      const rows = named(
        await ask(targetOf(connection), {
          method: 'GET',
          path: `/workspaces/${workspaceOf(connection)}/contacts/tags${query}`,
        }),
      );
      found.push(...rows);
      if (rows.length < PAGE) break;
      after = (rows.at(-1) as ProviderTarget).id;
    }
    return found;
  }

  const cacheKey = (connection: ProviderConnection) => `${connection.id}:${workspaceOf(connection)}`;

  /** The ids of the campaign's tags in the workspace, creating the ones it does not have. */
  async function resolveTags(connection: ProviderConnection, names: readonly string[]): Promise<string[]> {
    const known = await tagIds.get(
      cacheKey(connection),
      async () => new Map((await workspaceTags(connection)).map((t) => [t.name.toLowerCase(), t.id])),
    );
    const ids: string[] = [];
    for (const name of names) {
      let id = known.get(name.toLowerCase());
      if (!id) {
        const answer = await transport.call(targetOf(connection), {
          method: 'POST',
          path: `/workspaces/${workspaceOf(connection)}/contacts/tags`,
          body: { contacts_tag: { name } },
        });
        if (answer.status === 422) {
          // Most likely made meanwhile by another delivery ("has already been taken"): look again.
          tagIds.delete(cacheKey(connection));
          const failure = failureOf(answer);
          throw new CfFailure(422, false, failure.message);
        }
        if (!succeeded(answer)) throw failureOf(answer);
        const created = recordOf(answer.body);
        if (created.id === undefined)
          throw new CfFailure(502, false, `${CF_NAME} created the tag “${name}” but did not say its id.`);
        id = String(created.id);
        known.set(name.toLowerCase(), id);
      }
      ids.push(id);
    }
    return ids;
  }

  async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
    const started = performance.now();
    const { connection } = request;
    const checked = recheckSavedSettings(
      checkCampaignSettings,
      request.campaignSettings,
      'POST /contacts/upsert',
    );
    if (checked.refused) return checked.refused;
    const tags = (checked.settings.tags as string[] | undefined) ?? [];
    const workspace = workspaceOf(connection);
    let applied = 0;
    const summary = () =>
      `POST /workspaces/${workspace}/contacts/upsert (${tags.length} tag${tags.length === 1 ? '' : 's'}, ${applied} applied)`;
    const done = (r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
      ...r,
      latencyMs: performance.now() - started,
      request: summary(),
    });
    const email = emailOf(request.lead);
    if (!email) return done({ outcome: 'refused', permanent: true, error: NEEDS_EMAIL });
    if (!targetOf(connection).apiKey)
      return done({ outcome: 'refused', permanent: true, error: KEY_REFUSED });

    let status = 0;
    try {
      const ids = tags.length > 0 ? await resolveTags(connection, tags) : [];
      const upsert = await transport.call(targetOf(connection), {
        method: 'POST',
        path: `/workspaces/${workspace}/contacts/upsert`,
        body: contactOf(request.lead, email),
        idempotencyKey: request.idempotencyKey,
      });
      if (!succeeded(upsert)) throw failureOf(upsert);
      status = upsert.status;
      const contact = recordOf(upsert.body);
      if (contact.id === undefined)
        throw new CfFailure(502, false, `${CF_NAME} upserted the contact but did not say its id.`);
      // Tags the contact already carries (a repeated delivery) are not applied twice.
      const has = new Set(named(contact.tags).map((t) => t.id));
      for (const id of ids.filter((t) => !has.has(t))) {
        const answer = await transport.call(targetOf(connection), {
          method: 'POST',
          path: `/contacts/${encodeURIComponent(String(contact.id))}/applied_tags`,
          body: { contacts_applied_tag: { tag_id: /^\d+$/.test(id) ? Number(id) : id } },
        });
        if (answer.status === 404) {
          // The tag was deleted in ClickFunnels since it was looked up: look again next attempt.
          tagIds.delete(cacheKey(connection));
          throw new CfFailure(
            404,
            false,
            `${CF_NAME} no longer has one of the campaign's tags: it is looked up again.`,
          );
        }
        // Applied meanwhile by another delivery of the same person: what we wanted.
        const already =
          answer.status === 422 && /already|taken/i.test(serviceMessage(answer.body, 422, CF_NAME));
        if (!succeeded(answer) && !already) throw failureOf(answer);
        applied++;
      }
      return done({ outcome: 'delivered', httpStatus: status });
    } catch (err) {
      if (!(err instanceof CfFailure)) throw err;
      return done({
        outcome: 'failed',
        permanent: err.permanent,
        httpStatus: err.status || undefined,
        error: err.message,
      });
    }
  }

  return {
    meta: clickFunnelsMeta(deps.sandbox),

    async connect({ settings, previous }): Promise<ConnectResult> {
      const given = (name: string) =>
        settings[name] !== undefined ? settings[name] : previous?.settings[name];
      const subdomain = checkSubdomain(given('subdomain'));
      const workspaceId = checkWorkspaceId(given('workspace_id'));
      const typed = typeof settings.api_key === 'string' ? settings.api_key.trim() : '';
      // A blank key on an edit keeps the saved one (the form never shows it back).
      const apiKey = typed || previous?.secrets.api_key || '';
      if (!apiKey) throw new ProviderInputError('Enter your ClickFunnels API key.');
      if (apiKey.length > 500 || /\s/.test(apiKey))
        throw new ProviderInputError('That is not a ClickFunnels API key.');
      // Asking for the workspace proves the key, the subdomain and the workspace together.
      const answer = await transport.call(
        { subdomain, apiKey },
        { method: 'GET', path: `/workspaces/${encodeURIComponent(workspaceId)}` },
      );
      if (!succeeded(answer)) {
        const { status } = answer;
        throw new ProviderInputError(
          status === 401 || status === 403
            ? `ClickFunnels refused the API key for ${subdomain}.myclickfunnels.com: check the key and the subdomain.`
            : status === 404
              ? `ClickFunnels has no workspace ${workspaceId} that this API key can reach.`
              : retryable(status)
                ? 'ClickFunnels did not answer: try again in a moment.'
                : `ClickFunnels refused: ${serviceMessage(answer.body, status, CF_NAME)}`,
        );
      }
      const workspace = recordOf(answer.body);
      tagIds.clear();
      return {
        settings: {
          subdomain,
          workspace_id: workspaceId,
          workspace_name: typeof workspace.name === 'string' ? workspace.name : workspaceId,
        },
        secrets: { api_key: apiKey },
      };
    },

    checkCampaignSettings,

    async listTargets(connection, kind): Promise<ProviderTarget[]> {
      if (kind !== 'tags') return [];
      try {
        const tags = await workspaceTags(connection);
        tagIds.delete(cacheKey(connection));
        return tags;
      } catch (err) {
        if (err instanceof CfFailure) throw new ProviderInputError(err.message);
        throw err;
      }
    },

    deliver,

    async close() {
      await transport.close?.();
    },
  };
}
