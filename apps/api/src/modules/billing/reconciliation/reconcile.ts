import type { Clock } from '../../../lib/clock.js';
import type { GatewayDirectory } from '../../../providers/payments/gateway-directory.js';
import { GatewayNotConfiguredError } from '../../../providers/payments/gateway-directory.js';
import type { Ledger } from '../../ledger/index.js';
import { matchRecords, type OperationSide } from './match-records.js';
import type { ReconciliationRepository } from './reconciliation-repository.js';

/** Reconciliation's read of the payment operations (the payments module's). */
export interface OperationReads {
  ofSystemOnGateway(systemId: number, gateway: string): Promise<OperationSide[]>;
  gatewaysOf(systemId: number): Promise<string[]>;
}

/**
 * Reconciles a system (decision 0079): for each gateway its money went through (its operations' and
 * postings', and the one it uses today), the gateway's records of all time are compared with its
 * operations and ledger postings there, and the day's run is stored (a re-run replaces it). A
 * gateway whose keys are gone is skipped and said so.
 */
export function createReconciliation(deps: {
  clock: Clock;
  ledger: Pick<Ledger, 'gatewayPostings' | 'postingGateways'>;
  gateways: Pick<GatewayDirectory, 'of' | 'forSystem'>;
  operations: OperationReads;
  repo: ReconciliationRepository;
  log: (message: string) => void;
}) {
  async function reconcileSystem(systemId: number) {
    const ranAt = deps.clock.now();
    const runDate = ranAt.toISOString().slice(0, 10);
    const names = new Set([
      (await deps.gateways.forSystem(systemId)).name,
      ...(await deps.operations.gatewaysOf(systemId)),
      ...(await deps.ledger.postingGateways(systemId)),
    ]);
    const runs: { gateway: string; checked: number; differences: number }[] = [];
    for (const name of [...names].sort()) {
      const gateway = await deps.gateways.of(systemId, name).catch((error: unknown) => {
        if (error instanceof GatewayNotConfiguredError) return null;
        throw error;
      });
      if (!gateway) {
        deps.log(`reconciliation: system ${systemId}'s ${name} gateway is not configured; skipped`);
        continue;
      }
      const [operations, postings] = await Promise.all([
        deps.operations.ofSystemOnGateway(systemId, name),
        deps.ledger.gatewayPostings({ systemId, gateway: name }),
      ]);
      const connectedAccountIds = [
        ...new Set(operations.flatMap((o) => (o.connectedAccountId ? [o.connectedAccountId] : []))),
      ];
      const records = await gateway.listRecords({ since: null, connectedAccountIds });
      const result = matchRecords({ systemId, records, operations, postings });
      await deps.repo.save({ systemId, gateway: name, runDate, ranAt, result });
      runs.push({ gateway: name, checked: result.checked, differences: result.differences.length });
    }
    return runs;
  }

  return {
    reconcileSystem,
    /** Every system, one after another. */
    async reconcileAll() {
      const done = [];
      for (const systemId of await deps.repo.systemIds())
        done.push({ systemId, runs: await reconcileSystem(systemId) });
      return done;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
