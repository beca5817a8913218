import { centsToDollars, DEFAULT_CAMPAIGN_TIME_ZONE, localDate } from '@app/contracts';
import { type Database, paymentReminders } from '@app/db';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { Clock } from '../../../lib/clock.js';
import type { MailService } from '../../mail/index.js';
import type { PaymentFailureRepository } from '../../payments/index.js';
import type { MainPersonOf } from '../../users/index.js';

/**
 * The daily reminder (decision 0075): while a payer owes a declined charge, its first person gets one
 * e-mail a day through the mail outbox. The day is the platform's billing day (the default campaign
 * zone) by the clock; `payment_reminders`' unique (payer, day) lets one run of the day through, however
 * often or concurrently the job runs. The row is written before the mail is queued: a crash between
 * the two loses that day's reminder rather than sending it twice.
 */
export function createPaymentReminders(deps: {
  db: Database;
  failures: Pick<PaymentFailureRepository, 'payersOwing' | 'openOf'>;
  /** Who gets the reminder: the payer's main person (`mainPersonOf` of the users module). */
  mainPerson: MainPersonOf;
  mail: Pick<MailService, 'queueEmail'>;
  clock: Clock;
  /** Where the reminder sends people (the web app's Card Setting). */
  cardSettingUrl?: string;
}) {
  const { db } = deps;

  return {
    async run(): Promise<{ sent: number }> {
      const now = deps.clock.now();
      const day = localDate(now, DEFAULT_CAMPAIGN_TIME_ZONE);
      let sent = 0;
      for (const payer of await deps.failures.payersOwing()) {
        const person = await deps.mainPerson(payer.payerCompanyId);
        if (!person?.email) continue;
        const claimed = await db
          .insert(paymentReminders)
          .values({
            systemId: payer.systemId,
            payerCompanyId: payer.payerCompanyId,
            day,
            total: payer.total,
            sentAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: paymentReminders.id });
        if (claimed.length === 0) continue;
        const open = await deps.failures.openOf(payer.payerCompanyId);
        const campaigns = open.campaignPublicIds.length
          ? ` for campaign${open.campaignPublicIds.length === 1 ? '' : 's'} ${open.campaignPublicIds.join(', ')}`
          : '';
        await deps.mail.queueEmail({
          systemId: payer.systemId,
          companyId: payer.payerCompanyId,
          to: person.email,
          subject: `Payment failed: $${centsToDollars(payer.total)} is still due`,
          text: [
            `Hello ${person.name},`,
            '',
            `A payment of $${centsToDollars(payer.total)}${campaigns} of ${person.companyName} was declined and is still due.`,
            'Campaigns paused for it run again once it is paid. Replace the card in Card Setting and the amount is charged at once.',
            ...(deps.cardSettingUrl ? ['', deps.cardSettingUrl] : []),
          ].join('\n'),
        });
        sent += 1;
      }
      return { sent };
    },
  };
}

export type PaymentReminders = ReturnType<typeof createPaymentReminders>;

export const paymentRemindersJob = defineJob({
  name: 'billing.payment-reminders',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  recurring: { cron: '0 * * * *' },
});

export function paymentRemindersHandler(deps: {
  reminders: Pick<PaymentReminders, 'run'>;
  log?: (message: string) => void;
}): JobHandler<typeof paymentRemindersJob.payload> {
  return {
    spec: paymentRemindersJob,
    async handle() {
      const { sent } = await deps.reminders.run();
      if (sent > 0) deps.log?.(`billing: ${sent} payment reminders queued`);
    },
  };
}
