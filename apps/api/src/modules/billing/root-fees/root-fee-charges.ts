import type { Cents } from '@app/contracts';
import { type Executor, rootFeeCharges } from '@app/db';
import { rootFeeOfCharge } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';

/**
 * The root fee part of one fee a campaign was charged (decision 0088), as it is kept: the master's
 * root price of the setup fee and of the period fee when it was charged, on a non-master system.
 */
export interface NewRootFeeCharge {
  systemId: number;
  campaignId: number;
  kind: 'activation' | 'period_fee';
  /** The charge's own business key: `campaign-activation:<campaign>:<n>`, `invoice:<id>`. */
  sourceKey: string;
  invoiceId: number | null;
  setupFee: Cents;
  periodFee: Cents;
  chargedAt: Date;
}

/**
 * Keeps the root fee of charges in the caller's transaction (the one that completes the activation
 * or writes the invoices): the only writer of `root_fee_charges`. A charge with no root fee (the
 * master system's campaigns, a master price of 0) is not kept; a charge kept already (its source key)
 * is not kept twice, so a statement can never count it twice. Answers how many were kept now.
 */
export async function keepRootFeeCharges(
  charges: readonly NewRootFeeCharge[],
  tx: Executor,
): Promise<number> {
  const owed = charges.filter((c) => rootFeeOfCharge(c) > 0);
  if (owed.length === 0) return 0;
  const kept = await tx
    .insert(rootFeeCharges)
    .values(owed.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: rootFeeCharges.sourceKey })
    .returning({ id: rootFeeCharges.id });
  return kept.length;
}

/**
 * What the campaigns module calls when an activation completes (decision 0088): the root fee of the
 * setup fee and first period's fee the activation was charged, priced when the charge was planned
 * (carried by the charge's follow-up) and kept under the activation's charge key, charged now.
 */
export function createRootFeeCharges(deps: { clock: Clock }) {
  return {
    async keepActivation(
      activation: {
        systemId: number;
        campaignId: number;
        activation: number;
        setupFee: Cents;
        periodFee: Cents;
      },
      tx: Executor,
    ): Promise<void> {
      await keepRootFeeCharges(
        [
          {
            systemId: activation.systemId,
            campaignId: activation.campaignId,
            kind: 'activation',
            sourceKey: `campaign-activation:${activation.campaignId}:${activation.activation}`,
            invoiceId: null,
            setupFee: activation.setupFee,
            periodFee: activation.periodFee,
            chargedAt: deps.clock.now(),
          },
        ],
        tx,
      );
    },
  };
}

export type RootFeeChargeKeeper = ReturnType<typeof createRootFeeCharges>;
