import { type Cents, ZERO_CENTS } from '@app/contracts';
import type { Database, PaymentFollowUp } from '@app/db';
import type { Clock } from '../../lib/clock.js';
import { type Charge, GatewayError, type GatewayName } from '../../providers/payments/gateway.js';
import {
  type GatewayDirectory,
  GatewayNotConfiguredError,
} from '../../providers/payments/gateway-directory.js';
import type { Ledger, LedgerCauseKind, PostingLineInput } from '../ledger/index.js';
import type { FollowUps } from './follow-ups.js';
import type { PaymentFailureRepository } from './payment-failure-repository.js';
import type { PaymentOperationRepository, PaymentOperationRow } from './payment-operation-repository.js';

/**
 * What a charge pays, when a decline must leave its payer owing it (decision 0065): every attempt at
 * it shares the key (`campaign-activation:42:1`), a declined attempt records the payer as payment
 * failed for it, and the charge that goes through settles it.
 */
export interface Obligation {
  key: string;
  /** The campaign the charge is for, shown with the failure. */
  campaignId: number | null;
}

/** A charge of a customer of the platform's own gateway account, named by its business operation. */
export interface ChargeRequest {
  systemId: number;
  /** "onboarding:<companyId>": the same key is one charge, whoever asks and however often. */
  businessKey: string;
  cause: { kind: LedgerCauseKind; description: string; companyId: number | null };
  customerId: string;
  /** The gateway the customer lives on (its row's); the charge is made, settled and read there. */
  gateway: GatewayName | (string & {});
  /** From settings through `@app/pricing`, never from a request. */
  amount: Cents;
  /**
   * A direct charge on an agency's connected account (a client's card, decision 0045): the customer
   * lives on that account and the platform keeps `applicationFee` (the wholesale, at most `amount`).
   */
  direct?: { connectedAccountId: string; applicationFee: Cents };
  obligation?: Obligation;
  /**
   * What the charge is for, done in the transaction that records it (decision 0072): a kind the
   * follow-up registry knows. A crash before it ran leaves it to the janitor.
   */
  followUp?: PaymentFollowUp;
  /** The account the collected money is credited to instead of revenue (an agency's Data Wallet). */
  creditAccountId?: number;
}

export type ChargeOutcome =
  /** `postingId` is null only for a direct charge whose application fee is zero: the platform took nothing. */
  | { status: 'succeeded'; chargeId: string; postingId: number | null; operationId: number }
  /** Another request holds the operation and has not settled it yet (or a crash left it to the janitor). */
  | { status: 'pending'; operationId: number }
  /**
   * `code` is the gateway's: `card_declined` / a decline code / `authentication_required` (the card
   * refused: a payment failure when the charge pays an obligation), `invalid_request` (the request was
   * wrong, not the card: nothing is owed), or `not_charged` (the janitor found it never reached the gateway).
   */
  | { status: 'failed'; code: string; message: string; operationId: number };

const outcomeOf = (row: PaymentOperationRow): ChargeOutcome =>
  row.status === 'succeeded' &&
  row.chargeId !== null &&
  (row.postingId !== null || row.connectedAccountId !== null)
    ? { status: 'succeeded', chargeId: row.chargeId, postingId: row.postingId, operationId: row.id }
    : row.status === 'failed'
      ? {
          status: 'failed',
          code: row.failureCode ?? 'failed',
          message: row.failureMessage ?? '',
          operationId: row.id,
        }
      : { status: 'pending', operationId: row.id };

/**
 * Charges exactly once per business operation (decision 0031): claim the operation's row (its unique
 * key lets one of any number of concurrent callers through), call the gateway with no transaction
 * open and the business key as idempotency key, then record the charge and its ledger posting in
 * one transaction. `settlePending` is the janitor: it asks the gateway what became of operations a
 * crash left pending, so the ledger ends equal to the gateway.
 */
