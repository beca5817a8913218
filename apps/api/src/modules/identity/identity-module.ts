import type { AuditAction } from '@app/contracts';
import type { Database } from '@app/db';
import { showsDeveloper } from '@app/policy';
import type { JobQueue } from '../../jobs/job-queue.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import { createRateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditLog } from '../audit/index.js';
import type { DomainService, WebOrigins } from '../domains/index.js';
import type { FileLinks } from '../files/index.js';
import type { MailService } from '../mail/index.js';
import type { TreePosition } from './actable-target.js';
import { createAuthenticator, createPersonReader } from './authenticate.js';
import { emailChangeRoutes } from './email-change-routes.js';
import { createEmailChangeService } from './email-change-service.js';
import { createIdentityRepository } from './identity-repository.js';
import { type IdentityRouteDependencies, identityRoutes } from './identity-routes.js';
import { createLoginService } from './login-service.js';
import { passwordResetLinkHandler, passwordResetLinkJob } from './password-reset-job.js';
import { createPasswordService } from './password-service.js';
import { createSessionUserReader } from './session-user.js';
import { createSetupCheckReader } from './setup-check.js';
import { ssoRoutes } from './sso-routes.js';
import { createTokenService, type TokenSettings } from './token-service.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { viewModeRoutes } from './view-mode-routes.js';

export interface IdentityModuleDependencies {
  db: Database;
  domains: DomainService;
  mail: MailService;
  /** Enqueues the forgot-password job. */
  queue: Pick<JobQueue, 'enqueue'>;
  /** Where links in e-mails point: hosts the server knows for the recipient (decision 0019). */
  origins: WebOrigins;
  audit: AuditLog;
  secrets: SecretBox;
  filesBaseUrl: string;
  fileLinks: FileLinks;
  requireHuman: IdentityRouteDependencies['requireHuman'];
  /** A company's place in the tree, to know whom a person may act as. */
  companyOf(companyId: number): Promise<TreePosition | undefined>;
  /** The system's name: the issuer authenticator apps show. */
  systemName(systemId: number): Promise<string | undefined>;
  tokenSettings?: Omit<TokenSettings, 'jwtKey'>;
  /** Sign-in attempts one client address may make in 5 minutes (`LOGIN_ATTEMPTS_PER_IP`). */
  loginAttemptsPerIp: number;
}

/**
 * Wires the identity capability: sign-in and sessions, passwords and e-mail changes, two-factor
 * settings, view mode and single sign-on; the authenticator the access plugin uses; the
 * forgot-password job.
 */
export async function createIdentityModule(deps: IdentityModuleDependencies) {
  const repo = createIdentityRepository(deps.db);
  const jwtKey = Buffer.from(await loadOrCreateSecret(deps.db, 'jwt_key'), 'base64');
  const codeKey = await loadOrCreateSecret(deps.db, 'code_key');
  const tokens = createTokenService(repo, { jwtKey, ...deps.tokenSettings });
  const limiter = createRateLimiter(deps.db);
  const audit = async (e: {
    user: { id: number; systemId: number; companyId: number };
    action: AuditAction;
    description: string;
    ip: string;
  }) =>
    deps.audit.record({
      systemId: e.user.systemId,
      companyId: e.user.companyId,
      userId: e.user.id,
      action: e.action,
      category: 'auth',
      description: e.description,
      ip: e.ip,
    });

  const login = createLoginService({
    repo,
    tokens,
    limiter,
    loginAttemptsPerIp: deps.loginAttemptsPerIp,
    codeKey,
    decryptSecret: deps.secrets.open,
    audit,
    async sendLoginCode(user, code) {
      await deps.mail.queueEmail({
        systemId: user.systemId,
        companyId: user.companyId,
        to: user.email,
        subject: 'Your sign-in code',
        text: `Your sign-in code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.`,
      });
    },
  });

  const passwords = createPasswordService({
    repo,
    tokens,
    limiter,
    audit,
    async enqueueResetLink(input) {
      await deps.queue.enqueue(passwordResetLinkJob, input);
    },
    async mailResetLink(user, token, host) {
      const origin = await deps.origins.ofCompany(user.companyId, host);
      const link = `${origin}/set-new-password/${token}?email=${encodeURIComponent(user.email)}`;
      await deps.mail.queueEmail({
        systemId: user.systemId,
        companyId: user.companyId,
        to: user.email,
        subject: 'Reset your password',
        text: `Open this link to choose a new password (valid for one hour, once):\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
      });
    },
  });

  const emailChanges = createEmailChangeService({
    repo,
    limiter,
    audit,
    async mailConfirmation(user, newEmail, token, host) {
      const link = `${await deps.origins.ofCompany(user.companyId, host)}/confirm-email/${token}`;
      await deps.mail.queueEmail({
        systemId: user.systemId,
        companyId: user.companyId,
        to: newEmail,
        subject: 'Confirm your new e-mail address',
        text: `Open this link to make ${newEmail} the e-mail address of your account (valid for 24 hours, once):\n${link}\n\nIf you did not ask for it, ignore this e-mail: nothing changes.`,
      });
    },
    // No link here: whoever reads the old address needs none, and none can be abused.
    async mailAddressInUse(user, newEmail) {
      await deps.mail.queueEmail({
        systemId: user.systemId,
        companyId: user.companyId,
        to: newEmail,
        subject: 'Someone tried to use your e-mail address',
        text: `Someone asked to make ${newEmail} the address of another account on this platform. Your address is already in use by your own account, so nothing changes.\n\nIf you are not expecting this, you can ignore this e-mail.`,
      });
    },
    async mailNotice(user, newEmail) {
      await deps.mail.queueEmail({
        systemId: user.systemId,
        companyId: user.companyId,
        to: user.email,
        subject: 'Your e-mail address is being changed',
        text: `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change takes effect only once the link sent to that address is opened; until then you keep signing in with this address.\n\nIf this was not you, sign in and change your password now.`,
      });
    },
  });

  const routeDeps: IdentityRouteDependencies = {
    domains: deps.domains,
    login,
    passwords,
    tokens,
    repo,
    readSessionUser: createSessionUserReader(deps.db, deps.filesBaseUrl, deps.fileLinks),
    readSetupCheck: createSetupCheckReader(deps.db),
    requireHuman: deps.requireHuman,
  };

  return {
    tokens,
    limiter,
    /**
     * Whether a person's profile menu offers Developer (`@app/policy` showsDeveloper), from the same
     * session user and setup check the web decides with: the Developer API asks it before it makes a key.
     */
    async showsDeveloperEntry(userId: number): Promise<boolean> {
      const [user, setup] = await Promise.all([
        routeDeps.readSessionUser(userId),
        routeDeps.readSetupCheck(userId),
      ]);
      return user !== null && showsDeveloper({ setup }, user);
    },
    passwords,
    emailChanges,
    routes: [
      identityRoutes(routeDeps),
      ssoRoutes({ repo, tokens, audit: deps.audit, companyOf: deps.companyOf, origins: deps.origins }),
      viewModeRoutes({ repo, tokens, audit: deps.audit, companyOf: deps.companyOf }),
      twoFactorRoutes({
        repo,
        audit: deps.audit,
        sealSecret: deps.secrets.seal,
        issuerFor: async (systemId) => (await deps.systemName(systemId)) ?? 'LeadOrbit',
        reauthenticate: passwords.reauthenticate,
      }),
      emailChangeRoutes(emailChanges),
    ],
    authenticate: createAuthenticator(tokens, repo),
    personOf: createPersonReader(repo),
    handlers: [passwordResetLinkHandler({ sendResetLink: passwords.sendResetLink })],
  };
}
