import { join } from 'node:path';
import { importEnvelopeKey } from '@app/contracts';
import { type DatabaseHandle, isSeeded, openDatabase, seedDemo } from '@app/db';
import { type AppDependencies, buildApp } from './app.js';
import type { Config } from './config.js';
import type { JobHandler } from './jobs/define-job.js';
import { type JobQueue, startJobQueue } from './jobs/job-queue.js';
import { JOB_SPECS } from './jobs/registry.js';
import { loadOrCreateSecret } from './lib/app-secrets.js';
import { createSecretBox } from './lib/secret-box.js';
import { appConfigRoutes } from './modules/app-config/app-config-routes.js';
import { createAuditLog } from './modules/audit/audit-log.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { createUserLogRepository } from './modules/audit/user-log-repository.js';
import { userLogRoutes } from './modules/audit/user-log-routes.js';
import { createUserLogService } from './modules/audit/user-log-service.js';
import { botCheckRoutes } from './modules/bot-check/bot-check-routes.js';
import { createRequireHuman } from './modules/bot-check/require-human.js';
import { documentRoutes } from './modules/documents/document-routes.js';
import { createDocumentService } from './modules/documents/document-service.js';
import { createDomainRepository } from './modules/domains/domain-repository.js';
import { domainRoutes } from './modules/domains/domain-routes.js';
import { createDomainService } from './modules/domains/domain-service.js';
import { createWebOrigins } from './modules/domains/web-origins.js';
import { createFileLinks } from './modules/files/file-links.js';
import { fileRoutes } from './modules/files/file-routes.js';
import { createGroupRepository } from './modules/groups/group-repository.js';
import { groupRoutes } from './modules/groups/group-routes.js';
import { emailChangeRoutes } from './modules/identity/email-change-routes.js';
import { createIdentityModule } from './modules/identity/identity-module.js';
import { identityRoutes } from './modules/identity/identity-routes.js';
import { hashPassword } from './modules/identity/password-hasher.js';
import { ssoRoutes } from './modules/identity/sso-routes.js';
import type { TokenSettings } from './modules/identity/token-service.js';
import { twoFactorRoutes } from './modules/identity/two-factor-routes.js';
import { viewModeRoutes } from './modules/identity/view-mode-routes.js';
import { deliverEmailHandler } from './modules/mail/deliver-email-job.js';
import { createMailRepository } from './modules/mail/mail-repository.js';
import { createMailService } from './modules/mail/mail-service.js';
import { outboxRoutes } from './modules/mail/outbox-routes.js';
import { createProfileRepository } from './modules/profile/profile-repository.js';
import { profileRoutes } from './modules/profile/profile-routes.js';
import { createProfileService } from './modules/profile/profile-service.js';
import { referenceRoutes } from './modules/reference/reference-routes.js';
import { registrationRoutes } from './modules/registration/registration-routes.js';
import { createRegistrationService } from './modules/registration/registration-service.js';
import { createReportRepository } from './modules/reports/report-repository.js';
import { reportRoutes } from './modules/reports/report-routes.js';
import { createReportService } from './modules/reports/report-service.js';
import { roleAdminRoutes } from './modules/roles/role-admin-routes.js';
import { roleModuleRoutes } from './modules/roles/role-module-routes.js';
import { createRoleRepository } from './modules/roles/role-repository.js';
import { createRoleService } from './modules/roles/role-service.js';
import { salesRoutes } from './modules/sales/sales-routes.js';
import { createSettingsModule } from './modules/settings/settings-module.js';
import { createScopeService } from './modules/tenancy/scope-service.js';
import { usersModuleRoutes } from './modules/users/users-module.js';
import { type AltchaBotCheckOptions, createAltchaBotCheck } from './providers/bot-check/altcha-bot-check.js';
import { createBotCheckRepository } from './providers/bot-check/bot-check-repository.js';
import { createRecaptchaVerifier } from './providers/bot-check/recaptcha-bot-check.js';
import { createSystemBotCheck } from './providers/bot-check/system-bot-check.js';
import { createLocalFileStorage } from './providers/files/local-file-storage.js';
import { outboxTransport } from './providers/mail/outbox-transport.js';

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
  const mailRepo = createMailRepository(database.db);
  const mail = createMailService(mailRepo, queue);
  const filesBaseUrl = `${config.publicApiBase}/files`;
  const domainRepo = createDomainRepository(database.db);
  const domains = createDomainService(domainRepo, { filesBaseUrl });
  // Links in e-mails: known hosts only, with the deployment's scheme and port (decision 0019).
  const origins = createWebOrigins(domainRepo, config.publicWeb);
  const settings = createSettingsModule(database.db, { invalidateDomains: domains.invalidate, queue });
  const handlers: JobHandler[] = [
    deliverEmailHandler({
      repo: mailRepo,
      outbox: outboxTransport,
      smtp: settings.smtp.transport,
      decryptSecret: secrets.open,
    }),
    ...settings.handlers,
  ];
  const documents = createDocumentService(database.db, domains);
  const audit = createAuditLog(database.db);
  const fileLinks = createFileLinks(await loadOrCreateSecret(database.db, 'file_link_key'), filesBaseUrl);

  const botCheckRepo = createBotCheckRepository(database.db);
  const botCheck = createSystemBotCheck({
    altcha: createAltchaBotCheck({
      hmacKey: await loadOrCreateSecret(database.db, 'altcha_hmac_key'),
      uses: botCheckRepo.uses,
      ...config.altcha,
      ...options.altcha,
    }),
    recaptcha: createRecaptchaVerifier(),
    recaptchaSettings: botCheckRepo.getRecaptchaSettings,
    decryptSecret: secrets.open,
  });
  const requireHuman = createRequireHuman(botCheck, domains);
  const identity = await createIdentityModule({
    db: database.db,
    domains,
    mail,
    queue,
    origins,
    audit,
    secrets,
    filesBaseUrl,
    fileLinks,
    requireHuman,
    tokenSettings: { accessTtlSeconds: config.accessTokenTtlSeconds, ...options.tokenSettings },
  });
  handlers.push(...identity.handlers);
  if (config.inProcessWorker) await queue.work(handlers);
  const scope = createScopeService(database.db);
  const referralKey = await loadOrCreateSecret(database.db, 'referral_key');
  const registration = createRegistrationService({
    db: database.db,
    domains,
    tokens: identity.tokens,
    limiter: identity.limiter,
    audit,
    mail,
    origins,
    secrets,
    referralKey,
  });
  // Every module's routes, in one list: what the product answers under /api.
  const routes = [
    appConfigRoutes({ apiBase: config.publicApiBase, dtKey: dtKeyBase64, version: '1.0.0' }),
    domainRoutes(domains),
    documentRoutes(documents),
    fileRoutes(database.db, storage, fileLinks),
    identityRoutes(identity.routes),
    botCheckRoutes(botCheck, domains.systemOf),
    auditRoutes(audit),
    userLogRoutes(
      createUserLogService({ repo: createUserLogRepository(database.db), audit, inScope: scope.inScope }),
    ),
    groupRoutes(createGroupRepository(database.db)),
    salesRoutes(database.db, audit),
    // Agency subdomains and custom domains follow the settings module's rules wherever they change.
    ...usersModuleRoutes({
      db: database.db,
      audit,
      mail,
      hosts: settings.hosts,
      origins,
      inScope: scope.inScope,
      limiter: identity.limiter,
    }),
    roleModuleRoutes(createRoleRepository(database.db)),
    roleAdminRoutes(createRoleService({ repo: createRoleRepository(database.db), audit })),
    profileRoutes(
      createProfileService({
        repo: createProfileRepository(database.db),
        storage,
        tokens: identity.tokens,
        audit,
        domains,
        hosts: settings.hosts,
        filesBaseUrl,
        fileLinks,
        passwords: identity.passwords,
        emailChanges: identity.emailChanges,
      }),
    ),
    emailChangeRoutes(identity.emailChanges),
    outboxRoutes(database.db),
    referenceRoutes,
    reportRoutes(createReportService(createReportRepository(database.db))),
    settings.routes({
      audit,
      storage,
      secrets,
      inScope: scope.inScope,
      filesBaseUrl,
      limiter: identity.limiter,
    }),
    ssoRoutes({
      repo: identity.repo,
      tokens: identity.tokens,
      domains,
      audit,
      companyOf: domainRepo.getCompany,
      webOrigin: identity.routes.webOrigin,
    }),
    registrationRoutes({
      registration,
      referralKey,
      requireHuman,
      origins,
    }),
    viewModeRoutes({
      repo: identity.repo,
      tokens: identity.tokens,
      audit,
      companyOf: domainRepo.getCompany,
    }),
    twoFactorRoutes({
      repo: identity.repo,
      audit,
      sealSecret: secrets.seal,
      issuerFor: async (systemId) => (await domainRepo.getSystem(systemId))?.name ?? 'LeadOrbit',
      reauthenticate: identity.passwords.reauthenticate,
    }),
  ];
  const app = await buildApp({
    config,
    database,
    dtKey: await importEnvelopeKey(dtKeyBase64),
    authenticate: identity.authenticate,
    inScope: scope.inScope,
    audit,
    routes,
    logger: options.logger,
    onRouteRegistered: options.onRouteRegistered,
  });

  return {
    app,
    database,
    queue,
    handlers,
    dtKey: dtKeyBase64,
    routes,
    services: { mail, domains, documents, secrets, storage, identity, botCheck, audit, scope },
    seeded,
    async close() {
      await app.close();
      await queue.stop();
      if (ownsDatabase) await database.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof startRuntime>>;
