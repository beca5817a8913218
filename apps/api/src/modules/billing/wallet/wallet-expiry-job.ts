import { asCents, formatUsdCents } from '@app/contracts';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { WalletLots } from '../lots/wallet-lots.js';

/**
 * Wallet expiry (spec 2 §9 "credit expires after 12 months if unused", product guide §4; decision
 * 0073): hourly, what is left of each wallet lot past its expiry moves to revenue, oldest lot first,
 * each once (`wallet-expiry:<lotId>`). Time is the runtime's clock, so tests move it a year.
 */
export const walletExpiryJob = defineJob({
  name: 'billing.wallet-expiry',
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 300,
  recurring: { cron: '17 * * * *' },
});

/** Wallets lapsed in one run; a run that fills it goes on with the next batch. */
const BATCH = 100;

export function walletExpiryHandler(deps: {
  lots: Pick<WalletLots, 'accountsToLapse' | 'lapse'>;
  log?: (message: string) => void;
}): JobHandler<typeof walletExpiryJob.payload> {
  return {
    spec: walletExpiryJob,
    async handle() {
      let wallets = 0;
      let lots = 0;
      let amount = 0;
      for (;;) {
        const due = await deps.lots.accountsToLapse(BATCH);
        for (const wallet of due) {
          const lapsed = await deps.lots.lapse(wallet);
          wallets += 1;
          lots += lapsed.lots;
          amount += lapsed.amount;
        }
        // Each lapse marks its lots, so the next read moves on; a short batch was the last.
        if (due.length < BATCH) break;
      }
      if (lots > 0)
        deps.log?.(
          `wallet expiry: ${lots} lots of ${wallets} wallets lapsed, ${formatUsdCents(asCents(amount))} to revenue`,
        );
    },
  };
}
