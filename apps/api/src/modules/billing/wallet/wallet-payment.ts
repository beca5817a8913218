import type { Cents } from '@app/contracts';
import type { Database, PaymentFollowUp } from '@app/db';
import type { Ledger } from '../../ledger/index.js';
import type { PaidWithoutCharge } from '../../payments/index.js';
import type { WalletLots, WalletSpendInput } from '../lots/wallet-lots.js';
import type { WalletSpending } from './wallet-spend.js';

/** The business key of the wallet's payment of an obligation: its ledger posting's. */
export const walletPaymentKey = (obligationKey: string) => `wallet-pays:${obligationKey}`;

/**
 * What an agency's Data Wallet paid of an obligation, whose wallet it was, and the spend's posting
 * (what its sales commissions were earned on, decision 0089); null: it paid none.
 */
export type WalletPaidFor = (
  obligationKey: string,
) => Promise<{ amount: Cents; agencyId: number; postingId: number } | null>;

/**
 * What the wallet paid of an obligation, read from its posting `wallet-pays:<obligation>`: the line
 * on the paying agency's wallet account (a prepaid refund gives it back there, decision 0087).
 */
export function walletPaidFor(deps: {
  ledger: Pick<Ledger, 'postingOf'>;
  lots: Pick<WalletLots, 'account'>;
}): WalletPaidFor {
  return async (obligationKey) => {
    const posting = await deps.ledger.postingOf(walletPaymentKey(obligationKey));
    const agencyId = posting?.cause.companyId;
    if (!posting || agencyId === null || agencyId === undefined) return null;
    const wallet = await deps.lots.account(posting.systemId, agencyId);
    const line = posting.lines.find((l) => l.accountId === wallet.id);
    return line && line.amount > 0 ? { amount: line.amount, agencyId, postingId: posting.id } : null;
  };
}

/** One of an agency's charges for a campaign, offered to its Data Wallet first. */
export interface WalletPaymentInput {
  systemId: number;
  agencyId: number;
  amount: Cents;
  /** The obligation the card charge would pay (`invoice:12`, `prepaid-topup:40:3:platform-part`). */
  obligationKey: string;
  /** The statement line, as the card charge's would read. */
  description: string;
  /** What paying it finishes (the invoice paid, the block opened); null when a later charge carries it. */
  followUp: PaymentFollowUp | null;
  /** `minimum_spend` for a shortfall, so paying it is not counted as spend (`WalletSpendInput`). */
  causeKind?: WalletSpendInput['causeKind'];
}

/**
 * The Data Wallet pays what the agency owes for its clients' campaigns before its card is charged
 * (decision 0085): a manual-bill invoice or prepaid block, the platform's part a client priced
 * below cost cannot carry, or a minimum-spend shortfall. All of the amount or nothing: a wallet that does not cover it leaves the
 * card to pay the whole, so no charge is ever split. The spend (posting `wallet-pays:<obligation>`),
 * the follow-up and the settlement of a decline it left owing are one transaction, and a spend made
 * before answers `paid` again, so a crash or a second run never pays twice; a charge for the
 * obligation that went through or is pending keeps the wallet out.
 */
export function createWalletPayment(deps: {
  db: Database;
  wallet: Pick<WalletSpending, 'spend'>;
  lots: Pick<WalletLots, 'account' | 'balance'>;
  paidWithoutCharge: PaidWithoutCharge;
}) {
  /** Whether the wallet holds `amount` now: an activation needs no agency card for what it will pay. */
  async function covers(systemId: number, agencyId: number, amount: Cents): Promise<boolean> {
    if (amount <= 0) return false;
    const account = await deps.lots.account(systemId, agencyId);
    return (await deps.lots.balance(account.id)) >= amount;
  }

  async function pay(input: WalletPaymentInput): Promise<'paid' | 'not_covered'> {
    if (input.amount <= 0) return 'not_covered';
    return deps.db
      .transaction(async (tx) => {
        const spent = await deps.wallet.spend(
          {
            systemId: input.systemId,
            agencyId: input.agencyId,
            amount: input.amount,
            businessKey: walletPaymentKey(input.obligationKey),
            description: `${input.description} (paid from the Data Wallet)`,
            ...(input.causeKind ? { causeKind: input.causeKind } : {}),
          },
          tx,
        );
        if (spent.status === 'insufficient') return 'not_covered';
        // Paid once before (a crash after the commit, or a second run): its follow-up ran with it.
        if (!spent.created) return 'paid';
        const finished = await deps.paidWithoutCharge(
          {
            obligationKey: input.obligationKey,
            systemId: input.systemId,
            companyId: input.agencyId,
            followUp: input.followUp,
          },
          tx,
        );
        // A card charge got there first: roll the spend back and let the card's outcome stand.
        if (!finished) throw new CardGotThereFirst();
        return 'paid';
      })
      .catch((error: unknown) => {
        if (error instanceof CardGotThereFirst) return 'not_covered' as const;
        throw error;
      });
  }

  return {
    pay,
    covers,
  };
}

class CardGotThereFirst extends Error {}

export type AgencyWallet = ReturnType<typeof createWalletPayment>;
