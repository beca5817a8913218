import { asCents, type Cents } from '@app/contracts';
import { onNormalSide } from './ledger-catalogue.js';
import { LedgerError } from './ledger-error.js';
import { causeOf, gatewayOf, type LedgerRepository, type LineRange } from './ledger-repository.js';
import type { LedgerAccount } from './ledger-service.js';

export interface StatementQuery {
  systemId: number;
  accountId: number;
  /** 'YYYY-MM' (UTC): that month's lines only; absent or null: the whole history. */
  month?: string | null;
  /** From 1. */
  page: number;
  /** 1 to 100; 25 when absent. */
  pageSize?: number;
}

export interface StatementLine {
  lineId: number;
  postingId: number;
  postedAt: Date;
  cause: ReturnType<typeof causeOf>;
  gateway: ReturnType<typeof gatewayOf>;
  /** The line itself: debit positive, credit negative. */
  amount: Cents;
  /** What the line did to the balance (on the account's normal side). */
  change: Cents;
  /** The balance right after this line. */
  balance: Cents;
}

export interface Statement {
  account: LedgerAccount;
  month: string | null;
  page: number;
  pageSize: number;
  /** Lines in the month (or in all), across every page. */
  totalLines: number;
  /** The balance before the month's first line (0 for the whole history). */
  openingBalance: Cents;
  /** The balance after the month's last line: the opening balance plus every change in the month. */
  closingBalance: Cents;
  /** The sum of this page's changes. */
  pageChange: Cents;
  lines: StatementLine[];
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MAX_PAGE_SIZE = 100;

export function rangeOf(month: string | null): LineRange {
  if (month === null) return { from: '-infinity', to: 'infinity' };
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new LedgerError('invalid_query', `"${month}" is not a month (YYYY-MM).`);
  const year = Number.parseInt(match[1] ?? '', 10);
  const monthIndex = Number.parseInt(match[2] ?? '', 10) - 1;
  return {
    from: new Date(Date.UTC(year, monthIndex, 1)).toISOString(),
    to: new Date(Date.UTC(year, monthIndex + 1, 1)).toISOString(),
  };
}

/**
 * One page of an account's statement. The running balance starts from the sum of every line
 * before the page (one index-only range scan), so each page stands alone and adds up to the
 * account's balance.
 */
export async function readStatement(
  repo: LedgerRepository,
  account: LedgerAccount,
  query: StatementQuery,
): Promise<Statement> {
  const month = query.month ?? null;
  const pageSize = query.pageSize ?? 25;
  if (!Number.isSafeInteger(query.page) || query.page < 1)
    throw new LedgerError('invalid_query', `Page ${query.page} is not a page number.`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw new LedgerError('invalid_query', `A page holds 1 to ${MAX_PAGE_SIZE} lines.`);
  const range = rangeOf(month);
  const rows = await repo.statementPage(account.id, range, pageSize, (query.page - 1) * pageSize);
  const sums = await repo.statementSums(account.id, range, rows[0]?.lineId ?? null);
  const toBalance = (sumOfLines: number) => asCents(onNormalSide(account.kind, sumOfLines));

  let running = sums.beforePage;
  const lines = rows.map((row): StatementLine => {
    running += row.amount;
    return {
      lineId: row.lineId,
      postingId: row.postingId,
      postedAt: new Date(row.postedAt),
      cause: causeOf(row),
      gateway: gatewayOf(row),
      amount: asCents(row.amount),
      change: toBalance(row.amount),
      balance: toBalance(running),
    };
  });
  return {
    account,
    month,
    page: query.page,
    pageSize,
    totalLines: sums.rangeLines,
    openingBalance: toBalance(sums.beforeRange),
    closingBalance: toBalance(sums.beforeRange + sums.rangeSum),
    pageChange: toBalance(rows.reduce((sum, row) => sum + row.amount, 0)),
    lines,
  };
}
