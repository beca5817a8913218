import { asCents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import { rootFeeStatement } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { RootFeeCounts } from '../../leads/index.js';
import type { Ledger } from '../../ledger/index.js';
import { monthBefore } from '../commissions/pay-commissions.js';
import type { RootFeeRepository, RootFeeStatementRow } from './root-fee-repository.js';

/** [first instant, first instant of the next month) of a `YYYY-MM` month, in UTC. */
export function monthWindow(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}

/** The business keys of a statement's accruals, one in each system's books. */
export const accrualKeys = (systemId: number, month: string) => ({
  payable: `root-fee:${systemId}:${month}:accrued`,
  receivable: `root-fee:${systemId}:${month}:accrued-by-master`,
});

/**
 * The month's root-fee statements (decision 0081): for each non-master system, the leads its
 * campaigns delivered in the calendar month (UTC) at the root fee frozen on each (`@app/pricing`
 * `rootFeeStatement`: per unit price, cents once per line). The statement and its accruals — in the
 * paying system an expense against `root_fee_payable`, in the master a `root_fee_receivable` against
 * `root_fee_revenue` — are written in one transaction, and the statement is unique per system and month:
 * a second run, concurrent or not, writes nothing. A month with no root fee is `nothing_due`, unposted.
 */
export function createRootFeeStatements(deps: {
  db: Database;
  repo: RootFeeRepository;
  ledger: Ledger;
  clock: Clock;
  rootFeeCounts: RootFeeCounts;
}) {
  const { db, repo, ledger } = deps;

  async function accrue(row: RootFeeStatementRow, systemName: string, tx: Executor) {
    const keys = accrualKeys(row.systemId, row.month);
    const system = { type: 'system' } as const;
    const amount = asCents(row.amount);
    const [expense, payable] = await Promise.all([
      ledger.accountFor({ systemId: row.systemId, kind: 'root_fee_expense', owner: system }, tx),
      ledger.accountFor({ systemId: row.systemId, kind: 'root_fee_payable', owner: system }, tx),
    ]);
    const owed = await ledger.post(
      {
        systemId: row.systemId,
        cause: {
          kind: 'root_fee',
          description: `Root fee for ${row.month}: ${row.leadCount} leads, owed to the master system`,
          businessKey: keys.payable,
          companyId: null,
        },
        lines: [
          { accountId: expense.id, amount },
          { accountId: payable.id, amount: asCents(-amount) },
        ],
      },
      tx,
    );
    const reference = `system-${row.systemId}`;
    const [receivable, revenue] = await Promise.all([
      ledger.accountFor(
        { systemId: row.masterSystemId, kind: 'root_fee_receivable', owner: system, reference },
        tx,
      ),
      ledger.accountFor({ systemId: row.masterSystemId, kind: 'root_fee_revenue', owner: system }, tx),
    ]);
    const due = await ledger.post(
      {
        systemId: row.masterSystemId,
        cause: {
          kind: 'root_fee',
          description: `Root fee for ${row.month} owed by ${systemName}: ${row.leadCount} leads`,
          businessKey: keys.receivable,
          companyId: null,
        },
        lines: [
          { accountId: receivable.id, amount },
          { accountId: revenue.id, amount: asCents(-amount) },
        ],
      },
      tx,
    );
    await repo.setAccruals(row.id, { payable: owed.posting.id, receivable: due.posting.id }, tx);
  }

  /** Writes the statements of `month` (default: the month before the clock's) that are not written yet. */
  return async function makeStatements(month = monthBefore(deps.clock.now())): Promise<{ made: number }> {
    const window = monthWindow(month);
    if (window.to.getTime() > deps.clock.now().getTime()) return { made: 0 }; // the month is not over
    const systems = await repo.systems();
    const master = systems.find((s) => s.isMaster);
    if (!master) return { made: 0 };
    let made = 0;
    for (const system of systems) {
      if (system.isMaster) continue; // the master owes itself nothing
      const statement = rootFeeStatement(await deps.rootFeeCounts(system.id, window));
      await db.transaction(async (tx) => {
        const row = await repo.insert(
          {
            systemId: system.id,
            masterSystemId: master.id,
            month,
            leadCount: statement.leadCount,
            amount: statement.total,
            lines: statement.lines,
          },
          tx,
        );
        if (!row) return; // another run wrote it, with its postings
        made += 1;
        if (row.amount > 0) await accrue(row, system.name, tx);
      });
    }
    return { made };
  };
}

export type MakeRootFeeStatements = ReturnType<typeof createRootFeeStatements>;
