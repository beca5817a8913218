import {
  CHANGES_SAVED,
  type ConnectionView,
  INTEGRATION_DISCONNECTED,
  type IntegrationsOverview,
  NOT_CONNECTED,
  type ProviderView,
  type SaveIntegrationRequest,
  UNKNOWN_PROVIDER,
} from '@app/contracts';
import type { Database } from '@app/db';
import { badRequest, notFound } from '../../http-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  type ProviderConnection,
  ProviderInputError,
  type TargetKind,
} from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { ConnectionRepository, ConnectionRow } from './connection-repository.js';
import { connectionStats, connectionView, providerView } from './connection-views.js';
import type { DeliveryRepository } from './delivery-repository.js';

/**
 * Connecting, editing, pausing and disconnecting a company's integrations, and the views the
 * /integrations pages read. The caller's right to the company was checked by the route's scope;
 * the provider checks what was typed (a webhook URL's host is resolved and must be public).
 */
export function createManageConnections(deps: {
  db: Database;
  connections: ConnectionRepository;
  deliveries: Pick<DeliveryRepository, 'failQueued'>;
  providers: ProviderRegistry;
  secrets: SecretBox;
  audit: AuditLog;
  wake: () => void;
}) {
  const { connections, providers } = deps;

  const providerOf = (slug: string) => {
    const provider = providers.get(slug);
    if (!provider) throw notFound(UNKNOWN_PROVIDER);
    return provider;
  };

  async function views(rows: ConnectionRow[]): Promise<Map<string, ConnectionView>> {
    const stats = await connectionStats(
      deps.db,
      rows.map((r) => r.id),
    );
    return new Map(rows.map((r) => [r.provider, connectionView(r, stats.get(r.id))]));
  }

  async function unsealed(row: ConnectionRow): Promise<ProviderConnection> {
    return {
      id: row.id,
      companyId: row.company_id,
      settings: row.settings,
      secrets: row.sealed_secrets ? JSON.parse(await deps.secrets.open(row.sealed_secrets)) : {},
    };
  }

  async function live(companyId: number, slug: string): Promise<ConnectionRow> {
    providerOf(slug);
    const row = await connections.find(companyId, slug);
    if (!row) throw badRequest(NOT_CONNECTED);
    return row;
  }

  const log = (
    p: Principal,
    companyId: number,
    action: Parameters<typeof settingsEvent>[2],
    text: string,
    ip: string,
  ) => deps.audit.record(settingsEvent(p, companyId, action, text, ip));

  return {
    async overview(companyId: number): Promise<IntegrationsOverview> {
      const byProvider = await views(await connections.ofCompanies([companyId]));
      return {
        company_id: companyId,
        providers: providers.list().map((meta) => providerView(meta, byProvider.get(meta.slug) ?? null)),
      };
    },

    /** The live connections of a company and of its parent (an agency's reach its clients' leads). */
    async companyList(companyId: number, parentId: number | null) {
      const rows = await connections.ofCompanies(parentId ? [companyId, parentId] : [companyId]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const stats = await connectionStats(deps.db, [...byId.keys()]);
      return {
        data: rows.map((r) => ({
          ...connectionView(r, stats.get(r.id)),
          name: providers.get(r.provider)?.meta.name ?? r.provider,
          from_parent: r.company_id !== companyId,
        })),
      };
    },

    /** One live connection of the company (400 when it has none). */
    async companyDetail(companyId: number, slug: string): Promise<ConnectionView> {
      const row = await live(companyId, slug);
      return (await views([row])).get(slug) as ConnectionView;
    },

    async detail(companyId: number, slug: string): Promise<ProviderView> {
      const provider = providerOf(slug);
      const row = await connections.find(companyId, slug);
      const view = row ? (await views([row])).get(slug) : undefined;
      return providerView(provider.meta, view ?? null);
    },

    async save(p: Principal, input: SaveIntegrationRequest, ip: string) {
      const provider = providerOf(input.slug);
      const previousRow = await connections.find(input.company_id, input.slug);
      let connected: Awaited<ReturnType<typeof provider.connect>>;
      try {
        connected = await provider.connect({
          companyId: input.company_id,
          settings: input.settings,
          previous: previousRow ? await unsealed(previousRow) : null,
        });
      } catch (err) {
        if (err instanceof ProviderInputError) throw badRequest(err.message);
        throw err;
      }
      const row = await connections.save({
        companyId: input.company_id,
        provider: input.slug,
        settings: connected.settings,
        sealedSecrets:
          Object.keys(connected.secrets).length > 0
            ? await deps.secrets.seal(JSON.stringify(connected.secrets))
            : null,
        userId: p.userId,
      });
      await log(
        p,
        input.company_id,
        'integration_connected',
        `${previousRow ? 'Updated' : 'Connected'} the ${provider.meta.name} integration`,
        ip,
      );
      // A resumed or fixed connection may have leads waiting.
      deps.wake();
      const view = (await views([row])).get(input.slug) as ConnectionView;
      return { result: 'success' as const, message: CHANGES_SAVED, connection: view };
    },

    async disconnect(p: Principal, companyId: number, slug: string, ip: string) {
      const provider = providerOf(slug);
      const row = await live(companyId, slug);
      await connections.disconnect(row.id);
      // Leads not yet delivered to it never will be: given up with the reason, visible in the console.
      await deps.deliveries.failQueued(row.id, INTEGRATION_DISCONNECTED);
      if (provider.disconnect) {
        // Best effort: the service may already have forgotten us; the disconnect stands anyway.
        await provider.disconnect(await unsealed(row)).catch(() => undefined);
      }
      await log(
        p,
        companyId,
        'integration_disconnected',
        `Disconnected the ${provider.meta.name} integration`,
        ip,
      );
      return { result: 'success' as const, message: INTEGRATION_DISCONNECTED };
    },

    async setPaused(p: Principal, companyId: number, slug: string, paused: boolean, ip: string) {
      const provider = providerOf(slug);
      const row = await live(companyId, slug);
      await connections.setPaused(row.id, paused ? 'Paused by you.' : null);
      if (!paused) deps.wake();
      await log(
        p,
        companyId,
        paused ? 'integration_paused' : 'integration_resumed',
        `${paused ? 'Paused' : 'Resumed'} the ${provider.meta.name} integration`,
        ip,
      );
      return { result: 'success' as const, message: CHANGES_SAVED };
    },

    /** The webhook signing secret, for the receiver to verify signatures; each reveal is logged. */
    async signingSecret(p: Principal, companyId: number, slug: string, ip: string) {
      const row = await live(companyId, slug);
      const secret = (await unsealed(row)).secrets.signingSecret;
      if (!secret) throw notFound('This integration has no signing secret.');
      await log(p, companyId, 'integration_secret_revealed', 'Revealed the webhook signing secret', ip);
      return { signing_secret: secret };
    },

    /** Tags, lists, groups or sub-accounts inside the connected service (empty when it has none). */
    async targets(companyId: number, slug: string, kind: TargetKind) {
      const provider = providerOf(slug);
      const row = await live(companyId, slug);
      if (!provider.listTargets || !provider.meta.targetKinds.includes(kind)) return { data: [] };
      const connection = await unsealed(row);
      try {
        const data = await provider.listTargets(connection, kind, async (secrets) => {
          await connections.saveSecrets(row.id, await deps.secrets.seal(JSON.stringify(secrets)));
        });
        return { data };
      } catch (err) {
        // The service refused (a revoked sign-in, a sub-account it no longer has): said, not a 500.
        if (err instanceof ProviderInputError) throw badRequest(err.message);
        throw err;
      }
    },

    live,
    unsealed,
  };
}

export type ManageConnections = ReturnType<typeof createManageConnections>;
