import type { Database } from '@app/db';
import type { RetryPolicy } from '../../lib/retry-policy.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { LeadPayload } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import type { AuditLog } from '../audit/index.js';
import { createCampaignLookup } from '../campaigns/index.js';
import type { WebOrigins } from '../domains/index.js';
import type { MailService } from '../mail/index.js';
import type { CreateClient, MainPersonOf } from '../users/index.js';
import { agencyZoomRoutes } from './agency-zoom-routes.js';
import { createAuthorizeIntegration } from './authorize-integration.js';
import { campaignIntegrationRoutes } from './campaign-integration-routes.js';
import { type CampaignOwners, createCampaignIntegrations } from './campaign-integrations.js';
import { clickFunnelsRoutes } from './click-funnels-routes.js';
import { createConnectionRepository } from './connection-repository.js';
import { createDeliveryConsole } from './delivery-console.js';
import { createDeliveryEngine, type DeliveryEngineSettings } from './delivery-engine.js';
import { createDeliveryRepository } from './delivery-repository.js';
import { createGoHighLevelClients } from './gohighlevel-clients.js';
import { gohighlevelRoutes } from './gohighlevel-routes.js';
import { createGoogleSheetsCalls, googleSheetsRoutes } from './google-sheets-routes.js';
import { integrationRoutes } from './integration-routes.js';
import { kartraRoutes } from './kartra-routes.js';
import { mailboxPowerRoutes } from './mailboxpower-routes.js';
import { createManageConnections } from './manage-connections.js';
import { createNotifyPaused } from './notify-paused.js';
import { sendgridRoutes } from './sendgrid-routes.js';
import { sendjimRoutes } from './sendjim-routes.js';
import { createWebhookEndpoints } from './webhook-endpoints.js';

export type { DeliveryEngine, DeliveryEngineSettings } from './delivery-engine.js';
export { DEFAULT_ENGINE_SETTINGS, PAUSED_FAILING } from './delivery-engine.js';
export { integrationDeliveryLag } from './delivery-lag.js';
export { queueDeliveriesForStored } from './queue-deliveries.js';
export type { WebhookEndpoints } from './webhook-endpoints.js';

/**
 * Integrations (issue 23, decision 0096): a company's connections to the services its leads go to,
 * the delivery of every stored lead to each of them by the delivery engine every worker runs, and
 * the delivery console. Providers (webhooks, CRMs, lists) live in providers/integrations.
 */
