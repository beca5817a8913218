import { join } from 'node:path';
import { importEnvelopeKey } from '@app/contracts';
import { type Database, type DatabaseHandle, isSeeded, openDatabase, seedDemo } from '@app/db';
import { type AppDependencies, buildApp } from './app.js';
import type { Config } from './config.js';
import { seedDemoAtStart } from './demo/demo-at-start.js';
import { demoWebhookOf } from './demo/demo-integrations.js';
import {
  DEMO_REGULAR_VISITORS,
  type DemoVisitorSettings,
  type DemoVisitors,
  startDemoVisitors,
} from './demo/visitor-simulator.js';
import type { JobHandler } from './jobs/define-job.js';
import { type JobQueue, startJobQueue } from './jobs/job-queue.js';
import { JOB_SPECS } from './jobs/registry.js';
import { loadOrCreateSecret } from './lib/app-secrets.js';
import { type Clock, settableClock, systemClock } from './lib/clock.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { DELIVERY_RETRY, type RetryPolicy } from './lib/retry-policy.js';
import { createSecretBox } from './lib/secret-box.js';
import { createAdAudiencesModule } from './modules/ad-audiences/index.js';
import { createAdBuilderModule } from './modules/ad-builder/index.js';
import { createAdCampaignsModule } from './modules/ad-campaigns/index.js';
import { createAdMediaModule } from './modules/ad-media/index.js';
import { createAgreementsModule } from './modules/agreements/index.js';
import { createAppConfigModule } from './modules/app-config/index.js';
import { createAuditModule } from './modules/audit/index.js';
import { createBillingModule } from './modules/billing/index.js';
import { createBotCheckModule } from './modules/bot-check/index.js';
import { createCampaignsModule, locatorMirrorJob } from './modules/campaigns/index.js';
import { createCardsModule } from './modules/cards/index.js';
import { createDeveloperFeeReader, createDeveloperModule } from './modules/developer/index.js';
import { createDocumentsModule } from './modules/documents/index.js';
import { createDomainsModule } from './modules/domains/index.js';
import { createEmbedModule } from './modules/embed/index.js';
import { createExclusionsModule } from './modules/exclusions/index.js';
import { createFilesModule } from './modules/files/index.js';
import { createGroupsModule } from './modules/groups/index.js';
import { createIdentityModule, hashPassword, type TokenSettings } from './modules/identity/index.js';
import {
  createIntegrationsModule,
  DEFAULT_ENGINE_SETTINGS,
  type DeliveryEngineSettings,
} from './modules/integrations/index.js';
import { createKeywordCountsModule } from './modules/keyword-counts/index.js';
import { createLeadReportsModule } from './modules/lead-reports/index.js';
import { createLeadPayloads, createLeadsModule, vendorListSweepJob } from './modules/leads/index.js';
import { createLedger } from './modules/ledger/index.js';
import { createMailModule } from './modules/mail/index.js';
import {
  createGatewayKeysRepository,
  createPaymentsModule,
  sandboxWebhookJob,
} from './modules/payments/index.js';
import { createProfileModule } from './modules/profile/index.js';
import { createReferenceModule } from './modules/reference/index.js';
import { createRegistrationModule } from './modules/registration/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createRolesModule } from './modules/roles/index.js';
import { createSalesModule } from './modules/sales/index.js';
import { createSettingsModule } from './modules/settings/index.js';
import { createSiteTestsModule } from './modules/site-tests/index.js';
import { createTenancyModule } from './modules/tenancy/index.js';
import { createUsersModule, mainPersonOf, personContactOf, personNamesOf } from './modules/users/index.js';
import {
  type AdPlatform,
  createSandboxAdPlatform,
  createSimplifiAdPlatform,
} from './providers/ad-platform/index.js';
import type { AltchaBotCheckOptions } from './providers/bot-check/altcha-bot-check.js';
import { createLocalFileStorage } from './providers/files/local-file-storage.js';
import {
  createSandboxDataVendor,
  createSandboxResolver,
  createVendorCallbackNonces,
  type SandboxDataVendorOptions,
  type SandboxResolverOptions,
  sandboxRegularVisitors,
} from './providers/identities/index.js';
import { createAgencyZoomProvider } from './providers/integrations/agency-zoom/index.js';
import { createClickFunnelsProvider } from './providers/integrations/click-funnels/index.js';
import { createGoHighLevelProvider } from './providers/integrations/gohighlevel/index.js';
import { createGoogleSheetsProvider } from './providers/integrations/google-sheets/index.js';
import { createKartraProvider } from './providers/integrations/kartra/index.js';
import { createMailboxPowerProvider } from './providers/integrations/mailboxpower/index.js';
import { createProviderRegistry } from './providers/integrations/registry.js';
import { createSendGridProvider } from './providers/integrations/sendgrid/index.js';
import { createSendJimProvider } from './providers/integrations/sendjim/index.js';
import { createWebhookProvider } from './providers/integrations/webhook/index.js';
import { createSandboxInbox } from './providers/integrations/webhook/sandbox-inbox.js';
import type { GuardedFetcher } from './providers/outbound/guarded-fetch.js';
import { createGuardedHttp, type GuardedHttp } from './providers/outbound/guarded-http.js';
import { createGatewayDirectory, createSandbox } from './providers/payments/index.js';

