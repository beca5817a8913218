/**
 * The ledger's public face: the only way money rows are written or read (decision 0029).
 * `createLedger({ db })` → `accountFor`, `post`, `balanceOf`, `statement`, and the overview reads of
 * billing history and reports: `accountsOf`, `owners`, `statementExport`, `earnedFrom`,
 * `collectedBySource` (decision 0083).
 */

export { COLLECTED_CAUSES, type CollectedSourceKey } from './collected-sources.js';
export type { GatewayPosting } from './gateway-postings.js';
export {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_CAUSE_KINDS,
  type LedgerAccountKind,
  type LedgerCauseKind,
  type LedgerOwnerType,
  type NormalSide,
} from './ledger-catalogue.js';
export { LedgerError, type LedgerErrorCode } from './ledger-error.js';
export {
  type AccountBalance,
  createLedger,
  type Ledger,
  type LedgerAccount,
  type LedgerOwner,
  type LedgerPosting,
} from './ledger-service.js';
export type { AccountWithBalance, CollectedBucket, StatementExport } from './overview.js';
export {
  asLeads,
  type Leads,
  MAX_POSTING_LINES,
  type PostingInput,
  type PostingLineInput,
} from './posting-rules.js';
export { type GatewayRefund, postGatewayRefund } from './refund-posting.js';
export type { Statement, StatementLine, StatementQuery } from './statement.js';
