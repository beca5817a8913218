import { asCents, PREPAID_REFUND_TEXTS, type RefundEstimate } from '@app/contracts';
import type { Database, Executor, PrepaidRefundCall } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import { GatewayError } from '../../../providers/payments/gateway.js';
import type { GatewayDirectory } from '../../../providers/payments/gateway-directory.js';
import type { PrepaidCampaign } from '../../campaigns/index.js';
import { asLeads, type Ledger, postGatewayRefund } from '../../ledger/index.js';
import type { WalletPaidFor } from '../wallet/wallet-payment.js';
import type { PrepaidLots } from './prepaid-lots.js';
import { estimateOnWire, type PaidFor, paidBlocks, planRefund } from './prepaid-refund-plan.js';
import type { PrepaidRefundRepository, PrepaidRefundRow } from './prepaid-refund-repository.js';
import type { WalletLots } from './wallet-lots.js';

/** A refund refused: its text (PREPAID_REFUND_TEXTS) and whether it is a conflict with an earlier one. */
export class PrepaidRefundRefused extends Error {
  constructor(
    message: string,
    readonly conflict = false,
  ) {
    super(message);
  }
}

/**
 * The refund of a stopped prepaid campaign's unused leads (decision 0078), in three steps:
 *
 * 1. One transaction under the campaign's lots' lock (the lead claim's lock): read the leads left,
 *    plan the refund (`@app/pricing`), post the leads out (the balance becomes 0) and write the
 *    refund row, pending. A claim that locked first was billed from the lot; one after finds none.
 *    Any number of concurrent requests: one finds leads, the others nothing (already refunded).
 * 2. No transaction open: each gateway refund, keyed `<business key>:<charge>` (the same refund
 *    however often asked).
 * 3. One transaction: the row marked refunded (only by the one settler that finds it pending), the
 *    money lines of each refund, and what the agency's Data Wallet paid of the blocks credited back
 *    into it (decision 0087: a posting and a wallet lot under `<business key>:wallet-credit`). A
 *    crash between leaves the row pending; `finishPending` (the janitor) does 2-3 again, the gateway
 *    replaying; the wallet is credited in the transaction that marks the row, so once.
 *
 * A gateway that refuses (before any refund went through) gives the leads back and marks the row
 * failed; the next attempt takes a new key.
 */
