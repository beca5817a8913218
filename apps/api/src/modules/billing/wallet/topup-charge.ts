import { type Cents, formatUsdCents } from '@app/contracts';
import type { Executor, PaymentFollowUp } from '@app/db';
import type { AuditLog } from '../../audit/index.js';
import type { ChargeOnce, ChargeOutcome, FollowUpHandler } from '../../payments/index.js';
import type { WalletLots } from '../lots/wallet-lots.js';
import type { WalletAgency } from './wallet-agency.js';

/** The follow-up a top-up's charge carries: it opens the lot in the transaction that records the charge. */
export const WALLET_TOPUP_FOLLOW_UP = 'wallet.topup';

/** Who asked for a top-up by hand (its user-log entry); null for an automatic one. */
export interface TopUpAskedBy {
  userId: number;
  actorUserId: number | null;
  ip: string;
}

interface WalletTopUpDone {
  agencyId: number;
  accountId: number;
  amount: Cents;
  by: TopUpAskedBy | null;
}

/** The follow-up's JSON read back: refused loudly when it is not one this module wrote. */
function topUpDoneOf(followUp: PaymentFollowUp): WalletTopUpDone {
  const { agencyId, accountId, amount, by } = followUp as Partial<WalletTopUpDone>;
  const whole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  if (followUp.kind !== WALLET_TOPUP_FOLLOW_UP || !whole(agencyId) || !whole(accountId) || !whole(amount))
    throw new Error(`not a wallet top-up follow-up: ${JSON.stringify(followUp)}`);
  return {
    agencyId: agencyId as number,
    accountId: accountId as number,
    amount: amount as Cents,
    by: by && whole(by.userId) ? by : null,
  };
}

/** The agency's card on the platform, as the card service stored its customer (null: none to charge). */
export type PlatformCustomerOf = (
  agencyId: number,
) => Promise<{ gateway: string; customerId: string; connectedAccountId: string | null } | null>;

export type TopUpOutcome = ChargeOutcome | { status: 'no_card' };

/**
 * Charging a wallet top-up (decision 0073): the agency's own card on the platform, through
 * `chargeOnce`, the money credited to its wallet account (not revenue), the lot opened by the
 * `wallet.topup` follow-up where the charge is recorded — in the request, or by the janitor after a crash.
 *
 * What makes two requests the same top-up is its number: the n-th top-up of the wallet, n = its lots
 * so far + 1, read when the request arrives. Requests in flight together read the same n and so the
 * same key, and `chargeOnce` lets one of them charge (the others answer pending, or its outcome). A
 * request made after that top-up's lot opened is the next top-up. By hand the key is an obligation
 * (`wallet-topup:<agency>:<n>`) so a declined card may be tried again (`…:attempt-2`) without owing
 * anything; automatically it is `wallet-auto:<agency>:<n>`, which never retries a decline by itself.
 */
export function createTopUpCharge(deps: {
  lots: Pick<WalletLots, 'count' | 'open'>;
  chargeOnce: Pick<ChargeOnce, 'charge' | 'chargeObligation'>;
  customerOf: PlatformCustomerOf;
  audit: AuditLog;
}) {
  return {
    /**
     * Opens the lot a recorded top-up bought and writes its user-log entry, in the transaction that
     * records the charge: both once per charge (the follow-up runs once), whoever recorded it.
     */
    followUp: (async (followUp, operation, tx: Executor) => {
      const done = topUpDoneOf(followUp);
      await deps.lots.open(
        {
          systemId: operation.systemId,
          agencyId: done.agencyId,
          accountId: done.accountId,
          amount: done.amount,
          sourceKey: operation.businessKey,
        },
        tx,
      );
      await deps.audit.record(
        {
          systemId: operation.systemId,
          companyId: done.agencyId,
          userId: done.by?.userId ?? null,
          actorUserId: done.by?.actorUserId ?? done.by?.userId ?? null,
          action: 'data_wallet_topped_up',
          category: 'settings',
          description: `${done.by ? 'Topped up' : 'Continual top-up:'} the Data Wallet with ${formatUsdCents(done.amount)} (${operation.businessKey})`,
          ip: done.by?.ip ?? '',
        },
        tx,
      );
    }) satisfies FollowUpHandler,

    /** Charges a top-up of `amount` to the agency's card: by hand (a person asked) or automatically. */
    async charge(input: {
      wallet: WalletAgency;
      agencyName: string;
      amount: Cents;
      trigger: 'manual' | 'auto';
      by: TopUpAskedBy | null;
    }): Promise<TopUpOutcome & { businessKey?: string }> {
      const { wallet, amount } = input;
      const customer = await deps.customerOf(wallet.agencyId);
      // An agency's card lives on the platform's own account; a customer on a connected account is not one.
      if (!customer || customer.connectedAccountId !== null) return { status: 'no_card' };
      const n = (await deps.lots.count(wallet.accountId)) + 1;
      const followUp: PaymentFollowUp = {
        kind: WALLET_TOPUP_FOLLOW_UP,
        agencyId: wallet.agencyId,
        accountId: wallet.accountId,
        amount,
        by: input.by,
      };
      const request = {
        systemId: wallet.systemId,
        cause: {
          kind: 'wallet_topup' as const,
          description: `${input.trigger === 'auto' ? 'Automatic Data Wallet top-up' : 'Data Wallet top-up'} of ${input.agencyName}`,
          companyId: wallet.agencyId,
        },
        customerId: customer.customerId,
        gateway: customer.gateway,
        amount,
        followUp,
        creditAccountId: wallet.accountId,
      };
      if (input.trigger === 'auto') {
        const businessKey = `wallet-auto:${wallet.agencyId}:${n}`;
        return { ...(await deps.chargeOnce.charge({ ...request, businessKey })), businessKey };
      }
      return deps.chargeOnce.chargeObligation({
        ...request,
        obligation: { key: `wallet-topup:${wallet.agencyId}:${n}`, campaignId: null, owed: false },
      });
    },
  };
}

export type TopUpCharge = ReturnType<typeof createTopUpCharge>;
