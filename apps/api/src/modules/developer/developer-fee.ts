import type { Cents } from '@app/contracts';
import type { ChargeOnce } from '../payments/index.js';

/** Where the fee is charged from: the company's customer at its gateway (the cards module's). */
export type CustomerOf = (
  companyId: number,
) => Promise<{ gateway: string; customerId: string; connectedAccountId: string | null } | null>;

export type FeeOutcome = 'charged' | 'already_paid' | 'pending' | 'failed' | 'no_card';

/**
 * The one-time developer fee (decision 0100), charged through the payments module's once-only path:
 * its business key is the enabling's developer-agreement acceptance, so however often or concurrently
 * a key is made under one enabling the card is charged once, and a company that disables developer
 * mode, is enabled again and accepts again pays again (spec 2 §5).
 */
export function createDeveloperFee(deps: { chargeOnce: Pick<ChargeOnce, 'charge'>; customerOf: CustomerOf }) {
  return {
    async charge(input: {
      systemId: number;
      companyId: number;
      companyName: string;
      acceptanceId: number;
      amount: Cents;
    }): Promise<FeeOutcome> {
      const customer = await deps.customerOf(input.companyId);
      // The platform charges an agency on its own account's customer, never a connected account's.
      if (!customer || customer.connectedAccountId) return 'no_card';
      const businessKey = `developer-fee:${input.companyId}:${input.acceptanceId}`;
      let outcome: Awaited<ReturnType<ChargeOnce['charge']>>;
      try {
        outcome = await deps.chargeOnce.charge({
          systemId: input.systemId,
          businessKey,
          cause: {
            kind: 'charge',
            description: `Developer API fee of ${input.companyName}`,
            companyId: input.companyId,
          },
          customerId: customer.customerId,
          gateway: customer.gateway,
          amount: input.amount,
        });
      } catch {
        // An outage or a lost answer: the operation stays pending for the payments janitor.
        return 'pending';
      }
      if (outcome.status === 'succeeded') return 'charged';
      if (outcome.status === 'pending') return 'pending';
      return 'failed';
    },
  };
}

export type DeveloperFee = ReturnType<typeof createDeveloperFee>;
