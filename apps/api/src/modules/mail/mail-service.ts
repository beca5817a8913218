import type { JobQueue } from '../../jobs/job-queue.js';
import { deliverEmailJob } from './deliver-email-job.js';
import type { MailRepository } from './mail-repository.js';

export interface EmailRequest {
  systemId: number;
  /** The agency or client the mail is about; its agency's SMTP is used when it has one. */
  companyId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an e-mail: the message is stored first (so it is never lost and operators can read it),
 * then a delivery job is enqueued. Delivery never happens inside a request.
 */
export function createMailService(repo: MailRepository, queue: Pick<JobQueue, 'enqueue'>) {
  return {
    async queueEmail(request: EmailRequest): Promise<number> {
      const companyId = request.companyId ?? null;
      const smtp = await repo.findSmtp(request.systemId, companyId);
      const domain = (await repo.systemDomain(request.systemId)) ?? 'localhost';
      const message = await repo.insert({
        systemId: request.systemId,
        companyId,
        toAddress: request.to.toLowerCase(),
        fromAddress: smtp?.fromAddress ?? `no-reply@${domain}`,
        fromName: smtp?.fromName ?? '',
        replyTo: smtp?.replyTo ?? '',
        subject: request.subject,
        textBody: request.text,
        htmlBody: request.html ?? null,
      });
      await queue.enqueue(deliverEmailJob, { messageId: message.id });
      return message.id;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
