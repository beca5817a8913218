import type { Database } from '@app/db';
import type { JobQueue } from '../../jobs/job-queue.js';
import { outboxTransport } from '../../providers/mail/outbox-transport.js';
import { type DeliverEmailDependencies, deliverEmailHandler } from './deliver-email-job.js';
import { createMailRepository } from './mail-repository.js';
import { createMailService } from './mail-service.js';
import { outboxRoutes } from './outbox-routes.js';

export { deliverEmailJob } from './deliver-email-job.js';
export type { EmailRequest, MailService } from './mail-service.js';

/** Outgoing mail: stored first, delivered by a job (agency SMTP, system SMTP, or kept in the outbox). */
export function createMailModule(deps: {
  db: Database;
  queue: Pick<JobQueue, 'enqueueMany'>;
  smtp: DeliverEmailDependencies['smtp'];
  decryptSecret: DeliverEmailDependencies['decryptSecret'];
}) {
  const repo = createMailRepository(deps.db);
  return {
    mail: createMailService(repo, deps.queue),
    handlers: [
      deliverEmailHandler({
        repo,
        outbox: outboxTransport,
        smtp: deps.smtp,
        decryptSecret: deps.decryptSecret,
      }),
    ],
    routes: [outboxRoutes(repo)],
  };
}
