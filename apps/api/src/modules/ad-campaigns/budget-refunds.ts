import { asCents, type Cents, centsToDollars } from '@app/contracts';
import type { AdBudgetRefundCall, Database } from '@app/db';
import type { Clock } from '../../lib/clock.js';
import { GatewayError } from '../../providers/payments/gateway.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import { type Ledger, postGatewayRefund } from '../ledger/index.js';
import type { PaymentOperationRow } from '../payments/index.js';
import type { AdCampaignRepository } from './ad-campaign-repository.js';
import type { BudgetBook } from './budget-book.js';
import type { AdBudgetRefundRow, BudgetRefundRepository } from './budget-refund-repository.js';

/** The campaign as a refund names it. */
export interface RefundedCampaign {
  id: number;
  publicId: string;
  name: string;
  systemId: number;
  clientId: number;
}

/**
 * The platform's part of `take` cents of a charge: its own share (the markup it was charged at),
 * rounded half up, in integers.
 */
const platformShare = (take: number, charge: { amountCents: number; platformCents: number }): number =>
  Math.floor((take * charge.platformCents * 2 + charge.amountCents) / (charge.amountCents * 2));

/**
 * The refund of a stopped Simplifi campaign's unspent budget (decision 0110), as the prepaid leads'
 * refund does it (decision 0078), in three steps:
 *
 * 1. One transaction holding the campaign's budget row: what is left (the ledger's `ad_budget` less
 *    today's spend not yet posted) is planned over the paid charges, newest first, and taken out of
 *    the budget account; the refund row is written, pending. Concurrent stops: one finds budget left.
 * 2. No transaction open: each gateway refund, keyed `<refund key>:<charge id>`. A direct charge gives
 *    the client back what it paid and the platform's part of it back from the application fee; under
 *    manual bill the agency's card gets the platform's part back.
 * 3. One transaction: the row marked refunded and each refund's money lines. A crash between leaves
 *    the row pending for `finishPending`; a gateway refusing before any refund went through gives the
 *    budget back and marks the row failed.
 */
export function createBudgetRefunds(deps: {
  db: Database;
  repo: AdCampaignRepository;
  refundRows: BudgetRefundRepository;
  book: BudgetBook;
  ledger: Ledger;
  gateways: Pick<GatewayDirectory, 'of'>;
  /** The succeeded charge that paid an obligation (the payments module's `charges.paidFor`). */
  paidFor: (obligationKey: string) => Promise<PaymentOperationRow | null>;
  clock: Clock;
}) {
  const { db, repo, refundRows, book } = deps;
  const owner = (c: RefundedCampaign) => ({ systemId: c.systemId, clientId: c.clientId, campaignId: c.id });

  async function reserve(c: RefundedCampaign): Promise<AdBudgetRefundRow | null> {
    // The charges' gateway records, read before the transaction (no other read may wait inside it).
    const operations = new Map<number, PaymentOperationRow | null>();
    for (const charge of await refundRows.paidCharges(c.id))
      operations.set(charge.id, await deps.paidFor(charge.businessKey));
    return db.transaction(async (tx) => {
      await refundRows.lockBudget(c.id, tx);
      if (await refundRows.pendingRefund(c.id, tx)) return null;
      const left = (await book.left(owner(c), tx)) - (await repo.unpostedSpend(c.id, tx));
      if (left <= 0) return null;
      const n = (await refundRows.refundCount(c.id, tx)) + 1;
      const businessKey = `adrefund:${c.id}:${n}`;
      const refunded = await refundRows.refundedPerCharge(c.id, tx);
      const calls: AdBudgetRefundCall[] = [];
      let remaining = left;
      for (const charge of await refundRows.paidCharges(c.id, tx)) {
        if (remaining <= 0) break;
        const room = charge.amountCents - (refunded.get(charge.id) ?? 0);
        const operation = room > 0 ? operations.get(charge.id) : null;
        // Paid without a card charge (the agency's Data Wallet): nothing to give back to a card here.
        if (!operation?.chargeId) continue;
        const take = Math.min(room, remaining);
        const platform = platformShare(take, charge);
        const direct = operation.connectedAccountId !== null;
        calls.push({
          chargeRowId: charge.id,
          companyId: operation.companyId ?? c.clientId,
          gateway: operation.gateway,
          chargeId: operation.chargeId,
          connectedAccountId: operation.connectedAccountId,
          amount: direct ? take : platform,
          applicationFeeBack: direct ? platform : 0,
          platformCents: platform,
          clientCents: take,
          key: `${businessKey}:${operation.chargeId}`,
        });
        remaining -= take;
      }
      const amount = asCents(left - remaining);
      if (amount <= 0 || calls.length === 0) return null;
      await book.refunded(
        owner(c),
        amount,
        `${businessKey}:budget-out`,
        `Unspent ad budget of campaign #${c.publicId} refunded: $${centsToDollars(amount)}`,
        tx,
      );
      return refundRows.insertRefund(
        {
          campaignId: c.id,
          systemId: c.systemId,
          clientId: c.clientId,
          businessKey,
          amountCents: amount,
          calls,
        },
        tx,
      );
    });
  }

  async function settle(c: RefundedCampaign, row: AdBudgetRefundRow): Promise<AdBudgetRefundRow> {
    const calls: AdBudgetRefundCall[] = [];
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
        return refused(c, row, error.message);
      }
    }
    const settled = await db.transaction(async (tx) => {
      // Marked first: a second settler (the janitor beside the stop) waits here, then finds it done.
      const done = await refundRows.settleRefund(row.id, { status: 'refunded', calls }, tx);
      if (!done) return null;
      for (const call of calls)
        await postGatewayRefund(
          deps.ledger,
          {
            systemId: row.systemId,
            companyId: call.companyId,
            amount: asCents(call.platformCents),
            gateway: call.gateway,
            refundId: call.refundId ?? '',
            businessKey: `${call.key}:money`,
            description: `Unspent ad budget of campaign #${c.publicId} ${c.name} refunded`,
          },
          tx,
        );
      return done;
    });
    return settled ?? row;
  }

  async function refused(c: RefundedCampaign, row: AdBudgetRefundRow, message: string) {
    const settled = await db.transaction(async (tx) => {
      const done = await refundRows.settleRefund(
        row.id,
        { status: 'failed', calls: row.calls, failure: message },
        tx,
      );
      if (done)
        await book.bought(
          owner(c),
          row.amountCents as Cents,
          `${row.businessKey}:budget-back`,
          `Ad budget given back: its refund was refused (${message})`,
          tx,
        );
      return done;
    });
    return settled ?? row;
  }

  return {
    /** Refunds what the stopped campaign has not spent, once; null when nothing is left to refund. */
    async refund(c: RefundedCampaign): Promise<AdBudgetRefundRow | null> {
      const reserved = await reserve(c);
      return reserved ? settle(c, reserved) : null;
    },

    /** The janitor's sweep: refunds a crash or an outage left pending are finished. */
    async finishPending(
      campaign: (id: number) => Promise<RefundedCampaign | null>,
      limit = 20,
    ): Promise<number> {
      const olderThan = new Date(deps.clock.now().getTime() - 5 * 60_000);
      let finished = 0;
      for (const row of await refundRows.pendingRefunds(olderThan, limit)) {
        const c = await campaign(row.campaignId);
        if (!c) continue;
        await settle(c, row);
        finished += 1;
      }
      return finished;
    },
  };
}

export type BudgetRefunds = ReturnType<typeof createBudgetRefunds>;
