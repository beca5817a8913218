import {
  type PublicCampaignWebhookSet,
  type PublicCampaignWebhooks,
  type PublicWebhookEndpoint,
  type PublicWebhookEndpointCreate,
  type PublicWebhookEndpointUpdate,
  WEBHOOK_ENDPOINT_TEXTS,
} from '@app/contracts';
import { badRequest, HttpError } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { CampaignIntegrations } from './campaign-integrations.js';
import type { ConnectionRepository, ConnectionRow } from './connection-repository.js';
import type { ManageConnections } from './manage-connections.js';

const WEBHOOK = 'webhook';
const iso = (value: Date | string) => new Date(value).toISOString();
const tagsOf = (settings: Record<string, unknown> | undefined) =>
  Array.isArray(settings?.tags) ? settings.tags.map(String) : [];

/**
 * The Open API's webhook endpoints (decision 0106): a company's webhook connection and its
 * campaigns' own URLs, as a key sees them — through this module's own connect, edit and disconnect
 * (the provider checks the URL, the secret is sealed, every change is logged), so an endpoint made
 * by a key is the same connection a person sees on /integrations. The company and the campaign
 * were checked against the key's scope by the route.
 */
export function createWebhookEndpoints(deps: {
  connections: Pick<ConnectionRepository, 'find' | 'campaignSettingsOfConnection'>;
  manage: Pick<ManageConnections, 'save' | 'disconnect' | 'unsealed'>;
  campaigns: Pick<CampaignIntegrations, 'list' | 'save' | 'webhooksOf'>;
}) {
  const { connections, manage } = deps;

  async function view(row: ConnectionRow): Promise<PublicWebhookEndpoint> {
    const own = await connections.campaignSettingsOfConnection(row.id);
    return {
      company_id: row.company_id,
      url: String(row.settings.url ?? ''),
      tags: tagsOf(row.settings),
      status: row.status === 'paused' ? 'paused' : 'active',
      paused_reason: row.paused_reason,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      campaign_urls: own.map((c) => ({
        campaign_id: c.campaign_id,
        url: typeof c.settings.url === 'string' && c.settings.url ? c.settings.url : null,
        tags: tagsOf(c.settings),
        enabled: c.enabled,
      })),
    };
  }

  /** The company's endpoint; none is a 400 with the reason (the id itself was in scope). */
  async function endpointOf(companyId: number): Promise<ConnectionRow> {
    const row = await connections.find(companyId, WEBHOOK);
    if (!row) throw badRequest(WEBHOOK_ENDPOINT_TEXTS.none);
    return row;
  }

  async function campaignWebhooks(campaignId: number): Promise<PublicCampaignWebhooks> {
    const hooks = await deps.campaigns.webhooksOf(campaignId, WEBHOOK);
    return {
      campaign_id: campaignId,
      data: hooks.map((h) => ({
        company_id: h.company_id,
        from_agency: h.from_agency,
        enabled: h.enabled,
        url: h.url,
        own_url: h.own_url,
        tags: h.tags,
        status: h.status,
      })),
    };
  }

  /** The campaign's settings on the connection its own settings are saved to (client's, else agency's). */
  async function currentCampaignSettings(campaignId: number) {
    const { data } = await deps.campaigns.list(campaignId);
    const hooks = data.filter((d) => d.slug === WEBHOOK);
    return hooks.find((d) => !d.from_agency) ?? hooks[0] ?? null;
  }

  return {
    async list(companyId: number) {
      const row = await connections.find(companyId, WEBHOOK);
      return { data: row ? [await view(row)] : [] };
    },

    /** Connects the company's webhook; the signing secret is in this answer and never again. */
    async create(p: Principal, companyId: number, input: PublicWebhookEndpointCreate, ip: string) {
      if (await connections.find(companyId, WEBHOOK))
        throw new HttpError(409, 'conflict', WEBHOOK_ENDPOINT_TEXTS.exists);
      await manage.save(
        p,
        { company_id: companyId, slug: WEBHOOK, settings: { url: input.url, tags: input.tags ?? [] } },
        ip,
      );
      const row = await endpointOf(companyId);
      const secret = (await manage.unsealed(row)).secrets.signingSecret ?? '';
      return { ...(await view(row)), signing_secret: secret };
    },

    /** A new URL or tags (checked again by the provider); as on the page, saving resumes a paused one. */
    async update(p: Principal, companyId: number, input: PublicWebhookEndpointUpdate, ip: string) {
      const row = await endpointOf(companyId);
      await manage.save(
        p,
        {
          company_id: companyId,
          slug: WEBHOOK,
          settings: {
            url: input.url ?? String(row.settings.url ?? ''),
            tags: input.tags ?? tagsOf(row.settings),
          },
        },
        ip,
      );
      return view(await endpointOf(companyId));
    },

    /** Disconnects it: leads not yet delivered to it are given up, as on the integrations page. */
    async remove(p: Principal, companyId: number, ip: string) {
      await endpointOf(companyId);
      await manage.disconnect(p, companyId, WEBHOOK, ip);
      return { company_id: companyId, deleted: true as const };
    },

    campaignWebhooks,

    /** The campaign's own URL (tags, on/off) on its client's endpoint, else its agency's. */
    async setCampaignUrl(campaignId: number, input: PublicCampaignWebhookSet) {
      const current = await currentCampaignSettings(campaignId);
      await deps.campaigns.save({
        campaign_id: campaignId,
        slug: WEBHOOK,
        enabled: input.enabled ?? current?.enabled ?? true,
        settings: { url: input.url, tags: input.tags ?? tagsOf(current?.settings) },
      });
      return campaignWebhooks(campaignId);
    },

    /** The campaign's own URL forgotten: its leads go to the endpoint's URL again (tags and on/off kept). */
    async clearCampaignUrl(campaignId: number) {
      const current = await currentCampaignSettings(campaignId);
      await deps.campaigns.save({
        campaign_id: campaignId,
        slug: WEBHOOK,
        enabled: current?.enabled ?? true,
        settings: { tags: tagsOf(current?.settings) },
      });
      return campaignWebhooks(campaignId);
    },
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
