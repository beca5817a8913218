import { newOpaqueToken, sha256 } from '../identity/index.js';
import type { MailService } from '../mail/index.js';
import type { UserManagementRepository } from './user-management-repository.js';

/** An invitation stays usable for a week; a resend replaces it. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export interface Invitee {
  id: number;
  systemId: number;
  companyId: number;
  email: string;
  name: string;
}

/**
 * Invitations ride on the password-reset mechanism of the identity module: a single-use token in
 * `one_time_tokens` (only its hash stored) and the same `/set-new-password/{token}?email=` page,
 * so an invited person chooses a password exactly like someone who forgot theirs. Sending a new
 * link first kills every unused one.
 */
export function createInvitations(deps: {
  repo: Pick<UserManagementRepository, 'expirePasswordLinks' | 'createPasswordLink'>;
  mail: Pick<MailService, 'queueEmail'>;
}) {
  return {
    async send(invitee: Invitee, input: { origin: string; platformName: string; invitedBy: string }) {
      await deps.repo.expirePasswordLinks(invitee.id);
      const token = newOpaqueToken();
      await deps.repo.createPasswordLink(invitee.id, sha256(token), new Date(Date.now() + INVITATION_TTL_MS));
      const link = `${input.origin}/set-new-password/${token}?email=${encodeURIComponent(invitee.email)}`;
      await deps.mail.queueEmail({
        systemId: invitee.systemId,
        companyId: invitee.companyId,
        to: invitee.email,
        subject: `You are invited to ${input.platformName}`,
        text: `Hello ${invitee.name},\n\n${input.invitedBy} has created an account for you on ${input.platformName}.\nOpen this link to set your password (valid for 7 days, once):\n${link}\n\nYour sign-in e-mail is ${invitee.email}.`,
      });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