export function createChargeOnce(deps: {
  db: Database;
  gateways: Pick<GatewayDirectory, 'of'>;
  ledger: Ledger;
  operations: PaymentOperationRepository;
  failures: PaymentFailureRepository;
  followUps: Pick<FollowUps, 'run'>;
  /**
   * The runtime's clock: an operation's age, which the janitor judges on this clock, is counted from
   * it too (a test that moves the clock a week must not make a charge in flight look abandoned).
   */
  clock: Clock;
}) {
  const { db, gateways, ledger, operations, failures, followUps } = deps;

  /**
   * Charged, then collected: the company's receivable shows both; the clearing account holds the money.
   * A direct charge posts only the platform's part, its application fee, to `application_fees` (the
   * rest is the agency's, on its own account); a zero fee posts nothing.
   */
  async function postingLines(row: PaymentOperationRow): Promise<PostingLineInput[]> {
    const system = { type: 'system' } as const;
    const direct = row.connectedAccountId !== null;
    const account = (kind: 'gateway_clearing' | 'revenue' | 'application_fees') =>
      ledger.accountFor({ systemId: row.systemId, kind, owner: system });
    const [clearing, earned] = await Promise.all([
      account('gateway_clearing'),
      account(direct ? 'application_fees' : 'revenue'),
    ]);
    // Money collected for something the system holds (a wallet top-up) is credited there, not earned.
    const revenue = row.creditAccountId === null || direct ? earned : { id: row.creditAccountId };
    const amount = direct ? (row.applicationFee ?? ZERO_CENTS) : row.amount;
    if (amount === 0) return [];
    const negative = -amount as Cents;
    if (row.companyId === null)
      return [
        { accountId: clearing.id, amount },
        { accountId: revenue.id, amount: negative },
      ];
    const receivable = await ledger.accountFor({
      systemId: row.systemId,
      kind: 'receivable',
      owner: { type: 'company', companyId: row.companyId },
    });
    return [
      { accountId: receivable.id, amount },
      { accountId: revenue.id, amount: negative },
      { accountId: clearing.id, amount },
      { accountId: receivable.id, amount: negative },
    ];
  }

  /** Runs the operation's follow-up once, in the transaction that settles it. */
  async function finish(row: PaymentOperationRow | null, tx: Parameters<FollowUps['run']>[2]) {
    if (!row?.followUp || !(await operations.markFollowUpDone(row.id, tx))) return;
    await followUps.run(
      row.followUp,
      {
        id: row.id,
        businessKey: row.businessKey,
        systemId: row.systemId,
        companyId: row.companyId,
        chargeId: row.chargeId,
      },
      tx,
    );
  }

  /** The charge, its posting and its follow-up, together; a second settler of the same row finds it done. */
  async function record(row: PaymentOperationRow, charge: Charge): Promise<ChargeOutcome> {
    if (charge.amount !== row.amount)
      throw new Error(
        `charge ${charge.id} is ${charge.amount} cents, operation ${row.businessKey} ${row.amount}`,
      );
    const lines = await postingLines(row);
    const settled = await db.transaction(async (tx) => {
      // What the charge paid is no longer owed, in the same commit as the charge's record.
      if (row.obligationKey) await failures.settlePaid(row.obligationKey, row.id, tx);
      if (lines.length === 0) {
        const done = await operations.markSucceeded(row.id, { chargeId: charge.id, postingId: null }, tx);
        await finish(done, tx);
        return done;
      }
      const posted = await ledger.post(
        {
          systemId: row.systemId,
          cause: {
            kind: row.causeKind as LedgerCauseKind,
            description: row.description,
            businessKey: row.businessKey,
            companyId: row.companyId,
          },
          gateway: { name: row.gateway, objectId: charge.id },
          lines,
        },
        tx,
      );
      const done = await operations.markSucceeded(
        row.id,
        { chargeId: charge.id, postingId: posted.posting.id },
        tx,
      );
      await finish(done, tx);
      return done;
    });
    return outcomeOf(settled ?? (await operations.byKey(row.businessKey)) ?? row);
  }

  async function charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const { row, created } = await operations.claim({
      systemId: request.systemId,
      businessKey: request.businessKey,
      causeKind: request.cause.kind,
      description: request.cause.description,
      companyId: request.cause.companyId,
      gateway: request.gateway,
      customerId: request.customerId,
      amount: request.amount,
      connectedAccountId: request.direct?.connectedAccountId ?? null,
      applicationFee: request.direct?.applicationFee ?? null,
      obligationKey: request.obligation?.key ?? null,
      followUp: request.followUp ?? null,
      creditAccountId: request.creditAccountId ?? null,
      createdAt: deps.clock.now(),
    });
    if (!created) {
      if (
        row.systemId !== request.systemId ||
        row.amount !== request.amount ||
        row.obligationKey !== (request.obligation?.key ?? null) ||
        row.customerId !== request.customerId ||
        row.connectedAccountId !== (request.direct?.connectedAccountId ?? null) ||
        row.applicationFee !== (request.direct?.applicationFee ?? null) ||
        row.gateway !== request.gateway
      )
        throw new Error(
          `payment operation ${request.businessKey} exists with another system, amount or customer`,
        );
      return outcomeOf(row);
    }
    let made: Charge;
    try {
      const gateway = await gateways.of(row.systemId, row.gateway).catch((error: unknown) => {
        // No gateway to call, so no money moved: a refusal like any other.
        throw error instanceof GatewayNotConfiguredError
          ? new GatewayError('invalid_request', 'The payment gateway of this card is not configured.')
          : error;
      });
      made = await gateway.createCharge({
        idempotencyKey: row.businessKey,
        customerId: row.customerId,
        amount: row.amount,
        currency: 'usd',
        description: row.description,
        metadata: { business_key: row.businessKey, system_id: String(row.systemId) },
        ...(row.connectedAccountId === null
          ? {}
          : { connectedAccountId: row.connectedAccountId, applicationFee: row.applicationFee ?? ZERO_CENTS }),
      });
    } catch (error) {
      // A refusal on purpose means no money moved: settle it as failed. Anything else (an outage, a
      // lost answer) may have charged: leave it pending for the janitor to ask the gateway.
      if (!(error instanceof GatewayError)) throw error;
      const failure = { code: error.declineCode ?? error.code, message: error.message };
      // The card refused: the payer owes what the charge was for until a charge for it goes through.
      // A refused request (invalid_request) or a mismatch is our mistake, not the card's: no failure.
      const cardRefused = error.code === 'card_declined' || error.code === 'authentication_required';
      const obligation = request.obligation;
      const failed = await db.transaction(async (tx) => {
        const marked = await operations.markFailed(row.id, failure, tx);
        if (marked && cardRefused && obligation && row.companyId !== null)
          await failures.recordDecline(
            {
              systemId: row.systemId,
              payerCompanyId: row.companyId,
              campaignId: obligation.campaignId,
              obligationKey: obligation.key,
              amount: row.amount,
              reason: error.message,
              operationId: row.id,
            },
            tx,
          );
        return marked;
      });
      return outcomeOf(failed ?? (await operations.byKey(row.businessKey)) ?? row);
    }
    return record(row, made);
  }

  /**
   * Charges what an obligation is owed: the first attempt is keyed by the obligation itself, each
   * attempt after a declined one by `<obligation>:attempt-<n>` (the gateway replays a declined key);
   * an obligation already paid answers that charge without a gateway call, whatever it would cost today.
   */
  async function chargeObligation(
    request: Omit<ChargeRequest, 'businessKey' | 'obligation'> & { obligation: Obligation },
  ): Promise<ChargeOutcome & { businessKey: string }> {
    const key = request.obligation.key;
    const paid = await operations.paidFor(key);
    if (paid) return { ...outcomeOf(paid), businessKey: paid.businessKey };
    const failed = await operations.failedAttemptsOf(key);
    const businessKey = failed === 0 ? key : `${key}:attempt-${failed + 1}`;
    return { ...(await charge({ ...request, businessKey })), businessKey };
  }

  /**
   * The janitor: operations pending since before `olderThan` are settled by what the gateway knows
   * of their key — charged (record it) or never charged (failed, so the operation may be retried).
   */
  async function settlePending(options: { olderThan: Date; limit?: number }) {
    const pending = await operations.pendingSince(options.olderThan, options.limit ?? 100);
    const settled = { recorded: 0, failed: 0, unreachable: 0 };
    for (const row of pending) {
      // Asked of the gateway the operation was made on, whatever the system uses today (decision 0039);
      // one whose keys are gone stays pending (it may have charged) until they are back.
      const gateway = await gateways.of(row.systemId, row.gateway).catch((error: unknown) => {
        if (error instanceof GatewayNotConfiguredError) return null;
        throw error;
      });
      if (!gateway) {
        settled.unreachable += 1;
        continue;
      }
      const found = await gateway.findChargeByIdempotencyKey({
        idempotencyKey: row.businessKey,
        ...(row.connectedAccountId === null ? {} : { connectedAccountId: row.connectedAccountId }),
      });
      if (found) {
        await record(row, found);
        settled.recorded += 1;
      } else if (
        await operations.markFailed(row.id, {
          code: 'not_charged',
          message: 'The payment did not reach the card processor; it can be tried again.',
        })
      ) {
        settled.failed += 1;
      }
    }
    return settled;
  }

  /**
   * The janitor's second sweep: charged operations whose follow-up never ran (a handler that failed
   * after the record, or rows from before a kind had one) are finished now, each in its own transaction.
   */
  async function finishFollowUps(options: { olderThan: Date; limit?: number }) {
    const due = await operations.followUpsDue(options.olderThan, options.limit ?? 100);
    let finished = 0;
    for (const row of due) {
      await db.transaction((tx) => finish(row, tx));
      finished += 1;
    }
    return finished;
  }

  return { charge, chargeObligation, settlePending, finishFollowUps };
}

export type ChargeOnce = ReturnType<typeof createChargeOnce>;
