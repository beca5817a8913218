import type { Executor } from '@app/db';
import { continualTopUpDue } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { WalletLots, WalletSpendInput, WalletSpendOutcome } from '../lots/wallet-lots.js';
import type { WalletSettingsRepository } from './wallet-settings-repository.js';

/**
 * The Data Wallet's spending API for other billing code (decision 0073): `spend(input, tx)` posts
 * wallet → revenue in the caller's transaction when the balance covers it, else answers
 * `insufficient` and posts nothing (`WalletLots.spend`: the lots locked, never below zero).
 *
 * A spend that leaves the balance below 10 % of the chosen amount, with continual top-up on, flags
 * the top-up as due in the same transaction — the wallet's own outbox — and wakes the top-up job.
 * The gateway is never called here: the job charges after the spend has committed (if the wake-up
 * arrives before the commit, the job finds nothing yet and its every-minute run picks the flag up).
 * Only the spend that sets the flag wakes the job, so a thousand spends at once wake it once.
 */
export function createWalletSpending(deps: {
  lots: Pick<WalletLots, 'spend'>;
  settings: Pick<WalletSettingsRepository, 'get' | 'flagTopUpDue'>;
  clock: Clock;
  /** Asks for a run of the top-up job soon (fire and forget; it must not wait for this transaction). */
  wake: () => void;
}) {
  return {
    async spend(input: WalletSpendInput, tx: Executor): Promise<WalletSpendOutcome> {
      const outcome = await deps.lots.spend(input, tx);
      if (outcome.status !== 'spent' || !outcome.created) return outcome;
      const settings = await deps.settings.get(input.agencyId, tx);
      if (!settings || settings.stopContinual || !continualTopUpDue(outcome.balance, settings.amount))
        return outcome;
      if (await deps.settings.flagTopUpDue(input.agencyId, deps.clock.now(), tx)) deps.wake();
      return outcome;
    },
  };
}

export type WalletSpending = ReturnType<typeof createWalletSpending>;
