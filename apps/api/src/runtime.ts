import { join } from 'node:path';
import { importEnvelopeKey } from '@app/contracts';
import { isSeeded, openDatabase, seedDemo } from '@app/db';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { seedDemoAtStart } from './demo/demo-at-start.js';
import { demoWebhookOf } from './demo/demo-integrations.js';
import { startDemoVisitorsAtStart } from './demo/visitors-at-start.js';
import type { JobHandler } from './jobs/define-job.js';
import { type JobQueue, startJobQueue } from './jobs/job-queue.js';
import { queueDepths } from './jobs/queue-depth.js';
import { JOB_SPECS, RETIRED_JOBS } from './jobs/registry.js';
import { loadOrCreateSecret } from './lib/app-secrets.js';
import { type Clock, settableClock, systemClock } from './lib/clock.js';
import { createClusterEvents } from './lib/cluster-events.js';
import { createProcessLog } from './lib/process-log.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { DELIVERY_RETRY } from './lib/retry-policy.js';
import { createSecretBox } from './lib/secret-box.js';
import { createMetrics } from './metrics/metrics.js';
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
import { createIdentityModule, hashPassword } from './modules/identity/index.js';
import { createIntegrationsModule, integrationDeliveryLag } from './modules/integrations/index.js';
import { createKeywordCountsModule } from './modules/keyword-counts/index.js';
import { createLeadReportsModule } from './modules/lead-reports/index.js';
import { createLeadPayloads, createLeadsModule, leadLag, vendorListSweepJob } from './modules/leads/index.js';
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
import { createSandboxAdPlatform, createSimplifiAdPlatform } from './providers/ad-platform/index.js';
import { createFileStorage } from './providers/files/create-file-storage.js';
import {
  createSandboxDataVendor,
  createSandboxResolver,
  createVendorCallbackNonces,
} from './providers/identities/index.js';
import { createGatewayDirectory, createSandbox } from './providers/payments/index.js';
import { createIntegrationProviders } from './runtime/integration-providers.js';
import type { RuntimeOptions } from './runtime/runtime-options.js';

export type { RuntimeOptions } from './runtime/runtime-options.js';

/**
 * The composition root: opens and migrates the database, seeds it on first start (both once across
 * processes started at once: advisory locks on PostgreSQL, decision 0116), loads the deployment
 * secrets, starts the job queue (and, when configured, the worker) and builds the app.
 */
export async function startRuntime(config: Config, options: RuntimeOptions = {}) {
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') },
    ));
  // Under the migration lock: of processes started at once on one database, one migrates (decision 0116).
  await database.migrate();
  // Events between the processes on this database (LISTEN/NOTIFY): caches hear each other's changes here.
  const events = await createClusterEvents(database);
  const storage = await createFileStorage(config.fileStorage);

  const dtKeyBase64 = config.dtKey ?? (await loadOrCreateSecret(database.db, 'dt_key'));
  const secrets = await createSecretBox(await loadOrCreateSecret(database.db, 'data_key'));

  // What modules log goes through the app's logger (once built), with the job's id inside a job.
  const log = createProcessLog();
  // Prometheus metrics (decision 0119): the database-wide gauges read what their owners' tables say.
  const metrics = createMetrics({
    database,
    reads: {
      queues: queueDepths,
      ingestLag: leadLag.ingest,
      leadDeliveryLag: leadLag.delivery,
      integrationDeliveryLag,
    },
    queueNames: JOB_SPECS.map((job) => job.name),
  });
  const queue: JobQueue = await startJobQueue(database, JOB_SPECS, {
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    cron: options.cron,
    retired: RETIRED_JOBS,
    log,
    onJobFailed: metrics.jobFailed,
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
  const domains = createDomainsModule({ db, filesBaseUrl, publicWeb: config.publicWeb, events });
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
    log,
    onReconciled: metrics.reconciled,
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
    events,
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
    log: log.warn,
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
    log: log.warn,
  });
  campaigns.kinds.useActivation('simplifi', adCampaigns.activation);
  campaigns.kinds.onMoved(adCampaigns.moved);
  // Integrations (decision 0096): where leads go besides e-mail; every worker runs a delivery engine.
  const {
    http: integrationHttp,
    inbox: integrationInbox,
    providers: integrationProviders,
  } = createIntegrationProviders({ db, config, secrets, options: options.integrations });
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
    log: log.warn,
    batchLog: log.inBatch,
  });
  const leads = createLeadsModule({
    events,
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
    log: log.warn,
    batchLog: log.inBatch,
    deliveryRetryDelaySeconds: options.leadDeliveryRetryDelaySeconds,
  });
  // Every process's pixel hears a campaign's move (paused, stopped, resumed) at once.
  campaigns.kinds.onMoved(async (record) => leads.leads.forgetCampaign(record.publicId));
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
    log: log.warn,
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
    log: log.warn,
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
    log: log.warn,
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
    metrics,
  });
  log.useRoot(app.log);
  webhookInbox.app = app;
  // The demo seed, once across processes started at once (decision 0116): under its advisory lock the
  // first process seeds the empty database and makes the demo's money through the services; one that
  // waited for the lock finds the rows there and only makes sure of the demo's cards.
  const seeded =
    (options.seed ?? true) &&
    (await database.exclusively('leadorbit.demo-seed', async () => {
      const empty = !(await isSeeded(db));
      if (empty) await seedDemo(db, { hashPassword, putFile: storage.put });
      // The demo's money, made through the services (sandbox only, never beside a real gateway).
      if (!config.stripe)
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
          empty,
        );
      return empty;
    }));
  // The worker starts only now, with every plugin loaded: on PGlite its jobs share this process's one
  // thread and one connection, and a first start's jobs are heavy (the demo's vendor lists make the
  // sandbox generate 50,000 people). Started before, they starved the plugins' own file reads until
  // Fastify's 10 s plugin deadline crashed a first start on a busy machine (decision 0068).
  await app.ready();
  if (config.inProcessWorker) {
    await queue.work(handlers);
    leads.leads.startEngines();
    metrics.readDrainLoops(leads.leads.engineStats);
    integrations.engine.start();
    for (const job of billingJobs.atStart) await queue.trigger(job, {});
    // Locator mirrors are brought up to date at start, not at the next minute. On a demo's first start
    // today's enhance / b2b lists are asked for at once (dripped through the day), so a newcomer sees
    // them arrive; later starts leave it to the ten-minute sweep (asking a list makes the sandbox
    // vendor generate its people, which no test start should pay for).
    await queue.trigger(locatorMirrorJob, {});
    if (seeded) await queue.trigger(vendorListSweepJob, {});
  }
  // The demo's visitors (sandbox only, DEMO_VISITORS not off).
  const demoVisitors = startDemoVisitorsAtStart({
    config,
    settings: options.demoVisitors,
    db,
    identityResolver,
    app,
  });

  return {
    app,
    database,
    events,
    queue,
    handlers,
    metrics,
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
      await leads.leads.flushIntake();
      await leads.leads.stop();
      await leads.leads.stopPixelLimit().catch((err) => console.warn(`pixel rate limit: ${String(err)}`));
      await integrations.engine.stop();
      await integrationHttp.close();
      await integrationProviders.close();
      await app.close();
      await queue.stop();
      await events.close();
      if (ownsDatabase) await database.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof startRuntime>>;
