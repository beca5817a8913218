import type { PaymentFollowUp } from '@app/db';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../../jobs/define-job.js';
import type { CampaignPayers } from '../../campaigns/index.js';
import type { LotRepository } from './lot-repository.js';
import type { PrepaidLots } from './prepaid-lots.js';

/** The payment follow-up that opens the bought block as a lot, in the charge's record. */
export const PREPAID_BLOCK = 'prepaid.block';

/** A prepaid block bought, as its charge's follow-up carries it. */
export const prepaidBlockSchema = z.object({
  kind: z.literal(PREPAID_BLOCK),
  systemId: z.number().int().positive(),
  clientId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  leads: z.number().int().positive(),
  clientPriceMicros: z.number().int().nonnegative(),
  wholesaleMicros: z.number().int().nonnegative(),
  sourceKey: z.string().min(1),
  description: z.string().min(1),
});

/**
 * Continual top-up (decision 0076): a Prepaid campaign whose leads left fall to a tenth of its block
 * (at least one) buys the next block, charged through the campaign's payers like the activation's
 * block. The n-th block's key is `prepaid-topup:<campaign>:<n>` with n one more than the blocks
 * bought, so any number of checks at once make one charge — at most one top-up pending per
 * campaign — and the block opens as a lot in the charge's record (its follow-up). A campaign paused
 * on run for its balance resumes once it has leads again.
 */
export function createPrepaidTopUps(deps: {
  lots: Pick<PrepaidLots, 'left'>;
  repo: Pick<LotRepository, 'prepaidLotCount' | 'prepaidCampaignsAfter'>;
  payers: Pick<CampaignPayers, 'topUpDue' | 'charge'>;
  /** The campaigns module's move by the system: a balance pause ends when leads are there again. */
  resumeBalance: (campaignId: number) => Promise<unknown>;
}) {
  const { lots, repo, payers } = deps;
  const thresholdOf = (block: number) => Math.max(1, Math.ceil(block / 10));

  async function check(campaignId: number) {
    const due = await payers.topUpDue(campaignId);
    if (!due) return 'not_prepaid' as const;
    const left = (await lots.left([campaignId])).get(campaignId) ?? 0;
    const pausedForBalance = due.status === 'paused_on_run' && due.pauseReason === 'balance';
    if (left > 0 && pausedForBalance) await deps.resumeBalance(campaignId);
    if (!due.continual) return 'not_continual' as const;
    if (left > thresholdOf(due.block.leads)) return 'not_due' as const;
    // A stopped, paused or archived campaign buys nothing: only one that runs, or ran out.
    if (due.status !== 'running' && !pausedForBalance) return 'not_running' as const;
    const n = (await repo.prepaidLotCount(campaignId)) + 1;
    const key = `prepaid-topup:${campaignId}:${n}`;
    const followUp: PaymentFollowUp = {
      kind: PREPAID_BLOCK,
      systemId: due.systemId,
      clientId: due.clientId,
      campaignId,
      leads: due.block.leads,
      clientPriceMicros: due.block.clientPriceMicros,
      wholesaleMicros: due.block.wholesaleMicros,
      sourceKey: key,
      description: `${due.block.leads} prepaid leads bought by continual top-up ${n} of ${due.label}`,
    };
    const outcome = await payers.charge(
      campaignId,
      {
        what: `prepaid top-up ${n}`,
        obligationKey: key,
        payer: due.payer,
        payerAmount: due.payerAmount,
        applicationFee: due.applicationFee,
        agencyCharge: due.agencyCharge,
      },
      followUp,
    );
    if (outcome.status === 'paid' && pausedForBalance) await deps.resumeBalance(campaignId);
    return outcome.status;
  }

  return {
    check,
    /** One run of the job: every campaign that bought prepaid leads. */
    async run() {
      const done = { charged: 0, failed: 0 };
      for (let after = 0; ; ) {
        const ids = await repo.prepaidCampaignsAfter(after, 500);
        if (ids.length === 0) return done;
        for (const id of ids) {
          const outcome = await check(id);
          if (outcome === 'paid') done.charged += 1;
          if (outcome === 'failed') done.failed += 1;
        }
        after = ids[ids.length - 1] ?? after;
      }
    },
  };
}

export type PrepaidTopUps = ReturnType<typeof createPrepaidTopUps>;

export const prepaidTopUpsJob = defineJob({
  name: 'billing.prepaid-topups',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  recurring: { cron: '* * * * *' },
});

export function prepaidTopUpsHandler(deps: {
  topUps: Pick<PrepaidTopUps, 'run'>;
  log?: (message: string) => void;
}): JobHandler<typeof prepaidTopUpsJob.payload> {
  return {
    spec: prepaidTopUpsJob,
    async handle() {
      const done = await deps.topUps.run();
      if (done.charged + done.failed > 0)
        deps.log?.(`billing: ${done.charged} prepaid top-ups charged, ${done.failed} declined`);
    },
  };
}
