import type { PayerCampaigns } from '../../campaigns/index.js';
import type { MoveBySystem } from '../../leads/index.js';
import type { PaymentFailureRepository } from '../../payments/index.js';

/**
 * Campaigns paused on run for a failed payment run again once neither of their payers owes an
 * invoice (decision 0075): after a settlement or a retry that paid, and on every retry run, so a
 * crash between the charge and the resume is finished later. Only `payment_failed` pauses move:
 * a campaign paused for its limit, its balance or by a person stays as it is.
 */
export function createPaymentResume(deps: {
  campaigns: Pick<PayerCampaigns, 'pausedForPayment'>;
  failures: Pick<PaymentFailureRepository, 'owingInvoices'>;
  moveBySystem: MoveBySystem;
}) {
  return {
    /** Resumes what no longer owes; `companyId` narrows it to the campaigns that company pays for. */
    async resumeSettled(companyId?: number): Promise<number> {
      const paused = await deps.campaigns.pausedForPayment(companyId);
      if (paused.length === 0) return 0;
      const owing = await deps.failures.owingInvoices([
        ...new Set(paused.flatMap((c) => [c.clientId, c.agencyId])),
      ]);
      let resumed = 0;
      for (const c of paused) {
        if (owing.has(c.clientId) || owing.has(c.agencyId)) continue;
        if (await deps.moveBySystem(c.id, { type: 'resume_on_run', reason: 'payment_failed' })) resumed += 1;
      }
      return resumed;
    },
  };
}

export type PaymentResume = ReturnType<typeof createPaymentResume>;
