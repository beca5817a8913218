import type { AuditAction } from '@app/contracts';
import { EMAIL_CHANGED, PROFILE_EMAIL_TAKEN } from '@app/contracts';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import { newOpaqueToken, sha256 } from './secure-tokens.js';

const LINK_TTL_MS = 24 * 60 * 60_000;
const CONFIRM_PER_IP = { limit: 30, windowSeconds: 900 } as const;

export interface EmailChangeDependencies {
  repo: IdentityRepository;
  limiter: RateLimiter;
  /** Mails `{the person's web origin}/confirm-email/{token}` to the new address (`host`: the page they were on). */
  mailConfirmation(user: UserRow, newEmail: string, token: string, host?: string): Promise<void>;
  /** Tells the holder of an address that someone asked to use it for another account; nothing changes. */
  mailAddressInUse(user: UserRow, newEmail: string): Promise<void>;
  /** Tells the current address that a change was asked, naming the new one; no link in it. */
  mailNotice(user: UserRow, newEmail: string): Promise<void>;
  audit(event: { user: UserRow; action: AuditAction; description: string; ip: string }): Promise<void>;
}

const invalidLink = (reason: string) => new HttpError(400, 'invalid_email_change_token', reason);

/**
 * A new e-mail address takes effect only once its owner opens the link sent to it (single use,
 * 24 hours; a newer request spends the older link). Until then the account keeps its address, and
 * that address is told about the change. The caller has re-authenticated before `request`. An address
 * another account holds gets a note instead of a link, and the caller hears the same as for a free
 * one: asking is no way to learn who has an account (decision 0019).
 */
export function createEmailChangeService(deps: EmailChangeDependencies) {
  return {
    async request(input: { user: UserRow; newEmail: string; ip: string; host?: string }): Promise<void> {
      const { user, newEmail } = input;
      await deps.repo.spendOneTimeTokens(user.id, 'email_change');
      if (await deps.repo.emailTaken(user.systemId, newEmail, user.id)) {
        await deps.mailAddressInUse(user, newEmail);
        await deps.audit({
          user,
          action: 'email_change_refused',
          description: `Asked to change the e-mail address to ${newEmail}, which another account holds`,
          ip: input.ip,
        });
        return;
      }
      const token = newOpaqueToken();
      await deps.repo.createOneTimeToken({
        purpose: 'email_change',
        userId: user.id,
        tokenHash: sha256(token),
        newEmail,
        expiresAt: new Date(Date.now() + LINK_TTL_MS),
      });
      await deps.mailConfirmation(user, newEmail, token, input.host);
      await deps.mailNotice(user, newEmail);
      await deps.audit({
        user,
        action: 'email_change_requested',
        description: `Asked to change the e-mail address to ${newEmail}`,
        ip: input.ip,
      });
    },

    /** Opens a confirmation link: the account takes the new address, once. */
    async confirm(input: { token: string; ip: string }): Promise<{ message: string }> {
      if (!(await deps.limiter.hit(`confirm-email:ip:${input.ip}`, CONFIRM_PER_IP)).allowed)
        throw new HttpError(429, 'rate_limited', 'Too many attempts. Please try again later.');
      const row = await deps.repo.findOneTimeToken('email_change', sha256(input.token));
      const user = row ? await deps.repo.findUser(row.userId) : undefined;
      if (!row?.newEmail || !user || user.status === 'disabled')
        throw invalidLink('This confirmation link is not valid.');
      if (row.usedAt) throw invalidLink('This confirmation link has already been used.');
      if (row.expiresAt.getTime() <= Date.now()) throw invalidLink('This confirmation link has expired.');
      const taken = () => new HttpError(400, 'email_taken', PROFILE_EMAIL_TAKEN);
      if (await deps.repo.emailTaken(user.systemId, row.newEmail, user.id)) throw taken();
      if (!(await deps.repo.useOneTimeToken(row.id)))
        throw invalidLink('This confirmation link has already been used.');
      if (!(await deps.repo.setEmail(user.id, row.newEmail))) throw taken();
      await deps.audit({
        user,
        action: 'email_changed',
        description: `Changed the e-mail address from ${user.email} to ${row.newEmail}`,
        ip: input.ip,
      });
      return { message: EMAIL_CHANGED };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
