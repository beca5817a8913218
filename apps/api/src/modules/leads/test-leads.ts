import { type Database, queryRows, sql } from '@app/db';
import { REJECTION_LABELS, type RejectionReason } from '@app/lead-engine';
import type { Identity } from '../../providers/identities/index.js';
import type { IntakeRepository } from './intake-repository.js';

/*
 * A site test's lead (`POST /send-test-lead`, decision 0050): a synthetic identity written to the
 * intake like any other (source 'test'), so the ingest job takes it through the campaign's whole
 * pipeline, claim, store and delivery. The caller may wait a bounded time for its outcome: each
 * stored batch signals the waiters, who read the outcome again (a worker in another process sends
 * no signal, so they also look every `recheckMs`).
 */

export type TestLeadOutcome =
  | { kind: 'stored'; leadId: number }
  | { kind: 'rejected'; reason: string; label: string }
  | { kind: 'pending' };

export function createTestLeads(deps: {
  db: Database;
  intake: Pick<IntakeRepository, 'insert'>;
  /** Wakes the ingest job. */
  wake: () => void;
  recheckMs?: number;
}) {
  const waiters = new Set<() => void>();
  const recheckMs = deps.recheckMs ?? 500;

  async function outcomeOf(campaignId: number, identityMd5: string): Promise<TestLeadOutcome> {
    const [lead] = await queryRows<{ id: string }>(
      deps.db,
      sql`select id::text as id from leads
           where campaign_id = ${campaignId} and identity_md5 = ${identityMd5} and source = 'test' limit 1`,
    );
    if (lead) return { kind: 'stored', leadId: Number.parseInt(lead.id, 10) };
    const [rejection] = await queryRows<{ reason: string }>(
      deps.db,
      sql`select reason from lead_rejections
           where campaign_id = ${campaignId} and identity_md5 = ${identityMd5} and source = 'test' limit 1`,
    );
    if (rejection)
      return {
        kind: 'rejected',
        reason: rejection.reason,
        label: REJECTION_LABELS[rejection.reason as RejectionReason] ?? rejection.reason,
      };
    return { kind: 'pending' };
  }

  /** Resolves at the next stored batch, or after `ms`, whichever is first. */
  const nextBatchOr = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });

  return {
    /** Queues the identity for the campaign's pipeline. */
    async submit(campaignId: number, identity: Identity): Promise<void> {
      await deps.intake.insert([{ campaignId, source: 'test', payload: { ...identity } }]);
      deps.wake();
    },

    outcomeOf,

    /** The outcome once the ingest job has one, or 'pending' when `timeoutMs` passed first. */
    async waitForOutcome(
      campaignId: number,
      identityMd5: string,
      timeoutMs: number,
    ): Promise<TestLeadOutcome> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const outcome = await outcomeOf(campaignId, identityMd5);
        const left = deadline - Date.now();
        if (outcome.kind !== 'pending' || left <= 0) return outcome;
        await nextBatchOr(Math.min(left, recheckMs));
      }
    },

    /** The ingest service calls this after each batch. */
    batchDone() {
      for (const wake of [...waiters]) wake();
    },
  };
}

export type TestLeads = ReturnType<typeof createTestLeads>;
