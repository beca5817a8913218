import { CHANGES_SAVED, NOT_CONNECTED, UNKNOWN_PROVIDER } from '@app/contracts';
import { badRequest, notFound } from '../../http-errors.js';
import { ProviderInputError } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import type { ConnectionRepository } from './connection-repository.js';

/** Whose a campaign is (the campaigns module's answer). */
export type CampaignOwners = (
  campaignId: number,
) => Promise<{ clientId: number; agencyId: number; name: string } | null>;

/**
 * A campaign's integrations: each connection of its client and of its agency, on unless the
 * campaign turned it off, with the campaign's own settings for it (tags, a list, its own webhook
 * URL). The campaign scope was checked by the route.
 */
export function createCampaignIntegrations(deps: {
  connections: ConnectionRepository;
  providers: ProviderRegistry;
  owners: CampaignOwners;
}) {
  const ownersOf = async (campaignId: number) => {
    const owners = await deps.owners(campaignId);
    if (!owners) throw notFound();
    return owners;
  };

  return {
    async list(campaignId: number) {
      const owners = await ownersOf(campaignId);
      const [rows, chosen] = await Promise.all([
        deps.connections.ofCompanies([owners.clientId, owners.agencyId]),
        deps.connections.campaignSettings(campaignId),
      ]);
      const byConnection = new Map(chosen.map((c) => [c.connection_id, c]));
      return {
        data: rows.flatMap((row) => {
          const provider = deps.providers.get(row.provider);
          if (!provider) return [];
          const mine = byConnection.get(row.id);
          return [
            {
              slug: row.provider,
              name: provider.meta.name,
              connection_id: row.id,
              from_agency: row.company_id === owners.agencyId,
              enabled: mine?.enabled ?? true,
              settings: mine?.settings ?? {},
              campaign_fields: provider.meta.campaignFields.map((f) => ({ ...f })),
            },
          ];
        }),
      };
    },

    async save(input: {
      campaign_id: number;
      slug: string;
      enabled: boolean;
      settings: Record<string, unknown>;
    }) {
      const provider = deps.providers.get(input.slug);
      if (!provider) throw notFound(UNKNOWN_PROVIDER);
      const owners = await ownersOf(input.campaign_id);
      // The client's own connection, else its agency's.
      const connection =
        (await deps.connections.find(owners.clientId, input.slug)) ??
        (await deps.connections.find(owners.agencyId, input.slug));
      if (!connection) throw badRequest(NOT_CONNECTED);
      let settings: Record<string, unknown>;
      try {
        // A provider may seal what it keeps (AgencyZoom's campaign URL, decision 0106): awaited.
        settings = provider.checkCampaignSettings ? await provider.checkCampaignSettings(input.settings) : {};
      } catch (err) {
        if (err instanceof ProviderInputError) throw badRequest(err.message);
        throw err;
      }
      await deps.connections.saveCampaignSettings({
        campaignId: input.campaign_id,
        connectionId: connection.id,
        enabled: input.enabled,
        settings,
      });
      return { result: 'success' as const, message: CHANGES_SAVED };
    },

    /**
     * The webhooks a campaign's leads go to: for the client's and the agency's connection to a
     * URL provider (the webhook, AgencyZoom), its URL (the campaign's own, else the connection's),
     * the campaign's own URL and tags, and whether the campaign has it on.
     */
    async webhooksOf(campaignId: number, slug = 'webhook') {
      const owners = await ownersOf(campaignId);
      const [rows, chosen] = await Promise.all([
        deps.connections.ofCompanies([owners.clientId, owners.agencyId]),
        deps.connections.campaignSettings(campaignId),
      ]);
      const byConnection = new Map(chosen.map((c) => [c.connection_id, c]));
      return rows
        .filter((row) => row.provider === slug)
        .map((row) => {
          const mine = byConnection.get(row.id);
          const own = typeof mine?.settings.url === 'string' ? mine.settings.url : '';
          return {
            company_id: row.company_id,
            connection_id: row.id,
            from_agency: row.company_id === owners.agencyId,
            enabled: mine?.enabled ?? true,
            url: own || String(row.settings.url ?? ''),
            own_url: own || null,
            tags: Array.isArray(mine?.settings.tags) ? mine.settings.tags.map(String) : [],
            status: row.status,
          };
        });
    },
  };
}

export type CampaignIntegrations = ReturnType<typeof createCampaignIntegrations>;
