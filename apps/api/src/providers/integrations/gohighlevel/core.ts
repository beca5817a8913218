import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type LeadPayload,
  type ProviderConnection,
  ProviderInputError,
  type ProviderMeta,
  type ProviderTarget,
  type TargetKind,
} from '../provider.js';

/*
 * GoHighLevel (LeadConnector API v2), decision 0097. The provider's logic is written once, here, over
 * a transport that is either the real API (`api.ts`: HTTP through undici, OAuth through
 * oauth4webapi) or the sandbox (`sandbox.ts`: the same calls answered from local state, with the
 * same statuses and messages). So token refresh, error mapping, validation and the contact's shape
 * are the same code whichever one a deployment runs.
 */

export const GHL_SLUG = 'gohighlevel';
export const SIGN_IN_AGAIN = 'Sign in to GoHighLevel again: the connection was refused.';
export const NEEDS_EMAIL_OR_PHONE = 'A GoHighLevel contact needs an e-mail or a phone number.';
/** Refreshed this long before the access token expires (GoHighLevel's last 24 hours). */
const REFRESH_MARGIN_MS = 5 * 60_000;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** What the token endpoint answers (`user_type=Location`). */
export interface GhlTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  locationId?: string;
  companyId?: string;
  userType?: string;
}

/** A token endpoint's answer: tokens, or why not (status 0: no answer). */
export type TokenAnswer =
  | { ok: true; tokens: GhlTokens }
  | { ok: false; status: number; error: string; message: string };

/** An API call's answer: the status (0 when there was no answer) and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Why there was no answer (status 0). */
  message?: string;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under the API base, with its query string (`/locations/search?companyId=…`). */
  path: string;
  body?: unknown;
  idempotencyKey?: string;
}

/** GoHighLevel as the provider sees it: the OAuth endpoints and the API. */
export interface GhlTransport {
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenAnswer>;
  refresh(refreshToken: string): Promise<TokenAnswer>;
  call(accessToken: string, request: ApiCall): Promise<ApiAnswer>;
  /** Revokes the connection's tokens (the sandbox; GoHighLevel has no revocation endpoint). */
  revoke?(secrets: Record<string, string>): Promise<void>;
  /** The consent page, when the transport serves it (the sandbox). */
  page?: FastifyPluginAsyncZod;
}

export function gohighlevelMeta(sandbox: boolean): ProviderMeta {
  return {
    slug: GHL_SLUG,
    name: 'GoHighLevel (CRM)',
    kind: 'crm',
    auth: 'oauth',
    description: sandbox
      ? 'Sandbox: each lead becomes a contact in a sandbox GoHighLevel sub-account (no real CRM), with the campaign’s tags.'
      : 'Each lead becomes a contact in your GoHighLevel sub-account the moment it is found, with the campaign’s tags.',
    connectFields: [],
    campaignFields: [
      {
        name: 'tags',
        label: 'Tags for each contact',
        type: 'tags',
        required: false,
        targets: 'tags',
        help: 'Tags GoHighLevel does not have yet are created.',
      },
      {
        name: 'location_id',
        label: 'Sub-account',
        type: 'select',
        required: false,
        targets: 'subaccounts',
        help: 'Leave empty to use the sub-account you signed in with.',
      },
    ],
    targetKinds: ['tags', 'subaccounts'],
    sandbox,
  };
}

