import type { Executor, PaymentFollowUp } from '@app/db';

/** What a charge was for, finished in the transaction that records the charge (decision 0072). */
export type FollowUpHandler = (
  followUp: PaymentFollowUp,
  operation: {
    /** Null when no charge paid it: the agency's Data Wallet did (decision 0085). */
    id: number | null;
    businessKey: string;
    systemId: number;
    companyId: number | null;
    chargeId: string | null;
  },
  tx: Executor,
) => Promise<void>;

/**
 * The registry of follow-ups: each module that charges for something registers how to finish it
 * ('campaign.activate', 'wallet.topup', …) when the runtime builds it. A follow-up must be
 * idempotent: the janitor runs it again for an operation whose record a crash cut short.
 */
export function createFollowUps() {
  const handlers = new Map<string, FollowUpHandler>();
  return {
    register(kind: string, handler: FollowUpHandler) {
      if (handlers.has(kind)) throw new Error(`follow-up ${kind} is registered twice`);
      handlers.set(kind, handler);
    },
    async run(
      followUp: PaymentFollowUp,
      operation: Parameters<FollowUpHandler>[1],
      tx: Executor,
    ): Promise<void> {
      const handler = handlers.get(followUp.kind);
      // A charge is never made for an effect nobody can finish: refuse loudly (the record rolls back
      // and the operation stays pending for the janitor once the handler exists).
      if (!handler) throw new Error(`no follow-up handler for ${followUp.kind}`);
      await handler(followUp, operation, tx);
    },
  };
}

export type FollowUps = ReturnType<typeof createFollowUps>;
