import {
  ROOT_FEE_FEE_LABELS,
  ROOT_FEE_STATUS_LABELS,
  type RootFeeSystem,
  type RootFeesResponse,
} from '@app/contracts';
import { notFound } from '../../../http-errors.js';
import type { Ledger } from '../../ledger/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { ReceivingAccountOf } from './pay-statements.js';
import type { RootFeeRepository, SystemRow } from './root-fee-repository.js';

/**
 * Reading root fees (decisions 0081, 0088), for a system's owners (the route's `billing.rootFees` rule): a
 * non-master system's owner reads its own statements, what it owes now (its `root_fee_payable`
 * balance) and the receiving account's state; the master's owner reads every non-master system's, or
 * the one `systemId` names. Any other system — another paying system, the master itself — is 404.
 */
export function createRootFeeReads(deps: {
  repo: RootFeeRepository;
  ledger: Pick<Ledger, 'accountsOf'>;
  receivingAccount: ReceivingAccountOf;
}) {
  const { repo, ledger } = deps;

  async function systemView(system: SystemRow): Promise<RootFeeSystem> {
    const [rows, account, accounts] = await Promise.all([
      repo.ofSystem(system.id),
      deps.receivingAccount(system.id),
      ledger.accountsOf({ systemId: system.id, owner: { type: 'system' } }),
    ]);
    // What it owes now: its payable's balance (no account yet: nothing was ever owed).
    const owed = accounts.find((a) => a.kind === 'root_fee_payable')?.balance ?? 0;
    return {
      system_id: system.id,
      system_name: system.name,
      receiving_account: { status: account?.status ?? '', payouts_enabled: account?.payoutsEnabled ?? false },
      owed_cents: owed,
      statements: rows.map((r) => ({
        month: r.month,
        lead_count: r.leadCount,
        amount_cents: r.amount,
        lines: r.lines.map((l) => ({
          leads: l.leads,
          unit_price_micros: l.unitPriceMicros,
          amount_cents: l.amount,
        })),
        fee_lines: r.feeLines.map((f) => ({
          kind: f.kind,
          label: ROOT_FEE_FEE_LABELS[f.kind],
          count: f.count,
          amount_cents: f.amount,
        })),
        status: r.status,
        status_label: ROOT_FEE_STATUS_LABELS[r.status],
        transfer_id: r.transferId,
        failure: r.failure,
        settled_at: r.settledAt?.toISOString() ?? null,
        attempt: r.attempt,
        next_attempt_at: r.status === 'failed' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
      })),
    };
  }

  return async function readRootFees(p: Principal, systemId?: number): Promise<RootFeesResponse> {
    const systems = await repo.systems();
    const own = systems.find((s) => s.id === p.systemId);
    if (!own) throw notFound();
    if (!own.isMaster) {
      if (systemId !== undefined && systemId !== own.id) throw notFound();
      return { view: 'paying', systems: [await systemView(own)] };
    }
    const paying = systems.filter((s) => !s.isMaster && (systemId === undefined || s.id === systemId));
    if (systemId !== undefined && paying.length === 0) throw notFound();
    return { view: 'master', systems: await Promise.all(paying.map(systemView)) };
  };
}

export type ReadRootFees = ReturnType<typeof createRootFeeReads>;
