import { type ActivationChargeAnswer, CLIENT_ACCOUNT_NOT_CONNECTED } from '@app/contracts';
import type { Executor } from '@app/db';
import { type CampaignEvent, type CampaignState, transition } from '@app/lead-engine';
import { isClient } from '@app/policy';
import { HttpError } from '../../http-errors.js';
import type { BillingSchedules } from '../billing/index.js';
import type { PaymentFailureRepository } from '../payments/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { type ActivationDone, agencyConnected } from './activation-charge.js';
import type { CompleteActivation } from './activation-completion.js';
import { type CampaignBasics, conflict } from './campaign-basics.js';
import type { CampaignKinds } from './campaign-kinds.js';
import type { MirrorCampaign } from './campaign-mirror.js';
import type { CampaignRepository } from './campaign-repository.js';
import { stateOf, statusLabel } from './campaign-view.js';

/*
 * Every state move of a campaign through `@app/lead-engine`'s machine, a person's (activate with its
 * charge, pause, resume, stop, archive, remove) and the system's (pause on run), whatever the
 * campaign's kind: what an activation charges is the kind's strategy (`CampaignKinds`), and the
 * kinds' listeners hear of every committed move (decision 0111).
 */

/** The user log's line for what a lead modules' activation charged. */
function chargeLogText(charge: ActivationChargeAnswer): string {
  const parts = charge.amount === '0' ? [] : [`$${charge.amount} to the ${charge.payer}'s card`];
  if (charge.agency_amount !== '0')
    parts.push(`$${charge.agency_amount} to the agency's card (the platform's part)`);
  return `Activation charged ${parts.join(' and ')}`;
}

/** The event a person's "status" asks for, from the campaign's state. */
function eventFor(asked: 'running' | 'paused' | 'stopped', state: CampaignState): CampaignEvent {
  if (asked === 'paused') return { type: 'pause' };
  if (asked === 'stopped') return { type: 'stop' };
  return state.status === 'paused' || state.status === 'paused_on_run'
    ? { type: 'resume' }
    : { type: 'activate' };
}

/** What a move ends beside the campaign's state: a stopped or removed campaign's billing schedule. */
const endsBilling = (from: CampaignState, to: CampaignState) =>
  (to.status === 'stopped' && from.status !== 'stopped') || (to.removed && !from.removed);

