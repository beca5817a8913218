import {
  type ActivationChargeAnswer,
  type CampaignEntity,
  campaignEntityOf,
  type ModuleType,
} from '@app/contracts';
import type { CampaignEvent, CampaignState } from '@app/lead-engine';
import type { ActivationDone } from './activation-charge.js';
import { conflict } from './campaign-basics.js';
import type { CampaignRecord, ClientContext } from './campaign-repository.js';

/*
 * What differs between the kinds of campaign (the catalogue's `campaign.entity`, decision 0111),
 * kept out of the state machine and the move: what activating a campaign charges, and who hears of
 * a move. The lead modules' activation (setup fee, period fee, prepaid block) is registered by this
 * module; another module that runs campaigns of its own kind (the ad platform's) registers its
 * activation and its move listener when the runtime wires it.
 */

/** What an activation charged: the move answers `answer`, and `done` completes it (decision 0072). */
export interface ActivationCharged {
  /** What was charged, as the move's answer shows it; null: nothing was due. */
  answer: ActivationChargeAnswer | null;
  /**
   * What completing this activation takes. When a charge was made, the last one carries it as its
   * payment follow-up (`kind: ACTIVATION_FOLLOW_UP`), so the campaign moves in that charge's own
   * record transaction; the move then completes it too (a completed one is found `already` done).
   */
  done: ActivationDone;
  /** The user log's line for the charge; by default the lead modules' ("Activation charged $…"). */
  logText?: string;
}

/** The activation charge of one kind of campaign (a strategy chosen by the catalogue's entity). */
export interface CampaignActivation {
  /**
   * Charges activation number `activationNumber` of the campaign (1 for its first; the key of every
   * charge it makes, so a retry never charges twice). Throws an `HttpError` to refuse (a 402 for a
   * declined or missing card, a 409 while a payment is in progress): then the campaign does not move.
   */
  charge(
    record: CampaignRecord,
    ctx: ClientContext,
    activationNumber: number,
    userId: number | null,
  ): Promise<ActivationCharged>;
}

/**
 * Called after a move is committed (a person's or the system's, and an activation): the campaign as
 * read before the move, its state before and after, the event. Awaited but never able to undo the
 * move: a listener that throws is logged and the move stands, so a listener that calls a provider
 * should record what it owes and let a job retry (a system move may come from lead ingestion).
 */
export type CampaignMoveListener = (
  record: CampaignRecord,
  from: CampaignState,
  to: CampaignState,
  event: CampaignEvent,
) => Promise<void>;

export const NOT_ACTIVATABLE = 'Campaigns of this module cannot be activated here.';

export function createCampaignKinds(deps: {
  /** The lead modules' activation charge (`leadspeek` campaigns). */
  leadspeek: CampaignActivation;
  log: (message: string, detail?: unknown) => void;
}) {
  const activations = new Map<CampaignEntity, CampaignActivation>([['leadspeek', deps.leadspeek]]);
  const listeners: CampaignMoveListener[] = [];

  return {
    /** Registers the activation of a kind's campaigns; once per kind (a second is a wiring mistake). */
    useActivation(entity: CampaignEntity, activation: CampaignActivation): void {
      if (activations.has(entity)) throw new Error(`an activation for ${entity} campaigns exists`);
      activations.set(entity, activation);
    },

    /** Registers a listener every committed move is told of, in registration order. */
    onMoved(listener: CampaignMoveListener): void {
      listeners.push(listener);
    },

    /** The activation of a module's campaigns; 409 when its kind has none here. */
    activationOf(module: ModuleType): CampaignActivation {
      const activation = activations.get(campaignEntityOf(module));
      if (!activation) throw conflict(NOT_ACTIVATABLE, 'not_activatable');
      return activation;
    },

    /** Tells every listener of a committed move; what one throws is logged, never passed on. */
    async moved(record: CampaignRecord, from: CampaignState, to: CampaignState, event: CampaignEvent) {
      for (const listener of listeners) {
        try {
          await listener(record, from, to, event);
        } catch (error) {
          deps.log('campaign move listener failed', {
            campaignId: record.id,
            event: event.type,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}

export type CampaignKinds = ReturnType<typeof createCampaignKinds>;
