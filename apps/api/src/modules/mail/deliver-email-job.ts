import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { MailTransport, SmtpSettings } from '../../providers/mail/mail-transport.js';
import { OutboundRefusedError } from '../../providers/outbound/safe-resolve.js';
import type { MailRepository } from './mail-repository.js';

export const deliverEmailJob = defineJob({
  name: 'email.deliver',
  payload: z.object({ messageId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});

export interface DeliverEmailDependencies {
  repo: MailRepository;
  outbox: MailTransport;
  smtp(settings: SmtpSettings): MailTransport;
  decryptSecret(sealed: string): Promise<string>;
}

/**
 * Delivers a stored message through the SMTP server that applies to it, or keeps it in the
 * outbox. Idempotent: a message already sent or kept is not delivered again.
 */
export function deliverEmailHandler(
  deps: DeliverEmailDependencies,
): JobHandler<typeof deliverEmailJob.payload> {
  return {
    spec: deliverEmailJob,
    async handle({ messageId }, { isLastAttempt }) {
      const message = await deps.repo.get(messageId);
      if (!message || message.status === 'sent' || message.status === 'kept') return;
      const settings = await deps.repo.findSmtp(message.systemId, message.companyId);
      const transport = settings
        ? deps.smtp({
            host: settings.host,
            port: settings.port,
            secure: settings.secure,
            username: settings.username,
            password: settings.passwordEncrypted ? await deps.decryptSecret(settings.passwordEncrypted) : '',
            companyId: settings.companyId,
          })
        : deps.outbox;
      const attachments = await deps.repo.attachmentsOf(messageId);
      try {
        const result = await transport.deliver({
          from: { address: message.fromAddress, name: message.fromName },
          replyTo: message.replyTo || undefined,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          ...(attachments.length ? { attachments } : {}),
        });
        await deps.repo.recordAttempt(messageId, {
          transport: transport.name,
          status: result.status,
          lastError: null,
          providerMessageId: result.status === 'sent' ? result.providerMessageId : null,
          sentAt: new Date(),
        });
      } catch (err) {
        // A server the guard refuses (private or unknown address) stays refused: no retries.
        const final = isLastAttempt || err instanceof OutboundRefusedError;
        await deps.repo.recordAttempt(messageId, {
          transport: transport.name,
          status: final ? 'failed' : 'queued',
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        });
        if (!(err instanceof OutboundRefusedError)) throw err;
      }
    },
  };
}
