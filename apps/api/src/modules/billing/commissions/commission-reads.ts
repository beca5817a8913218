import {
  asCents,
  COMMISSION_PAYOUT_STATUS_LABELS,
  type CommissionMonth,
  type CommissionPersonResponse,
  type CommissionPersonTotals,
  type CommissionsResponse,
  DEFAULT_COMMISSION_BPS,
  formatCommissionRate,
} from '@app/contracts';
import { isSales, mayReadCommissions } from '@app/policy';
import { notFound } from '../../../http-errors.js';
import type { Ledger } from '../../ledger/index.js';
import type { SalesPeopleOf } from '../../sales/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { CommissionRepository, PayoutRow } from './commission-repository.js';

const ROLE_LABELS = {
  sales_rep: 'Sales Representative',
  account_executive: 'Account Executive',
  referrer: 'Referrer',
} as const;

type SalesPerson = Awaited<ReturnType<SalesPeopleOf>>[number];

/**
 * What the commissions screen reads (decision 0089): each sales person's commissions earned and
 * reversed (billing's rows), the payouts made (their rows, with state) and what they are owed now —
 * the balance of their `commission_payable` account in the ledger, never a counter kept beside it.
 * Over all time, owed = earned + reversed (≤ 0) − paid out. The system's owners read every sales
 * person of their system, a sales person only themselves (`mayReadCommissions`); anyone else, and
 * any id that is not a sales person of the caller's system, is not found.
 */
export function createCommissionReads(deps: {
  repo: CommissionRepository;
  ledger: Pick<Ledger, 'nonZeroBalances'>;
  salesPeople: SalesPeopleOf;
  /** The person's live connected account (tenancy's read), where payouts go. */
  personalAccount: (
    userId: number,
  ) => Promise<{ status: string; payoutsEnabled: boolean } | null | undefined>;
}) {
  const { repo } = deps;

  async function ratePercent(systemId: number) {
    return formatCommissionRate((await repo.currentRate(systemId))?.rateBps ?? DEFAULT_COMMISSION_BPS);
  }

  async function totals(systemId: number, people: SalesPerson[]): Promise<CommissionPersonTotals[]> {
    const [sums, payouts, balances, accounts] = await Promise.all([
      repo.totalsOf(systemId),
      repo.payoutsOf({ systemId }),
      deps.ledger.nonZeroBalances('commission_payable', undefined, { systemId }),
      Promise.all(people.map((person) => deps.personalAccount(person.id))),
    ]);
    return people.map((person, index) => {
      const account = accounts[index];
      const paid = payouts
        .filter((p) => p.salesUserId === person.id && p.status === 'paid')
        .reduce((sum, p) => sum + p.amount, 0);
      return {
        user_id: person.id,
        name: person.name,
        email: person.email,
        roles: person.roles.map((role) => ROLE_LABELS[role]),
        earned_cents: sums.get(person.id)?.earned ?? 0,
        reversed_cents: sums.get(person.id)?.reversed ?? 0,
        paid_cents: asCents(paid),
        owed_cents: balances.find((b) => b.userId === person.id)?.balance ?? 0,
        payout_account: { status: account?.status ?? '', payouts_enabled: account?.payoutsEnabled ?? false },
      };
    });
  }

  const payoutOf = (row: PayoutRow): NonNullable<CommissionMonth['payout']> => ({
    amount_cents: row.amount,
    status: row.status,
    status_label: COMMISSION_PAYOUT_STATUS_LABELS[row.status],
    transfer_id: row.transferId,
    failure: row.failure,
    settled_at: row.settledAt?.toISOString() ?? null,
  });

  /** The sales person the caller may read, or not found. */
  async function readable(p: Principal, userId: number): Promise<SalesPerson> {
    const person = (await deps.salesPeople(p.systemId)).find((s) => s.id === userId);
    if (!person || !mayReadCommissions(p, { userId, systemId: p.systemId, userType: 'sales' }))
      throw notFound();
    return person;
  }

  return {
    /** The system's sales people with their totals (its owners), or the caller's own (a sales person). */
    async overview(p: Principal): Promise<CommissionsResponse> {
      const own = isSales(p);
      const people = (await deps.salesPeople(p.systemId)).filter((person) => !own || person.id === p.userId);
      return {
        view: own ? 'own' : 'system',
        rate_percent: await ratePercent(p.systemId),
        people: await totals(p.systemId, people),
      };
    },

    /** One sales person's totals and their months, newest first. */
    async person(p: Principal, userId: number): Promise<CommissionPersonResponse> {
      const person = await readable(p, userId);
      const [[summary], months, payouts] = await Promise.all([
        totals(p.systemId, [person]),
        repo.monthsOf(userId),
        repo.payoutsOf({ systemId: p.systemId, salesUserId: userId }),
      ]);
      if (!summary) throw notFound();
      const byMonth = new Map(months.map((m) => [m.month, m]));
      const payoutByMonth = new Map(payouts.map((row) => [row.period, row]));
      const all = [...new Set([...byMonth.keys(), ...payoutByMonth.keys()])].sort().reverse();
      return {
        person: summary,
        rate_percent: await ratePercent(p.systemId),
        months: all.map((month) => {
          const payout = payoutByMonth.get(month);
          return {
            month,
            earned_cents: byMonth.get(month)?.earned ?? 0,
            reversed_cents: byMonth.get(month)?.reversed ?? 0,
            payout: payout ? payoutOf(payout) : null,
          };
        }),
      };
    },
  };
}

export type CommissionReads = ReturnType<typeof createCommissionReads>;