export function createCampaignMoves(deps: {
  repo: Pick<CampaignRepository, 'record' | 'activations' | 'move' | 'transaction'>;
  basics: CampaignBasics;
  kinds: Pick<CampaignKinds, 'activationOf' | 'moved'>;
  moduleAccess: Pick<ModuleAccess, 'requireCampaignsMayStart'>;
  completeActivation: CompleteActivation;
  failures: Pick<PaymentFailureRepository, 'settleRemovedCampaign'>;
  schedules: Pick<BillingSchedules, 'end'>;
  mirror: MirrorCampaign;
}) {
  const { repo, basics } = deps;

  /**
   * One state move through the machine, persisted only if the campaign is still where it was read
   * (so of racing moves one wins); a loser reads again and asks the machine again, which refuses
   * what no longer applies ('The campaign is already running.').
   */
  async function move(p: Principal, id: number, pick: (s: CampaignState) => CampaignEvent, ip: string) {
    for (let round = 0; round < 5; round++) {
      const r = await basics.found(id);
      const from = stateOf(r);
      const event = pick(from);
      const t = transition(from, event);
      if (!t.ok) throw conflict(t.error);
      // A campaign starts taking (and billing) leads only in a module its client may open, and a
      // beta module's only once its agreement is accepted (decisions 0063, 0064). Pausing, stopping
      // and archiving stay open to whoever runs it.
      if (t.to.status === 'running' && from.status !== 'running')
        await deps.moduleAccess.requireCampaignsMayStart(r.clientId, r.module);
      let charge: ActivationChargeAnswer | null = null;
      let chargeText: string | null = null;
      let moved: boolean;
      if (t.chargesActivation) {
        // What activating charges is the campaign kind's (decision 0111); a kind with none: 409.
        const activation = deps.kinds.activationOf(r.module);
        const ctx = await basics.contextOf(r.clientId);
        if (isClient(p) && !ctx.agencyManualBill && !agencyConnected(ctx))
          throw conflict(CLIENT_ACCOUNT_NOT_CONNECTED, 'account_not_connected');
        const n = (await repo.activations(r.id)) + 1;
        let done: ActivationDone;
        try {
          const charged = await activation.charge(r, ctx, n, p.userId);
          ({ answer: charge, done } = charged);
          if (charge) chargeText = charged.logText ?? chargeLogText(charge);
        } catch (error) {
          if (error instanceof HttpError && error.code === 'card_declined')
            await basics.log(
              p,
              r,
              'campaign_activation_declined',
              'Activation declined, the campaign was not started',
              ip,
            );
          throw error;
        }
        // The last charge's record has completed the activation already (its follow-up); this
        // completes one with nothing to charge, and finds a completed one `already` done.
        moved = (await repo.transaction((tx) => deps.completeActivation(done, tx))) !== 'refused';
      } else {
        moved = await repo.move({
          campaignId: r.id,
          from,
          to: t.to,
          event: event.type,
          reason: 'reason' in event ? event.reason : null,
          userId: p.userId,
          activated: false,
          onMoved: async (tx: Executor) => {
            // A removed campaign never starts: what its declined activations left owing goes with it.
            if (t.to.removed && !from.removed) await deps.failures.settleRemovedCampaign(r.id, tx);
            if (endsBilling(from, t.to)) await deps.schedules.end(r.id, tx);
          },
        });
      }
      if (!moved) continue;
      await basics.log(p, r, 'campaign_moved', t.logText, ip);
      if (chargeText) await basics.log(p, r, 'campaign_activation_charged', chargeText, ip);
      await deps.mirror(r);
      await deps.kinds.moved(r, from, t.to, event);
      return {
        result: 'success' as const,
        message: t.logText,
        data: {
          leadspeekID: r.id,
          leadspeek_api_id: r.publicId,
          status: t.to.status,
          pause_reason: t.to.pauseReason,
          status_label: statusLabel(t.to),
          archived: t.to.archived ? ('T' as const) : ('F' as const),
          removed: t.to.removed ? ('T' as const) : ('F' as const),
          charge,
        },
      };
    }
    throw conflict('The campaign changed while this was saved; try again.', 'busy');
  }

  /**
   * A move the system makes (the lead engine pausing a campaign on run): the same machine and the
   * same conditional write as a person's move, with no user and no charge. A move the machine
   * refuses (already paused for this reason or a stronger one) changes nothing.
   */
  async function moveBySystem(campaignId: number, event: CampaignEvent): Promise<boolean> {
    for (let round = 0; round < 5; round++) {
      const r = await repo.record(campaignId);
      if (!r) return false;
      const from = stateOf(r);
      const t = transition(from, event);
      if (!t.ok || t.chargesActivation) return false;
      const moved = await repo.move({
        campaignId,
        from,
        to: t.to,
        event: event.type,
        reason: 'reason' in event ? event.reason : null,
        userId: null,
        activated: false,
        onMoved: async (tx: Executor) => {
          if (endsBilling(from, t.to)) await deps.schedules.end(campaignId, tx);
        },
      });
      // A locator campaign's mirror intent is recorded with the move; the mirror job calls the ad
      // platform within a minute, so ingestion (which pauses on run) never waits on a provider.
      if (moved) {
        await deps.kinds.moved(r, from, t.to, event);
        return true;
      }
    }
    return false;
  }

  return {
    moveBySystem,
    activePause: (p: Principal, id: number, status: 'running' | 'paused' | 'stopped', ip: string) =>
      move(p, id, (s) => eventFor(status, s), ip),
    archive: (p: Principal, id: number, archive: boolean, ip: string) =>
      move(p, id, () => ({ type: archive ? 'archive' : 'unarchive' }), ip),
    remove: (p: Principal, id: number, ip: string) => move(p, id, () => ({ type: 'remove' }), ip),
  };
}
