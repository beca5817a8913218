import { formatUsdCents } from '@app/contracts';
import type { Clock } from '../../../lib/clock.js';
import type { MailService } from '../../mail/index.js';
import type { MainPersonOf } from '../../users/index.js';
import type {
  MinimumSpendChargeRepository,
  MinimumSpendChargeRow,
} from './minimum-spend-charge-repository.js';

/** The notice's text: the month, its minimum, what was spent, the shortfall and what became of it. */
export function minimumSpendNotice(
  row: MinimumSpendChargeRow,
  person: { name: string; companyName: string },
) {
  const paid = row.status === 'paid';
  // Paid without a charge: the agency's Data Wallet covered it (decision 0085).
  const fromWallet = paid && row.chargeId === null;
  return {
    subject: fromWallet
      ? 'Minimum spend: shortfall paid from your Data Wallet'
      : paid
        ? 'Minimum spend: shortfall charged'
        : 'Minimum spend: we could not charge the shortfall',
    text: [
      `Hello ${person.name},`,
      '',
      `Your minimum spend for ${row.startDate} to ${row.endDate} was ${formatUsdCents(row.minimum)}.`,
      `Wholesale spent in that period: ${formatUsdCents(row.spent)}.`,
      `Shortfall: ${formatUsdCents(row.shortfall)}.`,
      fromWallet
        ? `We paid the shortfall of ${formatUsdCents(row.shortfall)} from your Data Wallet.`
        : paid
          ? `We charged the shortfall of ${formatUsdCents(row.shortfall)} to your card.`
          : `We could not charge the shortfall of ${formatUsdCents(row.shortfall)} to your card${row.failureMessage ? `: ${row.failureMessage}` : '.'} Please update your card in Card Setting.`,
      `Company: ${person.companyName}`,
      `Reference: ${row.businessKey}`,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

/**
 * The notice e-mail of each charged or declined month, once (decision 0077): the month is claimed
 * (`notice_queued_at`) before the mail is queued, so runs at once queue it once.
 */
export function createMinimumSpendNotices(deps: {
  repo: MinimumSpendChargeRepository;
  /** Who gets the notice: the agency's main person (`mainPersonOf` of the users module). */
  mainPerson: MainPersonOf;
  mail: Pick<MailService, 'queueEmail'>;
  clock: Clock;
}) {
  return {
    async send(limit = 200): Promise<number> {
      let queued = 0;
      for (const row of await deps.repo.noticesDue(limit)) {
        if (!(await deps.repo.claimNotice(row.id, deps.clock.now()))) continue;
        const person = await deps.mainPerson(row.agencyId);
        if (!person) continue;
        await deps.mail.queueEmail({
          systemId: row.systemId,
          companyId: row.agencyId,
          to: person.email,
          ...minimumSpendNotice(row, person),
        });
        queued += 1;
      }
      return queued;
    },
  };
}
