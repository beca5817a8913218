import type { MailService } from '../mail/index.js';
import type { MainPersonOf } from '../users/index.js';
import { PAUSED_FAILING } from './delivery-engine.js';

/**
 * The e-mail to a connection's owner when the engine paused it: what failed and what to do. The
 * mail's key is the pause's (connection and the moment it paused), so a pause is told once.
 */
export function createNotifyPaused(deps: {
  mail: Pick<MailService, 'queueEmail'>;
  mainPerson: MainPersonOf;
  providerName: (slug: string) => string;
  /** Where the integration's page is for this company (its own domain). */
  pageUrl: (companyId: number, slug: string) => Promise<string>;
}) {
  return async (connection: { id: number; companyId: number; provider: string }, pausedAt: Date) => {
    const person = await deps.mainPerson(connection.companyId);
    if (!person) return;
    const name = deps.providerName(connection.provider);
    await deps.mail.queueEmail({
      systemId: person.systemId,
      companyId: connection.companyId,
      to: person.email,
      key: `integration-paused:${connection.id}:${pausedAt.toISOString()}`,
      subject: `Your ${name} integration was paused`,
      text: [
        `Hello ${person.name},`,
        '',
        `Every lead we tried to deliver to your ${name} integration for ${person.companyName} failed for over an hour, so we paused it.`,
        PAUSED_FAILING,
        '',
        'Leads found meanwhile wait for it; none is lost. Open the integration, look at the last errors in its delivery console, fix the endpoint and choose Resume:',
        await deps.pageUrl(connection.companyId, connection.provider),
      ].join('\n'),
    });
  };
}
