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
 * What makes two requests the same top-up is its key. By hand, the request names itself: the modal
 * makes a request id when the person confirms (`wallet-topup:<agency>:<request id>`), so copies of one
 * request — a double click, a retry, a hundred at once — are one charge whenever they arrive, and a
 * refused one answers its refusal again; the next confirmation is a new id. A count read by the server
 * cannot tell a copy that arrives after the first finished from a second top-up (and requests served
 * one after another do just that). Automatically, the job is the only asker and the top-up is the
 * wallet's n-th: `wallet-auto:<agency>:<n>`, n = its lots + 1, which exists once this top-up's lot is open.
 */
export function createTopUpCharge(deps: {
  lots: Pick<WalletLots, 'open'>;
  chargeOnce: Pick<ChargeOnce, 'charge'>;
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
      /**
       * By hand: the request's own id. Automatically: the wallet's next top-up number, which the job
       * reads before the balance that made it due (see `auto-topup-job.ts`).
       */
      trigger: { requestId: string } | { next: number };
      by: TopUpAskedBy | null;
    }): Promise<TopUpOutcome> {
      const { wallet, amount } = input;
      const customer = await deps.customerOf(wallet.agencyId);
      // An agency's card lives on the platform's own account; a customer on a connected account is not one.
      if (!customer || customer.connectedAccountId !== null) return { status: 'no_card' };
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
          description: `${'next' in input.trigger ? 'Automatic Data Wallet top-up' : 'Data Wallet top-up'} of ${input.agencyName}`,
          companyId: wallet.agencyId,
        },
        customerId: customer.customerId,
        gateway: customer.gateway,
        amount,
        followUp,
        creditAccountId: wallet.accountId,
      };
      const businessKey =
        'next' in input.trigger
          ? `wallet-auto:${wallet.agencyId}:${input.trigger.next}`
          : `wallet-topup:${wallet.agencyId}:${input.trigger.requestId}`;
      return deps.chargeOnce.charge({ ...request, businessKey });
    },
  };
}

export type TopUpCharge = ReturnType<typeof createTopUpCharge>;