export interface RuntimeOptions {
  /** An already open database (tests pass a cloned one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Seed the demo tenants when the database is empty (default true). */
  seed?: boolean;
  pollingIntervalSeconds?: number;
  logger?: AppDependencies['logger'];
  onRouteRegistered?: AppDependencies['onRouteRegistered'];
  /** Tests make proof of work cheap and the refresh grace window short. */
  altcha?: Pick<AltchaBotCheckOptions, 'maxNumber' | 'cost'>;
  tokenSettings?: Omit<TokenSettings, 'jwtKey'>;
  /** Tests only: the sandbox gateway's knobs run before and after it stores a charge (e.g. to be killed there). */
  sandbox?: {
    afterCharge?: (chargeId: string) => Promise<void>;
    beforeCharge?: () => Promise<void>;
    afterTransfer?: (transferId: string) => Promise<void>;
  };
  /** Tests only: the site check's fetcher (one that may reach their local servers). */
  siteCheckFetch?: GuardedFetcher;
  /** The sandbox identity resolver's seed, size and match rate (decision 0038). */
  identities?: Omit<SandboxResolverOptions, 'db'>;
  /** The sandbox data vendor's shares of slow answers and failures (tests set them; decision 0093). */
  dataVendor?: Omit<SandboxDataVendorOptions, 'db' | 'seed' | 'ensureSeeded'>;
  /** Tests only: the lead delivery job's retry delay. */
  leadDeliveryRetryDelaySeconds?: (attempts: number) => number;
  /** Tests only: the site check's deadline (its 504) and the test lead's wait for its outcome. */
  siteTestTimings?: { checkDeadlineMs?: number; testLeadWaitMs?: number };
  /**
   * The demo visitor simulator's pace, or false for none (tests: off unless a test turns it on).
   * It runs only on the demo seed with the sandbox resolver and gateway, and DEMO_VISITORS not off.
   */
  demoVisitors?: DemoVisitorSettings | false;
  /** Tests only: the ad platform (e.g. a sandbox on a test clock, behind a switch that fails its calls). */
  adPlatform?: (db: Database) => AdPlatform;
  /** The time money runs on (decision 0072): tests pass a settable clock and move it. */
  clock?: Clock;
  /**
   * Tests only: the integrations' outbound HTTP (one that may reach their local receivers), the
   * webhook host check at connect, the delivery engine's settings and the retry schedule.
   */
  integrations?: {
    http?: GuardedHttp;
    checkHost?: (host: string) => Promise<void>;
    webhookTimeoutMs?: number;
    engine?: Partial<DeliveryEngineSettings>;
    retry?: RetryPolicy;
  };
  /** Tests only: keys per exclusion merge transaction (decision 0092). */
  exclusionMergeRange?: number;
  /** Tests only: the audiences' row and file limits and keys per transaction (decision 0114). */
  audienceLimits?: { maxRows?: number; maxFileBytes?: number; mergeRange?: number };
  /** Tests only: the Open API's rate limits, token life and idempotency wait (decision 0100). */
  openApi?: Pick<
    Parameters<typeof createDeveloperModule>[0],
    'rateLimit' | 'tokenRateLimit' | 'tokenTtlSeconds' | 'idempotency'
  >;
}

/**
 * The composition root: opens and migrates the database, seeds it on first start, loads the
 * deployment secrets, starts the job queue (and, when configured, the worker) and builds the app.
 */
