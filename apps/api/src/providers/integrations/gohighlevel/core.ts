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
import { recheckSavedSettings } from '../saved-settings.js';
import { createAgencyCalls, type GhlAgencyCalls } from './agency-calls.js';
import { LINKS_KEY, linkedLocationOf } from './subaccount-links.js';
import { createTokenCalls, failureOf, secretsOf } from './token-calls.js';
import type { ApiAnswer, GhlTransport } from './transport.js';

/*
 * GoHighLevel (LeadConnector API v2), decision 0097. The provider's logic is written once, here, over
 * a transport that is either the real API (`api.ts`: HTTP through undici, OAuth through
 * oauth4webapi) or the sandbox (`sandbox.ts`: the same calls answered from local state, with the
 * same statuses and messages). So token refresh, error mapping, validation and the contact's shape
 * are the same code whichever one a deployment runs.
 */

export const GHL_SLUG = 'gohighlevel';
export const NEEDS_EMAIL_OR_PHONE = 'A GoHighLevel contact needs an e-mail or a phone number.';
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

export {
  type ApiAnswer,
  type ApiCall,
  type GhlTokens,
  type GhlTransport,
  messageOf,
  SIGN_IN_AGAIN,
  type TokenAnswer,
} from './transport.js';

/** The provider, with what an agency-level connection does beyond deliveries (decision 0109). */
export type GoHighLevelProvider = IntegrationProvider & { agency: GhlAgencyCalls };

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

export function createGoHighLevelCore(deps: {
  transport: GhlTransport;
  sandbox: boolean;
  now?: () => Date;
}): GoHighLevelProvider {
  const { transport } = deps;
  const now = deps.now ?? (() => new Date());
  const calls = createTokenCalls({ transport, now });
  const withToken = calls.call;

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
      async completeAuthorization({
        code,
        redirectUri,
        codeVerifier,
        previousSettings,
      }): Promise<ConnectResult> {
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
        const companyId = tokens.companyId ?? (typeof found?.companyId === 'string' ? found.companyId : null);
        // Signed in again to the same agency: its sub-accounts stay the clients they were made into.
        const links =
          companyId !== null && previousSettings?.company_id === companyId
            ? previousSettings[LINKS_KEY]
            : undefined;
        return {
          settings: {
            location_id: tokens.locationId,
            location_name: typeof found?.name === 'string' ? found.name : tokens.locationId,
            company_id: companyId,
            user_type: tokens.userType ?? 'Location',
            ...(links ? { [LINKS_KEY]: links } : {}),
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
      const checked = recheckSavedSettings(
        checkCampaignSettings,
        request.campaignSettings,
        'POST /contacts/upsert',
      );
      if (checked.refused) return checked.refused;
      const settings = checked.settings;
      // The campaign's sub-account; else, through an agency's connection, the one its client was made
      // from (decision 0109); else the one the connection signed in with.
      const locationId = String(
        settings.location_id ??
          linkedLocationOf(request.connection.settings, request.clientCompanyId) ??
          request.connection.settings.location_id ??
          '',
      );
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

    agency: createAgencyCalls(calls),

    ...(transport.page ? { page: transport.page } : {}),
  };
}
