import type { Executor, PaymentFollowUp } from '@app/db';
import type { FollowUps } from './follow-ups.js';
import type { PaymentFailureRepository } from './payment-failure-repository.js';
import type { PaymentOperationRepository } from './payment-operation-repository.js';

/**
 * An obligation paid without a charge — by the agency's Data Wallet (decision 0085) — finished as a
 * charge that went through would be, in the caller's transaction (the one that took the money): its
 * follow-up runs (the invoice is paid, the block opens) and a decline it left owing is settled.
 * Refused (false, nothing done) while a charge for it went through or may still: one obligation is
 * paid once, by the card or by the wallet.
 */
export function createPaidWithoutCharge(deps: {
  operations: Pick<PaymentOperationRepository, 'chargedOrPending'>;
  failures: Pick<PaymentFailureRepository, 'settleByWallet'>;
  followUps: Pick<FollowUps, 'run'>;
}) {
  return async function paidWithoutCharge(
    input: {
      obligationKey: string;
      systemId: number;
      companyId: number;
      followUp: PaymentFollowUp | null;
    },
    tx: Executor,
  ): Promise<boolean> {
    if (await deps.operations.chargedOrPending(input.obligationKey, tx)) return false;
    if (input.followUp)
      await deps.followUps.run(
        input.followUp,
        {
          id: null,
          businessKey: input.obligationKey,
          systemId: input.systemId,
          companyId: input.companyId,
          chargeId: null,
        },
        tx,
      );
    await deps.failures.settleByWallet(input.obligationKey, tx);
    return true;
  };
}

export type PaidWithoutCharge = ReturnType<typeof createPaidWithoutCharge>;
