import type { JobQueue } from '../../jobs/job-queue.js';
import { deliverEmailJob } from './deliver-email-job.js';
import type { EmailAttachment, MailRepository } from './mail-repository.js';

export type { EmailAttachment } from './mail-repository.js';

export interface EmailRequest {
  systemId: number;
  /** The agency or client the mail is about; its agency's SMTP is used when it has one. */
  companyId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (an invoice's PDF); kept with the message in the outbox. */
  attachments?: readonly EmailAttachment[];
  /**
   * The business operation it is for (`invoice:<id>`): a mail whose key was stored before is not
   * stored again, so a job that runs twice, or a crash before it recorded its mail, sends one.
   */
  key?: string;
}

interface Sender {
  fromAddress: string;
  fromName: string;
  replyTo: string;
}

/**
 * Queues e-mails: the messages are stored first (so they are never lost and operators can read
 * them), then their delivery jobs are enqueued. Delivery never happens inside a request.
 */
export function createMailService(repo: MailRepository, queue: Pick<JobQueue, 'enqueueMany'>) {
  async function senderOf(systemId: number, companyId: number | null): Promise<Sender> {
    const smtp = await repo.findSmtp(systemId, companyId);
    const domain = (await repo.systemDomain(systemId)) ?? 'localhost';
    return {
      fromAddress: smtp?.fromAddress ?? `no-reply@${domain}`,
      fromName: smtp?.fromName ?? '',
      replyTo: smtp?.replyTo ?? '',
    };
  }

  /**
   * A batch costs one sender lookup per company, one insert and one enqueue, whatever its size:
   * the lead delivery job sends up to a hundred at a time, and on PGlite's single connection a few
   * statements per mail held up ingestion.
   */
  async function queueEmails(requests: readonly EmailRequest[]): Promise<number[]> {
    if (!requests.length) return [];
    const senders = new Map<string, Promise<Sender>>();
    const messages = await Promise.all(
      requests.map(async (request) => {
        const companyId = request.companyId ?? null;
        const key = `${request.systemId}:${companyId}`;
        let sender = senders.get(key);
        if (!sender) {
          sender = senderOf(request.systemId, companyId);
          senders.set(key, sender);
        }
        return {
          systemId: request.systemId,
          companyId,
          toAddress: request.to.toLowerCase(),
          ...(await sender),
          subject: request.subject,
          textBody: request.text,
          htmlBody: request.html ?? null,
          dedupeKey: request.key ?? null,
          ...(request.attachments ? { attachments: request.attachments } : {}),
        };
      }),
    );
    const stored = await repo.insertMany(messages);
    // A keyed mail stored before gets its delivery job again: delivery skips what was sent or kept,
    // and a crash between the message and its job is finished this way.
    await queue.enqueueMany(
      deliverEmailJob,
      stored.map(({ id }) => ({ messageId: id })),
    );
    return stored.map(({ id }) => id);
  }

  return {
    queueEmails,
    async queueEmail(request: EmailRequest): Promise<number> {
      const [id] = await queueEmails([request]);
      if (id === undefined) throw new Error('the e-mail was not stored');
      return id;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
