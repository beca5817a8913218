import type { Cents } from '@app/contracts';
import { isLedgerCauseKind, type LedgerCauseKind } from './ledger-catalogue.js';
import { LedgerError } from './ledger-error.js';

/** A count of leads on a leads-unit account (a prepaid block, decision 0072); never money. */
export type Leads = number & { readonly __unit: 'leads' };
export const asLeads = (count: number): Leads => count as Leads;

export interface PostingLineInput {
  accountId: number;
  /** Debit positive, credit negative; never zero. Cents, or leads on a leads account. */
  amount: Cents | Leads;
}

export interface PostingInput {
  systemId: number;
  cause: {
    kind: LedgerCauseKind;
    /** What a person reads in a statement ("Onboarding charge of Northwind"). */
    description: string;
    /** Names the business operation, once and for ever ("onboarding:42"): a second post returns the first. */
    businessKey: string;
    /** The company the operation concerns; null when it concerns only the system. */
    companyId: number | null;
  };
  /** The gateway object behind the money (a charge, refund or transfer id), when there is one. */
  gateway?: { name: string; objectId: string } | null;
  lines: readonly PostingLineInput[];
  /**
   * When the operation happened, if not now: only for loading history (the demo seed's sandbox
   * months, imports), never from a request. Not in the future, not before 2000.
   */
  postedAt?: Date;
}

/** Enough for any business operation, and within the smallint the posting stores its count in. */
export const MAX_POSTING_LINES = 100;
const MAX_DESCRIPTION = 500;
const EARLIEST_POSTING = Date.UTC(2000, 0, 1);
/** Visible ASCII only: a key is compared byte for byte, so no spaces or look-alike letters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const GATEWAY_NAME_PATTERN = /^[a-z][a-z0-9_]{0,30}$/;
const GATEWAY_OBJECT_PATTERN = /^[\x21-\x7e]{1,255}$/;

const refuse = (message: string): never => {
  throw new LedgerError('invalid_posting', message);
};
const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * Every rule a posting must meet that needs no database: checked before any SQL, so a bad call
 * fails with a clear reason instead of a constraint name. The database checks balance again.
 */
export function checkPosting(input: PostingInput, now: Date): void {
  const { cause, lines, gateway } = input;
  if (!isId(input.systemId)) refuse(`The system id ${input.systemId} is not an id.`);
  if (!isLedgerCauseKind(cause.kind)) refuse(`"${cause.kind}" is not a ledger cause.`);
  if (!cause.description.trim() || cause.description.length > MAX_DESCRIPTION)
    refuse(`A posting needs a description of 1 to ${MAX_DESCRIPTION} characters.`);
  if (!KEY_PATTERN.test(cause.businessKey))
    refuse('The business key must be 1 to 200 visible ASCII characters (no spaces).');
  if (cause.companyId !== null && !isId(cause.companyId))
    refuse(`The company id ${cause.companyId} is not an id.`);
  if (gateway && !(GATEWAY_NAME_PATTERN.test(gateway.name) && GATEWAY_OBJECT_PATTERN.test(gateway.objectId)))
    refuse('A gateway object needs the gateway name (snake_case) and the object id (visible ASCII).');
  if (input.postedAt !== undefined) {
    const at = input.postedAt.getTime();
    if (!Number.isFinite(at) || at < EARLIEST_POSTING || at > now.getTime() + 60_000)
      refuse('A posting can be dated from 2000 up to now, not later.');
  }
  if (lines.length < 2) refuse(`A posting needs at least two lines; this one has ${lines.length}.`);
  if (lines.length > MAX_POSTING_LINES) refuse(`A posting has at most ${MAX_POSTING_LINES} lines.`);
  let debits = 0;
  let credits = 0;
  for (const [index, line] of lines.entries()) {
    if (!isId(line.accountId)) refuse(`Line ${index + 1}: the account id ${line.accountId} is not an id.`);
    if (!Number.isSafeInteger(line.amount) || line.amount === 0)
      refuse(`Line ${index + 1}: ${line.amount} is not a non-zero whole number of cents.`);
    if (line.amount > 0) debits += line.amount;
    else credits -= line.amount;
    if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits))
      refuse('The amounts of the posting are too large to add up exactly.');
  }
  if (debits !== credits)
    refuse(`A posting must balance: its debits are ${debits} cents and its credits ${credits} cents.`);
}
