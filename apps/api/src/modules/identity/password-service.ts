import type { AuditAction } from '@app/contracts';
import {
  CURRENT_PASSWORD_INVALID,
  CURRENT_PASSWORD_REQUIRED,
  type PasswordLinkPurpose,
} from '@app/contracts';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { requireAction } from '../../plugins/access.js';
import type { Principal } from '../tenancy/index.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { newOpaqueToken, sha256 } from './secure-tokens.js';
import type { TokenService } from './token-service.js';

const RESET_TTL_MS = 60 * 60_000;
/** What a refused link is called in its reason (an invited person never had a password to reset). */
const LINK_WORDS: Record<PasswordLinkPurpose, string> = {
  reset: 'password reset link',
  invitation: 'invitation link',
};
const LIMITS = {
  forgotPerIp: { limit: 20, windowSeconds: 900 },
  forgotPerAccount: { limit: 5, windowSeconds: 900 },
  resetPerIp: { limit: 30, windowSeconds: 900 },
  currentPassword: { limit: 10, windowSeconds: 900 },
} as const;

export interface PasswordDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Mails the link `{the user's web origin}/set-new-password/{token}?email=…` (`host`: the form's). */
  mailResetLink(user: UserRow, token: string, host: string): Promise<void>;
  /** Enqueues the reset-link job (`identity.password-reset-link`). */
  enqueueResetLink(input: ResetLinkRequest): Promise<void>;
  audit(event: { user: UserRow; action: AuditAction; description: string; ip: string }): Promise<void>;
}

export interface ResetLinkRequest {
  systemId: number;
  email: string;
  ip: string;
  /** The host the form was on. */
  host: string;
}

const currentPasswordError = (text: string) =>
  new HttpError(400, 'invalid_current_password', text, { currpassword: text });
const tooMany = () => new HttpError(429, 'rate_limited', 'Too many attempts. Please try again later.');

/** Forgot / reset / change password. Every password change ends the user's sessions. */
export function createPasswordService(deps: PasswordDependencies) {
  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    if (!(await deps.limiter.hit(key, rule)).allowed) throw tooMany();
  }

  /** One budget per account and address for every current-password check (change, profile, 2FA). */
  async function checkCurrentPassword(
    user: Pick<UserRow, 'id' | 'passwordHash'>,
    password: string,
    ip: string,
  ) {
    if (!password) throw currentPasswordError(CURRENT_PASSWORD_REQUIRED);
    await limit(`change:${user.id}:${ip}`, LIMITS.currentPassword);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
      throw currentPasswordError(CURRENT_PASSWORD_INVALID);
  }

  async function liveResetToken(token: string, email: string) {
    // Invitations (users module) and forgotten passwords share the form; the link says which it is.
    const row = await deps.repo.findOneTimeToken(['password_reset', 'invitation'], sha256(token));
    const found = row ? await deps.repo.findUser(row.userId) : undefined;
    const user = found?.email === email ? found : undefined;
    // Only a link that matches its account tells what kind it is.
    const purpose: PasswordLinkPurpose = user && row?.purpose === 'invitation' ? 'invitation' : 'reset';
    const link = LINK_WORDS[purpose];
    if (!row || !user) return { valid: false as const, purpose, reason: `This ${link} is not valid.` };
    if (row.usedAt) return { valid: false as const, purpose, reason: `This ${link} has already been used.` };
    if (row.expiresAt.getTime() <= Date.now())
      return {
        valid: false as const,
        purpose,
        reason:
          purpose === 'invitation'
            ? 'This invitation link has expired. Ask the person who invited you to send a new one.'
            : 'This password reset link has expired.',
      };
    return { valid: true as const, purpose, row, user };
  }

  return {
    /**
     * Accepts a forgot-password request: the limits, then the job that sends the link. Existing and
     * unknown accounts take the same steps here and get the same answer (no account probing).
     */
    async forgot(input: ResetLinkRequest): Promise<void> {
      await limit(`forgot:ip:${input.ip}`, LIMITS.forgotPerIp);
      await limit(`forgot:acct:${input.systemId}:${input.email}`, LIMITS.forgotPerAccount);
      await deps.enqueueResetLink({
        systemId: input.systemId,
        email: input.email,
        ip: input.ip,
        host: input.host,
      });
    },

    /** The job's work: a reset link to the account, when it exists and is not disabled. */
    async sendResetLink(input: ResetLinkRequest): Promise<void> {
      const user = await deps.repo.findUserByEmail(input.systemId, input.email);
      if (!user || user.status === 'disabled') return;
      const token = newOpaqueToken();
      await deps.repo.createOneTimeToken({
        purpose: 'password_reset',
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      await deps.mailResetLink(user, token, input.host);
      await deps.audit({
        user,
        action: 'password_reset_requested',
        description: 'Asked for a password reset link',
        ip: input.ip,
      });
    },

    async verifyResetToken(input: { token: string; email: string; ip: string }) {
      await limit(`reset:ip:${input.ip}`, LIMITS.resetPerIp);
      const result = await liveResetToken(input.token, input.email);
      return { valid: result.valid, reason: result.valid ? '' : result.reason, purpose: result.purpose };
    },

    /**
     * Sets a new password from a reset link, or a first one from an invitation (which also makes the
     * account active); answers which of the two it was. Two-factor still applies at the next sign-in.
     */
    async reset(input: {
      token: string;
      email: string;
      password: string;
      ip: string;
    }): Promise<PasswordLinkPurpose> {
      await limit(`reset:ip:${input.ip}`, LIMITS.resetPerIp);
      const result = await liveResetToken(input.token, input.email);
      if (!result.valid) throw new HttpError(400, 'invalid_reset_token', result.reason);
      if (!(await deps.repo.useOneTimeToken(result.row.id))) {
        throw new HttpError(
          400,
          'invalid_reset_token',
          `This ${LINK_WORDS[result.purpose]} has already been used.`,
        );
      }
      await deps.repo.setPasswordHash(result.user.id, await hashPassword(input.password));
      await deps.tokens.revokeUser(result.user.id, 'password reset');
      await deps.audit({
        user: result.user,
        action: 'password_reset',
        description:
          result.purpose === 'invitation'
            ? 'Accepted the invitation and chose a password'
            : 'Reset the password with a link',
        ip: input.ip,
      });
      return result.purpose;
    },

    /**
     * The gate of every sensitive change of one's own account (password, e-mail address, two-factor):
     * refused in view mode (403, the policy's `account.password`), then the current password (400,
     * limited like the other password checks). Throws; nothing is changed before it passes.
     */
    async reauthenticate(input: {
      principal: Principal;
      user: Pick<UserRow, 'id' | 'passwordHash'>;
      password: string | undefined;
      ip: string;
    }): Promise<void> {
      requireAction(input.principal, 'account.password');
      await checkCurrentPassword(input.user, input.password ?? '', input.ip);
    },

    /** The signed-in user changes their own password (spec 1 §5); other sessions end. */
    async change(input: {
      user: UserRow;
      current: string;
      next: string;
      ip: string;
      familyId: string;
    }): Promise<void> {
      await checkCurrentPassword(input.user, input.current, input.ip);
      await deps.repo.setPasswordHash(input.user.id, await hashPassword(input.next));
      // The session that changed it stays; every other one ends.
      await deps.tokens.revokeUser(input.user.id, 'password changed', input.familyId);
      await deps.audit({
        user: input.user,
        action: 'password_changed',
        description: 'Changed the password',
        ip: input.ip,
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
