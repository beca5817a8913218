import { formatUsdCents } from '@app/contracts';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { Clock } from '../../../lib/clock.js';
import type { CampaignPayers, TopUpDue } from '../../campaigns/index.js';
import type { BilledLeads } from '../../leads/index.js';
import type { MailService } from '../../mail/index.js';
import type { MainPersonOf } from '../../users/index.js';
import type { LotRepository } from './lot-repository.js';
import type { PrepaidLots } from './prepaid-lots.js';

const DAY_MS = 86_400_000;
/** The recent rate is the leads of the last this many days, per day. */
export const RATE_DAYS = 7;
/** Warn when the leads left last this many days or fewer at the recent rate. */
export const WARN_DAYS = 2;

/**
 * Whether `left` leads last at most `WARN_DAYS` at the rate of `recent` leads in `RATE_DAYS` days, and
 * about how many whole days they last. Integers only: left ÷ (recent ÷ 7) ≤ 2 ⇔ 7 × left ≤ 2 × recent.
 * No recent lead, or no lead left (the campaign is paused already), is no warning.
 */
export function daysLeft(left: number, recent: number): { warn: boolean; days: number } | null {
  if (recent <= 0 || left <= 0) return null;
  return {
    warn: RATE_DAYS * left <= WARN_DAYS * recent,
    days: Math.floor((RATE_DAYS * left) / recent),
  };
}

/** The e-mail: the leads left, the recent rate, and what happens next (a top-up, or a pause). */
export function prepaidLowEmail(
  due: Pick<TopUpDue, 'continual' | 'block' | 'payerAmount' | 'label'>,
  facts: { personName: string; left: number; recent: number; days: number },
) {
  const about =
    facts.days === 0 ? 'less than a day' : `about ${facts.days} day${facts.days === 1 ? '' : 's'}`;
  return {
    subject: `Two days left: the prepaid leads of ${due.label} are running low`,
    text: [
      `Hello ${facts.personName},`,
      '',
      `${due.label} has ${facts.left} prepaid lead${facts.left === 1 ? '' : 's'} left.`,
      `It received ${facts.recent} lead${facts.recent === 1 ? '' : 's'} in the last ${RATE_DAYS} days: at that rate the leads left last ${about}.`,
      due.continual
        ? `Continual top-up is on: the next block of ${due.block.leads} leads (${formatUsdCents(due.payerAmount)}) is bought automatically with the card on file when the leads left fall low. Make sure the card on file can pay it.`
        : `Continual top-up is off: when the leads run out the campaign pauses until a new block is bought.`,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

/**
 * The "two days left" e-mail of prepaid campaigns (decision 0084), daily: a running Prepaid campaign
 * whose leads left (its lots' ledger sum) last two days or fewer at its rate of the last seven days
 * (the leads module's count) warns whoever pays its blocks — the client's main person, or the
 * agency's under manual bill — once per block: the outbox key `prepaid-low:<campaign>:block-<n>`
 * (n = the blocks bought) stores one mail per block whatever runs, and a new block is a new key.
 */
export function createPrepaidLowNotices(deps: {
  lots: Pick<PrepaidLots, 'left'>;
  repo: Pick<LotRepository, 'prepaidLotCount' | 'prepaidCampaignsAfter'>;
  payers: Pick<CampaignPayers, 'topUpDue'>;
  pricedCounts: BilledLeads['pricedCounts'];
  mainPerson: MainPersonOf;
  mail: Pick<MailService, 'queueEmail'>;
  clock: Clock;
}) {
  async function check(campaignId: number, now: Date): Promise<boolean> {
    const due = await deps.payers.topUpDue(campaignId);
    if (due?.status !== 'running') return false;
    const left = (await deps.lots.left([campaignId])).get(campaignId) ?? 0;
    const window = { from: new Date(now.getTime() - RATE_DAYS * DAY_MS), to: now };
    const recent = (await deps.pricedCounts(campaignId, window)).reduce((n, group) => n + group.count, 0);
    const estimate = daysLeft(left, recent);
    if (!estimate?.warn) return false;
    const person = await deps.mainPerson(due.payer === 'client' ? due.clientId : due.agencyId);
    if (!person?.email) return false;
    const block = await deps.repo.prepaidLotCount(campaignId);
    await deps.mail.queueEmail({
      systemId: due.systemId,
      companyId: due.payer === 'client' ? due.clientId : due.agencyId,
      to: person.email,
      key: `prepaid-low:${campaignId}:block-${block}`,
      ...prepaidLowEmail(due, { personName: person.name, left, recent, days: estimate.days }),
    });
    return true;
  }

  return {
    check,
    /** One run: every campaign that bought prepaid leads; answers how many were warned (again or not). */
    async run(): Promise<number> {
      const now = deps.clock.now();
      let warned = 0;
      for (let after = 0; ; ) {
        const ids = await deps.repo.prepaidCampaignsAfter(after, 500);
        if (ids.length === 0) return warned;
        for (const id of ids) if (await check(id, now)) warned += 1;
        after = ids[ids.length - 1] ?? after;
      }
    },
  };
}

export type PrepaidLowNotices = ReturnType<typeof createPrepaidLowNotices>;

export const prepaidLowNoticesJob = defineJob({
  name: 'billing.prepaid-low-notices',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
  // Daily, at 15:00 UTC: morning in the Americas.
  recurring: { cron: '0 15 * * *' },
});

export function prepaidLowNoticesHandler(deps: {
  notices: Pick<PrepaidLowNotices, 'run'>;
  log?: (message: string) => void;
}): JobHandler<typeof prepaidLowNoticesJob.payload> {
  return {
    spec: prepaidLowNoticesJob,
    async handle() {
      const warned = await deps.notices.run();
      if (warned > 0) deps.log?.(`billing: ${warned} prepaid campaigns have two days of leads left or less`);
    },
  };
}
