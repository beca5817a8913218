import { continualTopUpDue } from '@app/pricing';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { Clock } from '../../../lib/clock.js';
import type { AuditLog } from '../../audit/index.js';
import type { WalletLots } from '../lots/wallet-lots.js';
import type { TopUpCharge } from './topup-charge.js';
import type { WalletSettingsRepository } from './wallet-settings-repository.js';

/**
 * Continual top-up (spec 2 §9, product guide §3; decision 0073): every minute, and woken by the spend
 * that flagged it, the wallets whose top-up a spend flagged are charged their chosen amount. A
 * recurring (stately) queue: one run at a time in the whole deployment.
 */
export const walletTopUpsJob = defineJob({
  name: 'billing.wallet-topups',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '* * * * *' },
});

/** Wallets dealt with in one run; the rest wait for the next. */
const BATCH = 50;

/**
 * Each flagged wallet is looked at again when the run gets to it: stopped, no amount, no longer
 * below 10 % (a top-up landed), or its gate closed (the agency removed, the wallet no longer offered
 * to it) → the flag is cleared. Otherwise its next top-up is charged under
 * `wallet-auto:<agency>:<n>`, n = its lots + 1: however many spends, runs or processes ask, that
 * key is one charge, and the next n exists only once this top-up's lot is open — at most one
 * automatic top-up is pending at a time. Charged, the flag is cleared. Refused (or no card),
 * continual top-up is stopped with a user-log entry saying why: a refusing card is not tried again at
 * every spend, and the agency resumes it in the modal once its card is fixed. Pending (or the gateway
 * not answering), the flag stays, and the next run finds the same key pending, or its lot open.
 */
export function walletTopUpsHandler(deps: {
  settings: Pick<WalletSettingsRepository, 'due' | 'clearTopUpDue' | 'stopAfterRefusal'>;
  lots: Pick<WalletLots, 'account' | 'balance' | 'count'>;
  topUp: Pick<TopUpCharge, 'charge'>;
  agencyName: (agencyId: number) => Promise<string>;
  /** Whether the agency's Data Wallet is still open (its gate): a closed wallet is not topped up. */
  walletOpen: (agencyId: number) => Promise<boolean>;
  audit: AuditLog;
  clock: Clock;
  log?: (message: string) => void;
}): JobHandler<typeof walletTopUpsJob.payload> {
  return {
    spec: walletTopUpsJob,
    async handle() {
      const counts = { charged: 0, pending: 0, refused: 0, cleared: 0 };
      for (const row of await deps.settings.due(BATCH)) {
        const seen = row.topupDueAt as Date;
        const account = await deps.lots.account(row.systemId, row.companyId);
        // The next number before the balance: a top-up's money and its lot commit together, so one
        // committing between the two reads leaves the old number with the new (high) balance, and
        // nothing is charged. Read the other way round, the old (low) balance met the new number
        // and charged one top-up too many.
        const next = (await deps.lots.count(account.id)) + 1;
        const balance = await deps.lots.balance(account.id);
        // Stopped, no longer low, or the wallet closed to the agency since (removed, no longer offered).
        if (
          row.stopContinual ||
          !continualTopUpDue(balance, row.amount) ||
          !(await deps.walletOpen(row.companyId))
        ) {
          await deps.settings.clearTopUpDue(row.companyId, seen);
          counts.cleared += 1;
          continue;
        }
        const wallet = { agencyId: row.companyId, systemId: row.systemId, accountId: account.id };
        let outcome: Awaited<ReturnType<TopUpCharge['charge']>>;
        try {
          outcome = await deps.topUp.charge({
            wallet,
            agencyName: await deps.agencyName(row.companyId),
            amount: row.amount,
            trigger: { next },
            by: null,
          });
        } catch (error) {
          // The gateway did not answer, or this n is pending at another amount (changed meanwhile):
          // the flag stays, and the next run asks again once the janitor has settled it.
          deps.log?.(`wallet top-up of company ${row.companyId} waits: ${(error as Error).message}`);
          counts.pending += 1;
          continue;
        }
        if (outcome.status === 'pending') {
          counts.pending += 1;
          continue;
        }
        if (outcome.status === 'succeeded') {
          await deps.settings.clearTopUpDue(row.companyId, seen);
          counts.charged += 1;
          continue;
        }
        const why = outcome.status === 'no_card' ? 'the agency has no card' : outcome.message;
        await deps.settings.stopAfterRefusal(row.companyId, deps.clock.now());
        await deps.audit.record({
          systemId: row.systemId,
          companyId: row.companyId,
          userId: null,
          action: 'data_wallet_topup_declined',
          category: 'settings',
          description: `The continual top-up of the Data Wallet was refused (${why}); continual top-up is stopped until it is resumed`,
          ip: '',
        });
        counts.refused += 1;
      }
      if (counts.charged + counts.pending + counts.refused > 0)
        deps.log?.(
          `wallet top-ups: ${counts.charged} charged, ${counts.pending} pending, ${counts.refused} refused, ${counts.cleared} no longer due`,
        );
    },
  };
}