/** Tags as GoHighLevel keeps them: trimmed, lower case, once each. */
export function normaliseTags(value: unknown): string[] {
  const list =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map((v) => String(v)) : [];
  const tags = [...new Set(list.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  if (tags.length > MAX_TAGS) throw new ProviderInputError(`Choose at most ${MAX_TAGS} tags.`);
  if (tags.some((t) => t.length > MAX_TAG_LENGTH))
    throw new ProviderInputError(`A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}

export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const tags = normaliseTags(settings.tags);
  if (tags.length > 0) out.tags = tags;
  const location = settings.location_id;
  if (location !== undefined && location !== null && location !== '') {
    if (typeof location !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(location))
      throw new ProviderInputError('Choose one of the GoHighLevel sub-accounts.');
    out.location_id = location;
  }
  return out;
}

/** The body of `POST /contacts/upsert` for a lead (GoHighLevel matches the contact by e-mail, then phone). */
export function contactOf(lead: LeadPayload, locationId: string, tags: string[]) {
  const email = lead.emails
    .find((e) => e.trim() !== '')
    ?.trim()
    .toLowerCase();
  const phone = lead.phones.find((p) => p.trim() !== '')?.trim();
  return {
    locationId,
    firstName: lead.first_name || undefined,
    lastName: lead.last_name || undefined,
    email,
    phone,
    address1: lead.address.street || undefined,
    city: lead.address.city || undefined,
    state: lead.address.state || undefined,
    postalCode: lead.address.zip || undefined,
    tags,
    source: lead.campaign.name ? `${lead.campaign.name} (${lead.campaign.id})` : lead.campaign.id,
  };
}

/** The message of a GoHighLevel error body (`{ statusCode, message: string | string[] }`). */
export function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; msg?: unknown };
    const m = b.message ?? b.msg ?? b.error;
    if (Array.isArray(m)) return m.map(String).join('; ').slice(0, 500);
    if (typeof m === 'string' && m) return m.slice(0, 500);
  }
  return `GoHighLevel answered HTTP ${status}.`;
}

const secretsOf = (tokens: GhlTokens, now: Date): Record<string, string> => ({
  access_token: tokens.access_token,
  refresh_token: tokens.refresh_token,
  expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
});

type Refreshed = { ok: true; secrets: Record<string, string> } | { ok: false; result: Failure };
type Failure = { permanent: boolean; status: number; error: string };

export function createGoHighLevelCore(deps: {
  transport: GhlTransport;
  sandbox: boolean;
  now?: () => Date;
}): IntegrationProvider {
  const { transport } = deps;
  const now = deps.now ?? (() => new Date());
  /*
   * A refresh token is good once. Deliveries in flight at the same time for one connection share
   * one refresh (by the token they hold), and one just made is reused by those that still hold the
   * old secrets, for a few minutes.
   */
  const refreshing = new Map<string, { at: number; answer: Promise<Refreshed> }>();

  function refresh(secrets: Record<string, string>, save: (s: Record<string, string>) => Promise<void>) {
    const old = secrets.refresh_token ?? '';
    for (const [key, entry] of refreshing) if (Date.now() - entry.at > 5 * 60_000) refreshing.delete(key);
    const known = refreshing.get(old);
    if (known) return known.answer;
    const answer = (async (): Promise<Refreshed> => {
      if (!old) return { ok: false, result: { permanent: true, status: 401, error: SIGN_IN_AGAIN } };
      const got = await transport.refresh(old);
      if (!got.ok) {
        // invalid_grant and its kin: the person must sign in again; no answer or 5xx: later.
        const later = got.status === 0 || got.status === 429 || got.status >= 500;
        return {
          ok: false,
          result: {
            permanent: !later,
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
  async function withToken(
    connection: ProviderConnection,
    save: (s: Record<string, string>) => Promise<void>,
    request: ApiCall,
  ): Promise<{ ok: true; answer: ApiAnswer } | { ok: false; result: Failure }> {
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

  /** The status's meaning: 2xx fine; 429, 5xx and no answer retryable; any other refusal permanent. */
  const failureOf = (answer: ApiAnswer): Failure => ({
    permanent: !(answer.status === 0 || answer.status === 429 || answer.status >= 500),
    status: answer.status,
    error:
      answer.status === 0
        ? `GoHighLevel did not answer: ${answer.message ?? 'no answer'}`
        : answer.status === 429
          ? 'GoHighLevel is rate limiting: the lead is sent again later.'
          : `GoHighLevel answered HTTP ${answer.status}: ${messageOf(answer.body, answer.status)}`,
  });

  async function targetsGet(
    connection: ProviderConnection,
    save: (s: Record<string, string>) => Promise<void>,
    path: string,
  ): Promise<unknown> {
    const got = await withToken(connection, save, { method: 'GET', path });
    const failure = got.ok
      ? got.answer.status >= 200 && got.answer.status < 300
        ? null
        : failureOf(got.answer)
      : got.result;
    if (failure) throw new ProviderInputError(failure.error);
    return (got as { answer: ApiAnswer }).answer.body;
  }

  const named = (rows: unknown): ProviderTarget[] =>
    Array.isArray(rows)
      ? rows.flatMap((r) =>
          r && typeof r === 'object' && 'id' in r && 'name' in r
            ? [{ id: String((r as { id: unknown }).id), name: String((r as { name: unknown }).name) }]
            : [],
        )
      : [];

  return {
    meta: gohighlevelMeta(deps.sandbox),

    async connect({ previous }): Promise<ConnectResult> {
      // Connected by signing in (OAuth); the settings are what the sign-in chose.
      if (!previous?.secrets.access_token)
        throw new ProviderInputError('Connect GoHighLevel by signing in to it.');
      return { settings: previous.settings, secrets: previous.secrets };
    },

    async disconnect(connection) {
      await transport.revoke?.(connection.secrets);
    },

    checkCampaignSettings,

    oauth: {
      async authorizationUrl(input) {
        return transport.authorizationUrl(input);
      },
      async completeAuthorization({ code, redirectUri, codeVerifier }): Promise<ConnectResult> {
        const got = await transport.exchangeCode({ code, redirectUri, codeVerifier });
        if (!got.ok)
          throw new ProviderInputError(
            got.status === 0 || got.status >= 500
              ? 'GoHighLevel did not answer: try connecting again in a moment.'
              : `GoHighLevel refused the sign-in: ${got.message}`,
          );
        const { tokens } = got;
        if (!tokens.locationId)
          throw new ProviderInputError('Choose a GoHighLevel sub-account (location) when you sign in.');
        const secrets = secretsOf(tokens, now());
        const location = await transport.call(tokens.access_token, {
          method: 'GET',
          path: `/locations/${encodeURIComponent(tokens.locationId)}`,
        });
        const found = (location.body as { location?: { name?: unknown; companyId?: unknown } } | null)
          ?.location;
        return {
          settings: {
            location_id: tokens.locationId,
            location_name: typeof found?.name === 'string' ? found.name : tokens.locationId,
            company_id: tokens.companyId ?? (typeof found?.companyId === 'string' ? found.companyId : null),
            user_type: tokens.userType ?? 'Location',
          },
          secrets,
        };
      },
    },

    async listTargets(connection, kind: TargetKind, saveSecrets): Promise<ProviderTarget[]> {
      if (kind === 'tags') {
        const location = String(connection.settings.location_id ?? '');
        const body = await targetsGet(
          connection,
          saveSecrets,
          `/locations/${encodeURIComponent(location)}/tags`,
        );
        return named((body as { tags?: unknown } | null)?.tags);
      }
      if (kind === 'subaccounts') {
        const companyId = String(connection.settings.company_id ?? '');
        const found: ProviderTarget[] = [];
        const limit = 100;
        // Every sub-account, a page at a time (an agency of a thousand is ten calls).
        for (let skip = 0; skip < 5_000; skip += limit) {
          const body = await targetsGet(
            connection,
            saveSecrets,
            `/locations/search?${new URLSearchParams({ companyId, skip: String(skip), limit: String(limit) })}`,
          );
          const page = named((body as { locations?: unknown } | null)?.locations);
          found.push(...page);
          if (page.length < limit) break;
        }
        return found;
      }
      return [];
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const started = performance.now();
      let settings: Record<string, unknown>;
      try {
        settings = checkCampaignSettings(request.campaignSettings ?? {});
      } catch (err) {
        // Settings saved before a rule changed: nothing is sent until the campaign's are fixed.
        return {
          outcome: 'refused',
          permanent: true,
          latencyMs: 0,
          error: err instanceof Error ? err.message : String(err),
          request: 'POST /contacts/upsert (not sent)',
        };
      }
      const locationId = String(settings.location_id ?? request.connection.settings.location_id ?? '');
      const contact = contactOf(request.lead, locationId, (settings.tags as string[] | undefined) ?? []);
      const summary = `POST /contacts/upsert (location ${locationId || 'none'}, ${contact.tags.length} tag${contact.tags.length === 1 ? '' : 's'})`;
      const done = (r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
        ...r,
        latencyMs: performance.now() - started,
        request: summary,
      });
      if (!locationId)
        return done({
          outcome: 'refused',
          permanent: true,
          error: 'No GoHighLevel sub-account is chosen: connect it again.',
        });
      if (!contact.email && !contact.phone)
        return done({ outcome: 'refused', permanent: true, error: NEEDS_EMAIL_OR_PHONE });
      const got = await withToken(request.connection, request.saveSecrets, {
        method: 'POST',
        path: '/contacts/upsert',
        body: contact,
        idempotencyKey: request.idempotencyKey,
      });
      if (!got.ok)
        return done({
          outcome: 'failed',
          permanent: got.result.permanent,
          httpStatus: got.result.status || undefined,
          error: got.result.error,
        });
      const { answer } = got;
      if (answer.status >= 200 && answer.status < 300)
        return done({ outcome: 'delivered', httpStatus: answer.status });
      const failure = failureOf(answer);
      return done({
        outcome: 'failed',
        permanent: failure.permanent,
        httpStatus: answer.status || undefined,
        error: failure.error,
      });
    },

    ...(transport.page ? { page: transport.page } : {}),
  };
}
