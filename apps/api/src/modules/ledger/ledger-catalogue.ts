/**
 * What the ledger's accounts and postings may be (decision 0029). A new purpose or cause is a line
 * here, never a schema change: the tables store the identifier as text.
 *
 * Sign convention: every line is signed integer cents, **debit positive, credit negative**, and the
 * lines of a posting sum to zero. An account's *balance* is shown on its normal side: the sum of its
 * lines for a debit-normal account (what it holds or is owed), minus that sum for a credit-normal one
 * (what it owes or has earned), so a healthy balance reads positive either way.
 */

/** Whose account it is: the system (tenant) itself, one of its companies, or one of its people. */
export type LedgerOwnerType = 'system' | 'company' | 'user';
export type NormalSide = 'debit' | 'credit';

interface AccountKindRule {
  owner: LedgerOwnerType;
  normalSide: NormalSide;
  meaning: string;
}

export const LEDGER_ACCOUNT_KINDS = {
  gateway_clearing: {
    owner: 'system',
    normalSide: 'debit',
    meaning: 'Money the payment gateway holds for the system: collected, not yet paid out.',
  },
  revenue: {
    owner: 'system',
    normalSide: 'credit',
    meaning: 'What the system has earned: onboarding, wholesale, minimum spend.',
  },
  application_fees: {
    owner: 'system',
    normalSide: 'credit',
    meaning: "Application fees the system takes on direct charges made on an agency's connected account.",
  },
  refunds: {
    owner: 'system',
    normalSide: 'debit',
    meaning: 'Money the system has given back (set against revenue).',
  },
  receivable: {
    owner: 'company',
    normalSide: 'debit',
    meaning: 'What a company owes the system: charged or invoiced, not yet collected.',
  },
  wallet: {
    owner: 'company',
    normalSide: 'credit',
    meaning: "An agency's prepaid Data Wallet: money the system holds for it until spent.",
  },
  prepaid: {
    owner: 'company',
    normalSide: 'credit',
    meaning: "A client's prepaid lead balance (the account's reference names the campaign).",
  },
  commission_payable: {
    owner: 'user',
    normalSide: 'credit',
    meaning: 'Sales commission earned by a sales person and not yet paid out.',
  },
} as const satisfies Record<string, AccountKindRule>;

export type LedgerAccountKind = keyof typeof LEDGER_ACCOUNT_KINDS;

/** The business operations that move money; each posting names one. */
export const LEDGER_CAUSE_KINDS = [
  'onboarding_charge',
  'charge',
  'refund',
  'wallet_topup',
  'wallet_spend',
  'transfer',
  'commission',
  'correction',
] as const;
export type LedgerCauseKind = (typeof LEDGER_CAUSE_KINDS)[number];

export const isLedgerAccountKind = (kind: string): kind is LedgerAccountKind =>
  Object.hasOwn(LEDGER_ACCOUNT_KINDS, kind);
export const isLedgerCauseKind = (kind: string): kind is LedgerCauseKind =>
  (LEDGER_CAUSE_KINDS as readonly string[]).includes(kind);

/** An amount of lines (debit positive) as its effect on the account's balance, on its normal side. */
export function onNormalSide(kind: LedgerAccountKind, sumOfLines: number): number {
  const effect = LEDGER_ACCOUNT_KINDS[kind].normalSide === 'debit' ? sumOfLines : -sumOfLines;
  return effect === 0 ? 0 : effect; // never -0
}
