import { asCents, isCostModule } from '@app/contracts';
import type { Executor } from '@app/db';
import { transition } from '@app/lead-engine';
import type { BillingSchedules, PrepaidLots, RootFeeChargeKeeper } from '../billing/index.js';
import type { ActivationDone } from './activation-charge.js';
import type { CampaignRepository } from './campaign-repository.js';
import { stateOf } from './campaign-view.js';

/**
 * Completes an activation once its charges are paid (decision 0072), in the caller's transaction:
 * the payment's record (its follow-up), the janitor's, or the request's own when nothing was due.
 * The campaign row is locked, so of any number of completions one moves it: the others find the
 * activation done (`already`) or the campaign elsewhere (`refused`: stopped by someone, removed).
 * The move opens what the activation bought: the prepaid block (a lot keyed by the activation) and
 * the billing schedule of a Weekly or Monthly campaign; and keeps the root fee of its setup and period
 * fee that a non-master system owes the master (decision 0088).
 */
export function createActivationCompletion(deps: {
  repo: Pick<CampaignRepository, 'lockedRecord' | 'activations' | 'move'>;
  prepaid: Pick<PrepaidLots, 'open'>;
  schedules: Pick<BillingSchedules, 'open'>;
  /** The root fee the activation owes the master system, kept where it completes (decision 0088). */
  rootFees: Pick<RootFeeChargeKeeper, 'keepActivation'>;
}) {
  const { repo } = deps;
  return async function complete(
    done: ActivationDone,
    tx: Executor,
  ): Promise<'activated' | 'already' | 'refused'> {
    const r = await repo.lockedRecord(done.campaignId, tx);
    if (!r) return 'refused';
    if ((await repo.activations(r.id, tx)) >= done.activation) return 'already';
    const from = stateOf(r);
    const t = transition(from, { type: 'activate' });
    if (!t.ok || !t.chargesActivation) return 'refused';
    const moved = await repo.move(
      {
        campaignId: r.id,
        from,
        to: t.to,
        event: 'activate',
        reason: null,
        userId: done.userId,
        activated: true,
        onMoved: async (inner) => {
          const key = `campaign-activation:${r.id}:${done.activation}`;
          if (done.prepaid && done.prepaid.leads > 0)
            await deps.prepaid.open(
              {
                systemId: r.systemId,
                clientId: r.clientId,
                campaignId: r.id,
                leads: done.prepaid.leads,
                clientPriceMicros: done.prepaid.clientPriceMicros,
                wholesaleMicros: done.prepaid.wholesaleMicros,
                sourceKey: key,
                description: `${done.prepaid.leads} prepaid leads bought with the activation of campaign #${r.publicId} ${r.name}`,
              },
              inner,
            );
          if (done.rootFee)
            await deps.rootFees.keepActivation(
              {
                systemId: r.systemId,
                campaignId: r.id,
                activation: done.activation,
                setupFee: asCents(done.rootFee.setupFeeCents),
                periodFee: asCents(done.rootFee.periodFeeCents),
              },
              inner,
            );
          // A lead campaign's Weekly or Monthly term bills on a schedule; an ad campaign's budgets are
          // charged by its own module (decision 0111).
          if (isCostModule(r.module))
            await deps.schedules.open(
              {
                systemId: r.systemId,
                campaignId: r.id,
                activation: done.activation,
                term: r.paymentTerm,
                timeZone: r.timeZone,
              },
              inner,
            );
        },
      },
      tx,
    );
    return moved ? 'activated' : 'refused';
  };
}

export type CompleteActivation = ReturnType<typeof createActivationCompletion>;
