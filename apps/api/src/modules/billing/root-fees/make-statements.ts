import { asCents } from '@app/contracts';
import type { Database, Executor } from '@app/db';
import { rootFeeStatement } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { FirstDelivery, RootFeeCounts } from '../../leads/index.js';
import type { Ledger } from '../../ledger/index.js';
import type { RootFeeRepository, RootFeeStatementRow, SystemRow } from './root-fee-repository.js';

/** Months stated per system per run at most: a system years behind catches up over a few runs. */
export const MONTHS_PER_RUN = 24;

/** `YYYY-MM` of an instant (UTC). */
export const monthOf = (at: Date) =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** [first instant, first instant of the next month) of a `YYYY-MM` month, in UTC. */
export function monthWindow(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}

/**
 * The months from the one holding `start` up to the last one ended by `now`, oldest first, that are
 * not in `stated`; at most `limit` of them.
 */
export function monthsToState(start: Date, now: Date, stated: ReadonlySet<string>, limit: number): string[] {
  const months: string[] = [];
  for (let month = monthOf(start); months.length < limit; ) {
    const { to } = monthWindow(month);
    if (to.getTime() > now.getTime()) break; // this month is not over
    if (!stated.has(month)) months.push(month);
    month = monthOf(to);
  }
  return months;
}

/** The business keys of a statement's accruals, one in each system's books. */
export const accrualKeys = (systemId: number, month: string) => ({
  payable: `root-fee:${systemId}:${month}:accrued`,
  receivable: `root-fee:${systemId}:${month}:accrued-by-master`,
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a statement counts, in words: "5 leads, 1 setup fee, 2 period fees". */
function whatItCounts(row: RootFeeStatementRow): string {
  const parts = [plural(row.leadCount, 'lead')];
  for (const fee of row.feeLines)
    parts.push(plural(fee.count, fee.kind === 'setup_fee' ? 'setup fee' : 'period fee'));
  return parts.join(', ');
}

/**
 * The root-fee statements (decisions 0081, 0088): for each non-master system and calendar month
 * (UTC), the leads its campaigns delivered in the month at the root fee frozen on each
 * (`@app/pricing` `rootFeeStatement`: per unit price, cents once per line), and the root fee of the
 * setup and period fees its campaigns were charged (`root_fee_charges`, frozen when charged) that no
 * statement counted yet — those charged in the month, and any charged before it that a statement
 * made meanwhile could not see. A run states every month not stated yet, from the first in which the
 * system owed anything (its first lead, its oldest uncounted charge, its first statement), oldest
 * first, `MONTHS_PER_RUN` at most per system. The statement, the charges it counts and its accruals
 * — in the paying system an expense against `root_fee_payable`, in the master a `root_fee_receivable`
 * against `root_fee_revenue` — are written in one transaction; the statement is unique per system and
 * month and a charge names the one statement that counts it, so a second run, concurrent or not,
 * writes nothing. A month with no root fee is `nothing_due`, unposted.
 */
export function createRootFeeStatements(deps: {
  db: Database;
  repo: RootFeeRepository;
  ledger: Ledger;
  clock: Clock;
  rootFeeCounts: RootFeeCounts;
  firstDeliveredAt: FirstDelivery;
}) {
  const { db, repo, ledger } = deps;

  async function accrue(row: RootFeeStatementRow, systemName: string, tx: Executor) {
    const keys = accrualKeys(row.systemId, row.month);
    const system = { type: 'system' } as const;
    const amount = asCents(row.amount);
    const counted = whatItCounts(row);
    const [expense, payable] = await Promise.all([
      ledger.accountFor({ systemId: row.systemId, kind: 'root_fee_expense', owner: system }, tx),
      ledger.accountFor({ systemId: row.systemId, kind: 'root_fee_payable', owner: system }, tx),
    ]);
    const owed = await ledger.post(
      {
        systemId: row.systemId,
        cause: {
          kind: 'root_fee',
          description: `Root fee for ${row.month}: ${counted}, owed to the master system`,
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
          description: `Root fee for ${row.month} owed by ${systemName}: ${counted}`,
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

  /** The months of a system to state now: from the first it owed in, not stated yet, oldest first. */
  async function monthsOf(system: SystemRow, now: Date): Promise<string[]> {
    const [firstLead, firstCharge, stated] = await Promise.all([
      deps.firstDeliveredAt(system.id),
      repo.firstUncountedChargeAt(system.id),
      repo.statedMonths(system.id),
    ]);
    const starts = [firstLead, firstCharge, stated[0] ? monthWindow(stated[0]).from : null].filter(
      (at): at is Date => at !== null,
    );
    if (starts.length === 0) return []; // it never owed anything
    const start = new Date(Math.min(...starts.map((at) => at.getTime())));
    return monthsToState(start, now, new Set(stated), MONTHS_PER_RUN);
  }

  /** States one month of one system; false when another run stated it first. */
  async function state(system: SystemRow, masterId: number, month: string): Promise<boolean> {
    const window = monthWindow(month);
    // The leads are read before the transaction: on PGlite, one connection, a read inside it would wait.
    const leads = await deps.rootFeeCounts(system.id, window);
    return db.transaction(async (tx) => {
      const charges = await repo.uncountedCharges(system.id, window.to, tx);
      const statement = rootFeeStatement(leads, charges);
      const row = await repo.insert(
        {
          systemId: system.id,
          masterSystemId: masterId,
          month,
          leadCount: statement.leadCount,
          amount: statement.total,
          lines: statement.lines,
          feeLines: statement.feeLines,
        },
        tx,
      );
      if (!row) return false; // another run wrote it, with its charges and postings
      await repo.countCharges(
        row.id,
        charges.map((c) => c.id),
        tx,
      );
      if (row.amount > 0) await accrue(row, system.name, tx);
      return true;
    });
  }

  /** Writes every month of every non-master system that has ended and is not stated yet. */
  return async function makeStatements(): Promise<{ made: number }> {
    const now = deps.clock.now();
    const systems = await repo.systems();
    const master = systems.find((s) => s.isMaster);
    if (!master) return { made: 0 };
    let made = 0;
    for (const system of systems) {
      if (system.isMaster) continue; // the master owes itself nothing
      for (const month of await monthsOf(system, now)) if (await state(system, master.id, month)) made += 1;
    }
    return { made };
  };
}

export type MakeRootFeeStatements = ReturnType<typeof createRootFeeStatements>;
