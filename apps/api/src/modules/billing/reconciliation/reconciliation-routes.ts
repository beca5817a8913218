import {
  apiErrorSchema,
  RECONCILIATION_DIFFERENCE_LABELS,
  type ReconciliationDifferenceKind,
  type ReconciliationResponse,
  reconciliationResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { Reconciliation } from './reconcile.js';
import type { ReconciliationRepository } from './reconciliation-repository.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The system's owners only (the root company's owner and system users); the system is the caller's own. */
const ownerRule: AccessRule = { kind: 'user', action: 'billing.reconciliation' };

/** The latest reconciliation of the caller's system, and "run now" (decision 0079). */
export const reconciliationRoutes =
  (deps: {
    repo: ReconciliationRepository;
    reconciliation: Pick<Reconciliation, 'reconcileSystem'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    async function latest(systemId: number): Promise<ReconciliationResponse> {
      const runs = await deps.repo.latest(systemId);
      const ids = new Set(runs.flatMap(({ run }) => run.totals.parties.map((p) => p.companyId)));
      const names = await deps.repo.companyNames(systemId, [...ids]);
      return {
        runs: runs.map(({ run, differences }) => ({
          gateway: run.gateway,
          run_date: run.runDate,
          ran_at: run.ranAt.toISOString(),
          checked: run.checked,
          difference_count: run.differenceCount,
          gateway_totals: {
            charges_cents: run.totals.gateway.charges,
            refunds_cents: run.totals.gateway.refunds,
            transfers_cents: run.totals.gateway.transfers,
            application_fees_cents: run.totals.gateway.applicationFees,
            net_cents: run.totals.gateway.net,
          },
          ledger_totals: { net_cents: run.totals.ledger.net, postings: run.totals.ledger.postings },
          parties: run.totals.parties.map((p) => ({
            company_id: p.companyId,
            name: names.get(p.companyId) ?? `Company ${p.companyId}`,
            gateway_cents: p.gateway,
            ledger_cents: p.ledger,
          })),
          differences: differences.map((d) => ({
            kind: d.kind,
            label: RECONCILIATION_DIFFERENCE_LABELS[d.kind as ReconciliationDifferenceKind] ?? d.kind,
            operation_key: d.operationKey,
            gateway_object_id: d.gatewayObjectId,
            company_id: d.companyId,
            ours_cents: d.ours,
            gateway_cents: d.theirs,
          })),
        })),
      };
    }

    app.get(
      '/configuration/reconciliation',
      {
        config: { access: ownerRule },
        schema: { tags: ['billing'], response: { 200: reconciliationResponseSchema, ...errors } },
      },
      async (request) => latest(principalOf(request).systemId),
    );

    app.post(
      '/configuration/reconciliation/run',
      {
        config: { access: ownerRule },
        schema: { tags: ['billing'], response: { 200: reconciliationResponseSchema, ...errors } },
      },
      async (request) => {
        const { systemId } = principalOf(request);
        await deps.reconciliation.reconcileSystem(systemId);
        return latest(systemId);
      },
    );
  };