export function createPrepaidRefunds(deps: {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  lots: Pick<PrepaidLots, 'lockLeft' | 'left'>;
  repo: PrepaidRefundRepository;
  paidFor: PaidFor;
  /** What the agency's Data Wallet paid of an obligation instead of a card (decision 0085). */
  walletPaidFor: WalletPaidFor;
  /** Gives what the wallet paid back into it, as a lot of its own (decision 0087). */
  wallet: Pick<WalletLots, 'credit'>;
  gateways: Pick<GatewayDirectory, 'of'>;
  /** The campaign as its people know it ('Campaign #<public id> <name> (<term>)'), for the money lines. */
  labels: (campaignIds: readonly number[]) => Promise<Map<number, string>>;
  /** The campaigns module's switch: a refunded campaign buys no more blocks (continual top-up off). */
  stopContinualTopUp: (campaignId: number) => Promise<void>;
}) {
  const { db, ledger, clock, repo } = deps;
  const paid = { paidFor: deps.paidFor, walletPaidFor: deps.walletPaidFor };

  const refusalOf = (c: PrepaidCampaign, left: number, last: PrepaidRefundRow | null): string | null => {
    if (c.term !== 'Prepaid') return PREPAID_REFUND_TEXTS.notPrepaid;
    if (c.status !== 'stopped') return PREPAID_REFUND_TEXTS.notStopped;
    if (last?.status === 'pending') return PREPAID_REFUND_TEXTS.inProgress;
    if (left > 0) return null;
    return last?.status === 'refunded'
      ? PREPAID_REFUND_TEXTS.alreadyRefunded
      : PREPAID_REFUND_TEXTS.nothingLeft;
  };

  async function estimate(c: PrepaidCampaign): Promise<RefundEstimate> {
    const [left, lots, last] = await Promise.all([
      deps.lots.left([c.campaignId]).then((m) => m.get(c.campaignId) ?? 0),
      repo.prepaidLotsOf(c.campaignId),
      repo.latestOf(c.campaignId),
    ]);
    const blocks = await paidBlocks(lots, paid);
    return estimateOnWire(c.publicId, blocks, planRefund(blocks, left), refusalOf(c, left, last));
  }

  /** Step 1: the leads out and the row, under the lots' lock; the refusal's text otherwise. */
  async function reserve(c: PrepaidCampaign) {
    const known = await repo.prepaidLotsOf(c.campaignId);
    const blocks = await paidBlocks(known, paid);
    return db.transaction(async (tx) => {
      const left = (await deps.lots.lockLeft([c.campaignId], tx)).get(c.campaignId) ?? 0;
      const lots = await repo.prepaidLotsOf(c.campaignId, tx);
      const last = await repo.latestOf(c.campaignId, tx);
      const refusal = refusalOf(c, left, last);
      if (refusal)
        throw new PrepaidRefundRefused(
          refusal,
          refusal !== PREPAID_REFUND_TEXTS.notPrepaid && refusal !== PREPAID_REFUND_TEXTS.notStopped,
        );
      // A block bought between the read above and the lock is read now (its charge is paid by then).
      const paidNow = lots.length === known.length ? blocks : await paidBlocks(lots, paid);
      const plan = planRefund(paidNow, left);
      const lastLot = lots[lots.length - 1];
      if (!lastLot) throw new PrepaidRefundRefused(PREPAID_REFUND_TEXTS.nothingLeft);
      const base = `prepaid-refund:${c.campaignId}:lot-${lastLot.id}`;
      const failed = await repo.failedUnder(base, tx);
      const key = failed === 0 ? base : `${base}:attempt-${failed + 1}`;
      await postLeads(c.systemId, c.clientId, lastLot.accountId, left, {
        businessKey: `${key}:leads-out`,
        description: `${left} unused prepaid leads of campaign #${c.publicId} refunded`,
        way: 'out',
        tx,
      });
      const row = await repo.insert(
        {
          systemId: c.systemId,
          campaignId: c.campaignId,
          clientId: c.clientId,
          businessKey: key,
          status: 'pending',
          leads: left,
          clientCents: plan.refund.clientCents,
          agencyCardCents: plan.refund.agencyCardCents,
          wholesaleBackCents: plan.refund.wholesaleBackCents,
          walletCents: plan.wallet?.amount ?? asCents(0),
          walletAgencyId: plan.wallet?.agencyId ?? null,
          walletParts: plan.walletParts,
          calls: plan.calls.map((call) => ({ ...call, key: `${key}:${call.chargeId}` })),
          createdAt: clock.now(),
        },
        tx,
      );
      return { row, estimate: estimateOnWire(c.publicId, paidNow, plan, null) };
    });
  }

  /** The leads leave the client's prepaid account (out), or come back to it (a refused refund). */
  async function postLeads(
    systemId: number,
    clientId: number,
    prepaidAccountId: number,
    leads: number,
    posting: { businessKey: string; description: string; way: 'out' | 'back'; tx: Executor },
  ) {
    const { tx } = posting;
    const outstanding = await ledger.accountFor(
      { systemId, kind: 'prepaid_outstanding', owner: { type: 'system' } },
      tx,
    );
    const sign = posting.way === 'out' ? 1 : -1;
    await ledger.post(
      {
        systemId,
        cause: {
          kind: 'prepaid_refund',
          description: posting.description,
          businessKey: posting.businessKey,
          companyId: clientId,
        },
        lines: [
          { accountId: prepaidAccountId, amount: asLeads(sign * leads) },
          { accountId: outstanding.id, amount: asLeads(-sign * leads) },
        ],
      },
      tx,
    );
  }

  /** The money lines of one gateway refund: the platform's part back, on the payer's account. */
  async function postMoney(
    row: PrepaidRefundRow,
    call: PrepaidRefundCall,
    refundId: string,
    campaign: string,
    tx: Executor,
  ) {
    await postGatewayRefund(
      ledger,
      {
        systemId: row.systemId,
        companyId: call.companyId,
        amount: asCents(call.connectedAccountId === null ? call.amount : call.applicationFeeBack),
        gateway: call.gateway,
        refundId,
        businessKey: `refund:${call.chargeId}`,
        description: `Refund of ${row.leads} unused prepaid leads of ${campaign}`,
      },
      tx,
    );
  }

  /** Steps 2 and 3: the gateway refunds, then their record; a refusal before any went through gives the leads back. */
  async function settle(row: PrepaidRefundRow): Promise<PrepaidRefundRow> {
    const calls: PrepaidRefundCall[] = [];
    for (const call of row.calls) {
      try {
        const gateway = await deps.gateways.of(row.systemId, call.gateway);
        const made = await gateway.refund({
          idempotencyKey: call.key,
          chargeId: call.chargeId,
          amount: asCents(call.amount),
          ...(call.connectedAccountId === null
            ? {}
            : {
                connectedAccountId: call.connectedAccountId,
                applicationFeeBack: asCents(call.applicationFeeBack),
              }),
        });
        calls.push({ ...call, refundId: made.id });
      } catch (error) {
        if (!(error instanceof GatewayError) || calls.length > 0) throw error;
        return refused(row, error.message);
      }
    }
    // Named by the public id, as every history line is (read before the transaction: one connection).
    const label = (await deps.labels([row.campaignId])).get(row.campaignId) ?? `Campaign ${row.campaignId}`;
    const campaign = label.replace(/^Campaign/, 'campaign');
    const settled = await db.transaction(async (tx) => {
      // Marked first: a second settler (the janitor beside the request) waits here, then finds it done.
      const done = await repo.settle(row.id, { status: 'refunded', calls, at: clock.now() }, tx);
      if (!done) return null;
      for (const call of calls) await postMoney(row, call, call.refundId ?? '', campaign, tx);
      if (row.walletCents > 0 && row.walletAgencyId !== null)
        await deps.wallet.credit(
          {
            systemId: row.systemId,
            agencyId: row.walletAgencyId,
            amount: row.walletCents,
            businessKey: `${row.businessKey}:wallet-credit`,
            description: `Refund of ${row.leads} unused prepaid leads of ${campaign}, back into the Data Wallet`,
          },
          tx,
        );
      return done;
    });
    // Its unused leads given back, the campaign must not buy the next block: continual top-up is off
    // (also when the janitor finishes the refund; turning it off twice changes nothing).
    await deps.stopContinualTopUp(row.campaignId);
    return settled ?? (await repo.latestOf(row.campaignId)) ?? row;
  }

  async function refused(row: PrepaidRefundRow, message: string): Promise<PrepaidRefundRow> {
    const lots = await repo.prepaidLotsOf(row.campaignId);
    const settled = await db.transaction(async (tx) => {
      const done = await repo.settle(
        row.id,
        { status: 'failed', calls: row.calls, at: clock.now(), failure: message },
        tx,
      );
      const account = lots[0]?.accountId;
      if (done && account !== undefined)
        await postLeads(row.systemId, row.clientId, account, row.leads, {
          businessKey: `${row.businessKey}:leads-back`,
          description: `${row.leads} prepaid leads given back: their refund was refused (${message})`,
          way: 'back',
          tx,
        });
      return done;
    });
    return settled ?? row;
  }

  return {
    estimate,

    /** Refunds the campaign's unused leads once; throws `PrepaidRefundRefused` with the reason otherwise. */
    async refund(c: PrepaidCampaign): Promise<{ row: PrepaidRefundRow; estimate: RefundEstimate }> {
      const reserved = await reserve(c);
      const row = await settle(reserved.row);
      if (row.status === 'failed') throw new PrepaidRefundRefused(PREPAID_REFUND_TEXTS.failed);
      return { row, estimate: reserved.estimate };
    },

    /** The janitor's sweep: refunds a crash or an outage left pending are finished. */
    async finishPending(olderThan: Date, limit = 50): Promise<number> {
      let finished = 0;
      for (const row of await repo.pendingSince(olderThan, limit)) {
        await settle(row);
        finished += 1;
      }
      return finished;
    },
  };
}

export type PrepaidRefunds = ReturnType<typeof createPrepaidRefunds>;
