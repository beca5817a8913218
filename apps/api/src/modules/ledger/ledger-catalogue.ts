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
/** What an account's amounts count: US cents, or leads (a prepaid block, decision 0072). */
export type LedgerUnit = 'usd_cents' | 'leads';

interface AccountKindRule {
  owner: LedgerOwnerType;
  normalSide: NormalSide;
  unit: LedgerUnit;
  meaning: string;
}

export const LEDGER_ACCOUNT_KINDS = {
  gateway_clearing: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'Money the payment gateway holds for the system: collected, not yet paid out.',
  },
  revenue: {
    owner: 'system',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: 'What the system has earned: onboarding, wholesale, minimum spend.',
  },
  application_fees: {
    owner: 'system',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: "Application fees the system takes on direct charges made on an agency's connected account.",
  },
  refunds: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'Money the system has given back (set against revenue).',
  },
  receivable: {
    owner: 'company',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'What a company owes the system: charged or invoiced, not yet collected.',
  },
  wallet: {
    owner: 'company',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: "An agency's prepaid Data Wallet: money the system holds for it until spent.",
  },
  prepaid: {
    owner: 'company',
    normalSide: 'credit',
    unit: 'leads',
    meaning:
      "Leads a client has bought ahead and not yet received (the account's reference names the campaign).",
  },
  prepaid_outstanding: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'leads',
    meaning: 'Prepaid leads the system owes its clients, all campaigns together.',
  },
  // A Simplifi campaign's budget (decision 0110), at the client's price: bought per budget period,
  // spent as the ad platform reports the days' spend.
  ad_budget: {
    owner: 'company',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning:
      "Ad budget a client has paid for a Simplifi campaign (the reference names it) and not yet spent, at the client's price.",
  },
  ad_budget_outstanding: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning:
      "Ad budget the system's clients have paid for and their campaigns have not yet spent, all together.",
  },
  commission_expense: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'What the system has paid or owes its sales people as commission (set against revenue).',
  },
  commission_payable: {
    owner: 'user',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: 'Sales commission earned by a sales person and not yet paid out.',
  },
  // Root fees between systems (decision 0081). The paying (non-master) system's side:
  root_fee_expense: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'The root fees a non-master system owes or has paid the master system for its leads.',
  },
  root_fee_payable: {
    owner: 'system',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: 'Root fees a non-master system owes the master system and has not paid yet.',
  },
  // … and the master system's side, one account per paying system (the reference names it).
  root_fee_receivable: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning: 'Root fees a non-master system (the reference: system-<id>) owes the master, not yet received.',
  },
  root_fee_revenue: {
    owner: 'system',
    normalSide: 'credit',
    unit: 'usd_cents',
    meaning: "What the master system has earned in root fees from non-master systems' leads.",
  },
  root_fee_received: {
    owner: 'system',
    normalSide: 'debit',
    unit: 'usd_cents',
    meaning:
      "Root fees paid into the master's receiving account on a non-master system's gateway (the reference: system-<id>).",
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
  'wallet_expiry',
  'prepaid_block',
  'prepaid_use',
  'prepaid_refund',
  'ad_budget',
  'ad_spend',
  'transfer',
  'commission',
  'minimum_spend',
  'root_fee',
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
