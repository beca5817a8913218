export type LedgerErrorCode =
  /** The posting breaks a rule before any SQL runs (lines, amounts, cause, key). */
  | 'invalid_posting'
  /** An account, company or person is not in the system the call names. */
  | 'not_in_system'
  /** The business key is already posted with other lines, accounts or cause. */
  | 'business_key_conflict'
  /** An account asked for with an owner its kind does not take. */
  | 'invalid_account'
  /** A statement asked for with a bad month, page or page size. */
  | 'invalid_query';

/**
 * A call the ledger refuses. Every caller is server code, so this is a defect of the caller, not
 * of a person's input: nothing was written when it is thrown.
 */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}