export function createIntegrationsModule(deps: {
  db: Database;
  providers: ProviderRegistry;
  secrets: SecretBox;
  audit: AuditLog;
  mail: Pick<MailService, 'queueEmail'>;
  mainPerson: MainPersonOf;
  origins: Pick<WebOrigins, 'ofCompany'>;
  /** Whose a campaign is (the campaigns module's). */
  campaignOwners: CampaignOwners;
  campaignLabels: (
    ids: readonly number[],
  ) => Promise<{ id: number; publicId: string; name: string; clientId: number }[]>;
  /** Live (not deleted) companies' names, by id (the tenancy module's). */
  companyNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  campaignIdOf: (publicId: string) => Promise<number | null>;
  /** A company's agency (null for an agency or a root company). */
  parentOf: (companyId: number) => Promise<number | null>;
  /** The users module's client creation (a GoHighLevel sub-account made a client, decision 0109). */
  createClient: CreateClient;
  retry: RetryPolicy;
  leadPayloads: (ids: readonly number[]) => Promise<Map<number, LeadPayload>>;
  engine?: Partial<DeliveryEngineSettings>;
  log: (message: string, detail?: unknown) => void;
  /** Runs a delivery lease with its own log id (the process log's `inBatch`). */
  batchLog?: (loop: string, batch: () => Promise<number>) => Promise<number>;
}) {
  const connections = createConnectionRepository(deps.db);
  const deliveries = createDeliveryRepository(deps.db);
  const notifyPaused = createNotifyPaused({
    mail: deps.mail,
    mainPerson: deps.mainPerson,
    providerName: (slug) => deps.providers.get(slug)?.meta.name ?? slug,
    pageUrl: async (companyId, slug) => `${await deps.origins.ofCompany(companyId)}/integrations/${slug}`,
  });
  const engine = createDeliveryEngine({
    deliveries,
    connections,
    providers: deps.providers,
    secrets: deps.secrets,
    retry: deps.retry,
    leadPayloads: deps.leadPayloads,
    campaignClients: async (ids) => new Map((await deps.campaignLabels(ids)).map((c) => [c.id, c.clientId])),
    notifyPaused,
    settings: deps.engine,
    log: deps.log,
    batchLog: deps.batchLog,
  });
  const manage = createManageConnections({
    db: deps.db,
    connections,
    deliveries,
    providers: deps.providers,
    secrets: deps.secrets,
    audit: deps.audit,
    wake: engine.wake,
  });
  const console = createDeliveryConsole({
    db: deps.db,
    deliveries,
    manage,
    audit: deps.audit,
    wake: engine.wake,
    campaignLabels: deps.campaignLabels,
    campaignIdOf: deps.campaignIdOf,
    parentOf: deps.parentOf,
  });
  const authorize = createAuthorizeIntegration({
    db: deps.db,
    connections,
    providers: deps.providers,
    secrets: deps.secrets,
    audit: deps.audit,
    wake: engine.wake,
  });
  const googleSheets = createGoogleSheetsCalls({
    db: deps.db,
    connections,
    providers: deps.providers,
    secrets: deps.secrets,
    manage,
    console,
    campaign: createCampaignLookup(deps.db),
    mail: deps.mail,
    mainPerson: deps.mainPerson,
    origins: deps.origins,
  });
  const campaignIntegrations = createCampaignIntegrations({
    connections,
    providers: deps.providers,
    owners: deps.campaignOwners,
  });
  return {
    routes: [
      integrationRoutes({ manage, console, authorize, origins: deps.origins }),
      campaignIntegrationRoutes({
        campaigns: campaignIntegrations,
        manage,
        parentOf: deps.parentOf,
      }),
      // The campaign screens' Google Sheets calls (decision 0098).
      googleSheetsRoutes(googleSheets),
      // GoHighLevel's calls (decision 0097).
      gohighlevelRoutes({
        manage,
        authorize,
        connections,
        providers: deps.providers,
        origins: deps.origins,
        clients: createGoHighLevelClients({
          db: deps.db,
          manage,
          connections,
          secrets: deps.secrets,
          providers: deps.providers,
          origins: deps.origins,
          audit: deps.audit,
          createClient: deps.createClient,
          companyNames: deps.companyNames,
        }),
      }),
      // AgencyZoom's calls (decision 0106).
      agencyZoomRoutes({ manage, campaigns: campaignIntegrations, parentOf: deps.parentOf }),
      // SendGrid's and Kartra's calls (decision 0103).
      sendgridRoutes({ manage, connections, providers: deps.providers }),
      kartraRoutes({ manage, connections, providers: deps.providers }),
      // SendJim's calls (decision 0105).
      sendjimRoutes({ manage, authorize, origins: deps.origins, campaigns: campaignIntegrations }),
      // ClickFunnels' and Mailbox Power's calls (decision 0104).
      clickFunnelsRoutes({ manage, campaigns: campaignIntegrations }),
      mailboxPowerRoutes({ manage, connections }),
    ],
    /** The sandboxes' own pages (their OAuth consent screens), outside /api like the services they play. */
    pages: deps.providers.pages(),
    handlers: [],
    /** The worker role starts it; every process that stores leads wakes it. */
    engine,
    manage,
    /** The OAuth round trip's start (the demo connects its clients' sandbox CRM through it). */
    authorize,
    connections: { find: connections.find },
    /** The Open API's webhook endpoints (decision 0106): the webhook connection as a key sees it. */
    webhookEndpoints: createWebhookEndpoints({ connections, manage, campaigns: campaignIntegrations }),
  };
}

export type IntegrationsModule = ReturnType<typeof createIntegrationsModule>;