export async function startRuntime(config: Config, options: RuntimeOptions = {}) {
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') },
    ));
  await database.migrate();
  const storage = createLocalFileStorage(join(config.dataDir, 'files'));
  const seeded = (options.seed ?? true) && !(await isSeeded(database.db));
  if (seeded) await seedDemo(database.db, { hashPassword, putFile: storage.put });

  const dtKeyBase64 = config.dtKey ?? (await loadOrCreateSecret(database.db, 'dt_key'));
  const secrets = await createSecretBox(await loadOrCreateSecret(database.db, 'data_key'));

  const queue: JobQueue = await startJobQueue(database, JOB_SPECS, {
    pollingIntervalSeconds: options.pollingIntervalSeconds,
  });
  const { db } = database;
  // The default identity resolver: synthetic people generated once from a seed. Nothing reads them
  // until the lead engine does (issue 11), so no start pays the ~10 s of generating 50,000 people
  // yet; the engine's ingestion will call `ensureSeeded()` (tests generate what they need).
  const identityResolver = createSandboxResolver({ db, ...options.identities });
  // The data vendor's counts (keyword counts, data enhancement: decision 0093) over the same people.
  const dataVendor = createSandboxDataVendor({
    db,
    seed: identityResolver.seed,
    ensureSeeded: identityResolver.ensureSeeded,
    ...config.sandboxVendor,
    ...options.dataVendor,
  });
  // The vendor callback's replay memory, and the ad platform locator campaigns are mirrored to
  // (the sandbox unless Simpli.fi's keys are configured; decisions 0044, 0112).
  const vendorCallbackNonces = createVendorCallbackNonces(db);
  // The sandbox runs on the time money runs on: a test that moves the clock sees its ads deliver.
  // Simpli.fi when its keys are configured (decision 0112), else the sandbox.
  const adPlatform = options.adPlatform
    ? options.adPlatform(db)
    : config.simplifi
      ? createSimplifiAdPlatform(config.simplifi)
      : createSandboxAdPlatform({ db, now: () => (options.clock ?? systemClock).now() });
  const filesBaseUrl = `${config.publicApiBase}/files`;
  const limiter = createRateLimiter(db);
  const tenancy = createTenancyModule({ db });
  const { scope } = tenancy;
  const audit = createAuditModule({
    db,
    inScope: scope.inScope,
    // Built below (campaigns write their moves through `audit`); read at request time only.
    campaignOptions: (of, limit) => campaigns.counts.options(of, limit),
  });
  // Links in e-mails: known hosts only, with the deployment's scheme and port (decision 0019).
  const domains = createDomainsModule({ db, filesBaseUrl, publicWeb: config.publicWeb });
  // The embed code, GET /px.js and the guarded site check of local campaigns (decision 0042).
  const embed = await createEmbedModule({
    origins: domains.origins,
    fetch: options.siteCheckFetch,
    allowLoopback: config.siteCheckLoopback,
  });
  const files = createFilesModule({
    db,
    storage,
    linkKey: await loadOrCreateSecret(db, 'file_link_key'),
    filesBaseUrl,
  });
  // Agency subdomains and custom domains follow the settings module's rules wherever they change.
  const settings = createSettingsModule({
    db,
    invalidateDomains: domains.domains.invalidate,
    queue,
    audit: audit.audit,
    storage,
    secrets,
    inScope: scope.inScope,
    filesBaseUrl,
    limiter,
  });
  const mail = createMailModule({ db, queue, smtp: settings.smtp.transport, decryptSecret: secrets.open });
  const documents = createDocumentsModule({ db, domains: domains.domains });
  const botCheck = createBotCheckModule({
    db,
    domains: domains.domains,
    secrets,
    altcha: {
      hmacKey: await loadOrCreateSecret(db, 'altcha_hmac_key'),
      ...config.altcha,
      ...options.altcha,
    },
  });
  const identity = await createIdentityModule({
    db,
    domains: domains.domains,
    mail: mail.mail,
    queue,
    origins: domains.origins,
    audit: audit.audit,
    secrets,
    filesBaseUrl,
    fileLinks: files.fileLinks,
    requireHuman: botCheck.requireHuman,
    companyOf: domains.companyOf,
    systemName: async (systemId) => (await domains.systemOf(systemId))?.name,
    tokenSettings: { accessTtlSeconds: config.accessTokenTtlSeconds, ...options.tokenSettings },
    loginAttemptsPerIp: config.loginAttemptsPerIp,
  });
  // The sandbox posts its events through the app itself (decision 0030), once the app is built.
  const webhookInbox: { app?: { inject: Awaited<ReturnType<typeof buildApp>>['inject'] } } = {};
  // Money rows have this one writer (decision 0029); the billing modules take it as a dependency.
  const clock = options.clock ?? systemClock;
  const ledger = createLedger({ db, clock });
  const agreementsAt = (at: Clock) =>
    createAgreementsModule({
      db,
      audit: audit.audit,
      reauthenticate: identity.passwords.reauthenticate,
      clock: at,
      developerFee: createDeveloperFeeReader(db),
    });
  const agreements = agreementsAt(clock);
  // The same service on a clock set back, for the demo's acceptances of an earlier day (an
  // acceptance is stamped by its service's clock, and its rows are append-only).
  const agreementsOn = (day: Date) => agreementsAt(settableClock(day)).agreements;
  // Money over time (decision 0072): prepaid lots and billing schedules, which the lead engine and
  // campaigns use; its jobs that charge join once payments exist (`withPayments`).
  const billing = createBillingModule({
    db,
    ledger,
    clock,
    audit: audit.audit,
    beta: agreements.beta,
    minimumSpendStarts: agreements.minimumSpend.startsOf,
    queue,
    inScope: scope.inScope,
    // Half the pool (bench/billing.bench.ts measures 1, 4 and 8 side by side); PGlite has one connection.
    concurrency: database.kind === 'postgres' ? 4 : 1,
  });
  // The sandbox is always there (every system without Stripe keys uses it, and rows made on it stay
  // readable); a system's own Stripe keys, else the deployment's, make Stripe its gateway (decision 0039).
  const sandbox = createSandbox({
    db,
    webhookSecret: await loadOrCreateSecret(db, 'sandbox_webhook_secret'),
    async deliver(body, signature) {
      if (!webhookInbox.app) throw new Error('the app is not built yet');
      const response = await webhookInbox.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        payload: body,
      });
      return response.statusCode;
    },
    schedule: async (eventId) => void (await queue.enqueue(sandboxWebhookJob, { eventId })),
    onboardingUrl: (accountId) => `/sandbox/onboarding/${accountId}`,
    afterCharge: options.sandbox?.afterCharge,
    beforeCharge: options.sandbox?.beforeCharge,
    afterTransfer: options.sandbox?.afterTransfer,
  });
  const gatewayKeys = createGatewayKeysRepository(db);
  const gateways = createGatewayDirectory({
    sandbox,
    loadKeys: gatewayKeys.load,
    open: secrets.open,
    deployment: config.stripe,
    api: config.stripeApi,
  });
  const payments = createPaymentsModule({
    db,
    queue,
    ledger,
    audit: audit.audit,
    gateways,
    secrets,
    systemOfHost: (host) => domains.domains.systemOf(host),
    invalidateDomains: domains.domains.invalidate,
    clock,
  });
  const cards = createCardsModule({
    db,
    gateways,
    chargeOnce: payments.chargeOnce,
    audit: audit.audit,
    mail: mail.mail,
  });
  // The lead engine's ingestion (decision 0046). The sandbox resolver generates its people on the
  // first page view it resolves (decision 0038), not at start.
  // The agency's Data Wallet paying its campaign charges before its card (decision 0085).
  const agencyWallet = billing.walletPayment(payments.paidWithoutCharge);
  const campaigns = createCampaignsModule({
    db,
    chargeOnce: payments.chargeOnce,
    failures: payments.failures,
    audit: audit.audit,
    embedCode: embed.embedCode,
    // Locator campaigns are mirrored to the ad platform (decision 0051).
    adPlatform,
    moduleAccess: tenancy.moduleAccess,
    billing: {
      prepaid: billing.prepaid,
      schedules: billing.schedules,
      wallet: agencyWallet,
      rootFees: billing.rootFeeCharges,
    },
    followUps: payments.followUps,
    log: (message, detail) => console.warn(message, detail ?? ''),
  });
  // The Simplifi module (decision 0110): display campaigns with budgets, on the campaigns module's rows.
  const adCampaigns = createAdCampaignsModule({
    db,
    ledger,
    clock,
    platform: adPlatform,
    platformName: adPlatform.name,
    campaigns: {
      service: campaigns.service,
      payers: campaigns.payers,
      idOfPublicId: campaigns.idOfPublicId,
      moveBySystem: campaigns.moveBySystem,
      clientOrganization: campaigns.locatorMirror.clientOrganization,
      organizations: campaigns.locatorMirror.organizations,
    },
    company: async (id) => (await tenancy.companyReads.company(id)) ?? null,
    completeActivation: campaigns.completeActivation,
    followUps: payments.followUps,
    moduleAccess: tenancy.moduleAccess,
    inScope: (p, campaignId) => scope.inScope(p, 'campaign', campaignId),
    minimums: settings.simplifiMinimums,
    gateways,
    paidFor: payments.charges.paidFor,
    // The ad-media module is made further down; its face is read when a sync runs.
    media: {
      mediaOfCampaign: (campaignId) => adMedia.media.mediaOfCampaign(campaignId),
      fileOf: (mediaId) => adMedia.media.fileOf(mediaId),
      recordPlatformAd: (mediaId, adId) => adMedia.media.recordPlatformAd(mediaId, adId),
      campaignsAwaitingAds: (limit) => adMedia.media.campaignsAwaitingAds(limit),
    },
    // The ad-audiences module is made further down too.
    audiences: {
      ofCampaign: (campaignId) => adAudiences.campaignAudiences.ofCampaign(campaignId),
      keysOf: (audienceId) => adAudiences.campaignAudiences.keysOf(audienceId),
      recordPlatformAudience: (audienceId, platformId) =>
        adAudiences.campaignAudiences.recordPlatformAudience(audienceId, platformId),
      attach: (campaign, audienceIds) => adAudiences.campaignAudiences.attach(campaign, audienceIds),
      detach: (campaignId, audienceIds) => adAudiences.campaignAudiences.detach(campaignId, audienceIds),
    },
    log: (message, detail) => console.warn(message, detail ?? ''),
  });
  campaigns.kinds.useActivation('simplifi', adCampaigns.activation);
  campaigns.kinds.onMoved(adCampaigns.moved);
  // Integrations (decision 0096): where leads go besides e-mail; every worker runs a delivery engine.
  const integrationHttp =
    options.integrations?.http ??
    createGuardedHttp({ connectionsPerOrigin: DEFAULT_ENGINE_SETTINGS.perConnection });
  const integrationInbox = config.sandboxWebhookInbox
    ? createSandboxInbox({ db, secrets, port: config.port })
    : undefined;
  const integrationProviders = createProviderRegistry([
    createWebhookProvider({
      http: integrationHttp,
      checkHost: options.integrations?.checkHost,
      timeoutMs: options.integrations?.webhookTimeoutMs,
      inbox: integrationInbox,
    }),
    createGoHighLevelProvider({ db, config }),
    createGoogleSheetsProvider({ db, google: config.google }),
    createAgencyZoomProvider({
      db,
      config,
      http: integrationHttp,
      secrets,
      checkHost: options.integrations?.checkHost,
      timeoutMs: options.integrations?.webhookTimeoutMs,
    }),
    createSendGridProvider({ db, config }),
    createKartraProvider({ db, config }),
    createClickFunnelsProvider({ db, config }),
    createMailboxPowerProvider({ db, config }),
    createSendJimProvider({ db, config }),
  ]);
  // Made before integrations: a GoHighLevel sub-account becomes a client through it (decision 0109).
  const users = createUsersModule({
    db,
    audit: audit.audit,
    mail: mail.mail,
    hosts: settings.hosts,
    origins: domains.origins,
    inScope: scope.inScope,
    limiter,
    emailChanges: identity.emailChanges,
    developerModeOff: async (companyId) => {
      await developer.resetCompany(companyId);
      await agreements.agreements.resetDeveloper(companyId);
    },
  });
  const integrations = createIntegrationsModule({
    companyNames: tenancy.companyReads.liveNames,
    db,
    providers: integrationProviders,
    secrets,
    audit: audit.audit,
    mail: mail.mail,
    mainPerson: mainPersonOf(db),
    origins: domains.origins,
    retry: options.integrations?.retry ?? DELIVERY_RETRY,
    leadPayloads: createLeadPayloads(db),
    campaignOwners: (id) => campaigns.owners(id),
    campaignLabels: campaigns.labels,
    campaignIdOf: campaigns.idOfPublicId,
    parentOf: async (id) => (await tenancy.companyReads.company(id))?.parentId ?? null,
    createClient: users.createClient,
    engine: options.integrations?.engine,
    log: (message, detail) => console.warn(message, detail ?? ''),
  });
  const leads = createLeadsModule({
    onLeadsStored: integrations.engine.wake,
    moveBySystem: campaigns.moveBySystem,
    prepaid: billing.prepaid,
    db,
    sql: database.sql,
    queue,
    resolver: identityResolver,
    adPlatform,
    mail: mail.mail,
    vendorSecret: config.vendorCallbackSecret ?? (await loadOrCreateSecret(db, 'vendor_callback_secret')),
    pixelPerMinute: config.pixelRateLimitPerMinute,
    // PGlite has one connection: one batch at a time. PostgreSQL: a few batches at once.
    concurrency: { lanes: database.kind === 'postgres' ? 2 : 1 },
    owingInvoices: payments.failures.owingInvoices,
    log: (message, detail) => console.warn(message, detail ?? ''),
    deliveryRetryDelaySeconds: options.leadDeliveryRetryDelaySeconds,
  });
  // What charges cards in billing: the janitor, invoices, prepaid and wallet top-ups (decisions 0072-0076).
  const sales = createSalesModule({ db, audit: audit.audit });
  const billingJobs = billing.withPayments({
    chargeOnce: payments.chargeOnce,
    followUps: payments.followUps,
    onboarding: cards.onboarding,
    customerOf: cards.customerOf,
    settleGraceSeconds: 60,
    payers: campaigns.payers,
    billedLeads: leads.leads.billedLeads,
    rootFeeCounts: leads.leads.rootFeeCounts,
    firstDeliveredAt: leads.leads.firstDeliveredAt,
    moveBySystem: campaigns.moveBySystem,
    gateways,
    collectedCharges: payments.charges.collectedCharges,
    operationsOfCharges: payments.charges.operationsOfCharges,
    salesLinks: sales.links,
    salesPeople: sales.people,
    personNames: personNamesOf(db),
    operations: payments.operations,
    mail: mail.mail,
    paidFor: payments.charges.paidFor,
    prepaidCampaigns: campaigns.prepaidCampaigns,
    failures: payments.failures,
    payerCampaigns: campaigns.payerCampaigns,
    agencyWallet,
    cardChargesOf: payments.charges.ofCompany,
  });
  // A new card pays what the company's declined invoices left owing, once (decision 0075).
  cards.whenCardSaved(async (companyId) => {
    await billingJobs.recovery.settlement.settle(companyId);
  });
  // Site tests (decision 0050): the embed check now and on a schedule, and the test lead.
  const siteTests = createSiteTestsModule({
    db,
    checkSite: embed.checkSite,
    testLeads: leads.leads.testLeads,
    queue,
    limiter,
    log: (message, detail) => console.warn(message, detail ?? ''),
    timings: options.siteTestTimings,
  });
  // Exclusion lists (decision 0092): uploads COPYed into the database, merged by a queued job.
  const exclusions = createExclusionsModule({
    db,
    copyIn: database.copyIn,
    queue,
    companies: tenancy.companyReads,
    campaigns: campaigns.counts,
    inScope: scope.inScope,
    mergeHere: config.inProcessWorker,
    mergeRange: options.exclusionMergeRange,
    log: (message, detail) => console.warn(message, detail ?? ''),
  });
  // The ad platform's audiences (decision 0114): uploads COPYed in, keys stored by a queued job.
  const adAudiences = createAdAudiencesModule({
    db,
    copyIn: database.copyIn,
    queue,
    inScope: scope.inScope,
    companies: tenancy.companyReads,
    moduleAccess: tenancy.moduleAccess,
    campaignLabels: campaigns.labels,
    mergeHere: config.inProcessWorker,
    log: (message, detail) => console.warn(message, detail ?? ''),
    limits: options.audienceLimits,
  });
  // Keyword counts and data enhancement counts, asked of the data vendor in jobs (decision 0093).
  const keywordCounts = createKeywordCountsModule({
    db,
    vendor: dataVendor,
    queue,
    mail: mail.mail,
    campaigns: campaigns.service,
    moduleAccess: tenancy.moduleAccess,
    personContact: personContactOf(db),
  });
  // A campaign as ad media and banners see it: whose it is and its module (404 when there is none).
  const mediaCampaignOf = async (campaignId: number) => {
    const found = await campaigns.service.found(campaignId);
    return {
      id: found.id,
      systemId: found.systemId,
      clientId: found.clientId,
      agencyId: found.agencyId,
      module: found.module,
      removed: found.removedAt !== null,
    };
  };
  // Ad media (decision 0113): Simplifi campaigns' display ads, checked by content, kept in the file store.
  const adMedia = createAdMediaModule({
    db,
    storage,
    inScope: scope.inScope,
    moduleAccess: tenancy.moduleAccess,
    companyOf: tenancy.companyReads.company,
    campaignOf: mediaCampaignOf,
    personCompanyOf: identity.personOf,
    personNames: personNamesOf(db),
    publicApiBase: config.publicApiBase,
  });
  // The banner builder (decision 0113): Ads Design; its PNGs go to campaigns through the ad-media face.
  const adBuilder = createAdBuilderModule({
    db,
    storage,
    inScope: scope.inScope,
    moduleAccess: tenancy.moduleAccess,
    companyOf: tenancy.companyReads.company,
    campaignOf: mediaCampaignOf,
    personNames: personNamesOf(db),
    media: adMedia.media,
  });
  const handlers: JobHandler[] = [
    ...exclusions.handlers,
    ...adAudiences.handlers,
    ...mail.handlers,
    ...keywordCounts.handlers,
    ...leads.handlers,
    ...siteTests.handlers,
    ...campaigns.handlers,
    ...adCampaigns.handlers(),
    ...settings.handlers,
    ...identity.handlers,
    ...payments.handlers,
    ...billingJobs.handlers,
  ];
  const groups = createGroupsModule({ db });
  const leadReports = createLeadReportsModule({
    db,
    charges: payments.charges,
    requireReadable: tenancy.moduleAccess.requireReadable,
  });
  // The Developer API (decision 0100): Open API keys and the Open API under /api/v1.
  const developer = createDeveloperModule({
    db,
    audit: audit.audit,
    companies: tenancy.companyReads,
    apiKeyFlag: tenancy.apiKeyFlag,
    developerAcceptance: agreements.agreements.developerAcceptance,
    showsDeveloperEntry: identity.showsDeveloperEntry,
    personOf: identity.personOf,
    chargeOnce: payments.chargeOnce,
    customerOf: cards.customerOf,
    campaigns: campaigns.service,
    leadFeed: leadReports.leadFeed,
    exclusions: exclusions.exclusions.service,
    webhooks: integrations.webhookEndpoints,
    secrets,
    limiter,
    tokenSigningKey: await loadOrCreateSecret(db, 'open_api_token_key'),
    publicApiBase: config.publicApiBase,
    ...options.openApi,
  });
  handlers.push(...developer.handlers);
  // Every module, in one list: what the product answers under /api.
  const modules = [
    createAppConfigModule(
      { apiBase: config.publicApiBase, dtKey: dtKeyBase64, version: '1.0.0' },
      async (host) => gateways.publishableKey(await domains.domains.systemOf(host)),
    ),
    domains,
    documents,
    files,
    identity,
    botCheck,
    audit,
    groups,
    sales,
    users,
    createRolesModule({ db, audit: audit.audit }),
    createProfileModule({
      db,
      storage,
      tokens: identity.tokens,
      audit: audit.audit,
      domains: domains.domains,
      hosts: settings.hosts,
      filesBaseUrl,
      fileLinks: files.fileLinks,
      passwords: identity.passwords,
      emailChanges: identity.emailChanges,
      inScope: scope.inScope,
      groupBelongsTo: groups.belongsTo,
      campaignSetup: campaigns.campaignSetup,
    }),
    mail,
    leads,
    payments,
    cards,
    campaigns,
    adCampaigns,
    siteTests,
    exclusions,
    adAudiences,
    adMedia,
    adBuilder,
    keywordCounts,
    integrations,
    billing,
    billingJobs,
    agreements,
    createReferenceModule(),
    createReportsModule({
      db,
      ledger,
      campaigns: campaigns.counts,
      leads: leads.leads.counts,
      inScope: scope.inScope,
    }),
    leadReports,
    developer,
    settings,
    createRegistrationModule({
      db,
      domains: domains.domains,
      tokens: identity.tokens,
      limiter,
      audit: audit.audit,
      mail: mail.mail,
      origins: domains.origins,
      secrets,
      referralKey: await loadOrCreateSecret(db, 'referral_key'),
      requireHuman: botCheck.requireHuman,
    }),
  ];
  const routes = modules.flatMap((m) => m.routes);
  const pages = [...payments.pages, ...embed.pages, ...integrations.pages];
  const app = await buildApp({
    config,
    database,
    dtKey: await importEnvelopeKey(dtKeyBase64),
    authenticate: identity.authenticate,
    authenticateKey: developer.authenticateKey,
    inScope: scope.inScope,
    audit: audit.audit,
    routes,
    pages,
    logger: options.logger,
    onRouteRegistered: options.onRouteRegistered,
  });
  webhookInbox.app = app;
  // The demo's money, made through the services (sandbox only, never beside a real gateway).
  if ((options.seed ?? true) && !config.stripe)
    await seedDemoAtStart(
      {
        db,
        app,
        crm: {
          sandbox: integrationProviders.get('gohighlevel')?.meta.sandbox ?? false,
          connected: async (companyId) =>
            (await integrations.connections.find(companyId, 'gohighlevel')) !== null,
          startConsent: async (person) =>
            integrations.authorize.start(
              person,
              person.companyId,
              'gohighlevel',
              await domains.origins.ofCompany(person.companyId, 'localhost'),
            ),
        },
        webhook: integrationInbox && demoWebhookOf(integrations, integrationInbox),
        onboarding: cards.onboarding,
        agreements: agreements.agreements,
        agreementsOn,
        beta: agreements.beta,
        isSandbox: async (systemId) => (await gateways.forSystem(systemId)).name === 'sandbox',
        ledger,
        sandbox,
        customerOf: cards.customerOf,
        schedules: billing.schedules,
        topUp: billingJobs.walletTopUp,
        pricesOf: leads.leads.pricesOf,
        adCampaigns,
        media: adMedia.media,
        now: clock.now(),
      },
      seeded,
    );
  // The worker starts only now, with every plugin loaded: on PGlite its jobs share this process's one
  // thread and one connection, and a first start's jobs are heavy (the demo's vendor lists make the
  // sandbox generate 50,000 people). Started before, they starved the plugins' own file reads until
  // Fastify's 10 s plugin deadline crashed a first start on a busy machine (decision 0068).
  await app.ready();
  if (config.inProcessWorker) {
    await queue.work(handlers);
    integrations.engine.start();
    for (const job of billingJobs.atStart) await queue.trigger(job, {});
    // Locator mirrors are brought up to date at start, not at the next minute. On a demo's first start
    // today's enhance / b2b lists are asked for at once (dripped through the day), so a newcomer sees
    // them arrive; later starts leave it to the ten-minute sweep (asking a list makes the sandbox
    // vendor generate its people, which no test start should pay for).
    await queue.trigger(locatorMirrorJob, {});
    if (seeded) await queue.trigger(vendorListSweepJob, {});
  }
  // The demo's visitors (sandbox only): never beside a real payment gateway or identity resolver;
  // it finds the demo's campaigns by their seeded ids and names, so without the demo seed it sends nothing.
  let demoVisitors: DemoVisitors | null = null;
  if (
    config.demoVisitors &&
    options.demoVisitors !== false &&
    !config.stripe &&
    identityResolver.name === 'sandbox'
  )
    demoVisitors = startDemoVisitors({
      db,
      settings: options.demoVisitors,
      warmUp: identityResolver.ensureSeeded,
      regularVisitors: sandboxRegularVisitors(identityResolver, DEMO_REGULAR_VISITORS).map(
        (v) => v.visitorKey,
      ),
      log: (message) => console.log(message),
      async send(view, ip) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/px/v',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': 'LeadOrbit demo visitor simulator',
          },
          payload: JSON.stringify(view),
          remoteAddress: ip,
        });
        return response.statusCode;
      },
    });

  return {
    app,
    database,
    queue,
    handlers,
    dtKey: dtKeyBase64,
    routes,
    pages,
    services: {
      mail: mail.mail,
      domains: domains.domains,
      documents: documents.documents,
      secrets,
      storage,
      identity,
      botCheck: botCheck.botCheck,
      audit: audit.audit,
      scope,
      ledger,
      billing: {
        prepaid: billing.prepaid,
        schedules: billing.schedules,
        invoicing: billingJobs.invoicing,
        invoiceMail: billingJobs.invoiceMail,
        topUps: billingJobs.topUps,
        prepaidLow: billingJobs.prepaidLow,
        commissions: billingJobs.commissions,
        reconciliation: billingJobs.reconciliation,
        rootFees: billingJobs.rootFees,
        prepaidRefunds: billingJobs.prepaidRefunds,
        wallet: billing.wallet,
        walletTopUp: billingJobs.walletTopUp,
        agencyWallet,
        recovery: billingJobs.recovery,
      },
      clock,
      agreements: { agreements: agreements.agreements, beta: agreements.beta, on: agreementsOn },
      identityResolver,
      dataVendor,
      vendorCallbackNonces,
      adPlatform,
      adMedia: adMedia.media,
      adCampaigns,
      payments: {
        gateways,
        sandbox,
        keys: payments.keys,
        accounts: payments.accounts,
        chargeOnce: payments.chargeOnce,
        connect: payments.connect,
        failures: payments.failures,
      },
      onboarding: cards.onboarding,
      customerOf: cards.customerOf,
      embed: { embedCode: embed.embedCode, checkSite: embed.checkSite },
      leads: leads.leads,
      siteTests: siteTests.siteTests,
      exclusions: exclusions.exclusions,
      adAudiences: {
        campaignAudiences: adAudiences.campaignAudiences,
        mergeAudience: adAudiences.mergeAudience,
      },
      integrations: {
        engine: integrations.engine,
        manage: integrations.manage,
        authorize: integrations.authorize,
        connections: integrations.connections,
        inbox: integrationInbox,
      },
      developer: { keys: developer.keys, repo: developer.repo },
    },
    seeded,
    async close() {
      await demoVisitors?.stop();
      leads.leads.stop();
      await leads.leads.flushIntake();
      await integrations.engine.stop();
      await integrationHttp.close();
      await integrationProviders.close();
      await app.close();
      await queue.stop();
      if (ownsDatabase) await database.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof startRuntime>>;
