import { type Cents, centsToDollars } from '@app/contracts';
import type { Database, Executor, PaymentFollowUp } from '@app/db';
import { adBudgetSplit } from '@app/pricing';
import type { CampaignPayers, PayerChargeOutcome } from '../campaigns/index.js';
import type { AdBudgetChargeRow, AdCampaignRepository } from './ad-campaign-repository.js';
import type { BudgetBook } from './budget-book.js';

/** The payment follow-up that records a paid budget charge (registered by this module). */
export const AD_BUDGET_FOLLOW_UP = 'ad-budget.paid';

/**
 * What a paid budget charge finishes, in the transaction that records the charge (decision 0072):
 * the charge row paid, the budget credited, and — for an activation or a raise — what it was for.
 */
export interface BudgetPaid {
  chargeId: number;
  /** An activation's completion (the campaigns module's `ActivationDone`), run after the budget is in. */
  activation?: Record<string, unknown>;
}

export interface BudgetChargeRequest {
  campaign: { id: number; publicId: string; name: string; systemId: number; clientId: number };
  periodStart: string;
  reason: AdBudgetChargeRow['reason'];
  /** A raise's new daily budget; 0 for a period's own charge. */
  dailyBudgetCents?: Cents;
  /** An activation's number (its charge's key). */
  activationNumber?: number;
  amount: Cents;
  markup: number;
  manualBill: boolean;
  activation?: Record<string, unknown>;
}

export type BudgetChargeOutcome =
  | { status: 'paid'; charge: AdBudgetChargeRow; already: boolean }
  | { status: 'pending'; charge: AdBudgetChargeRow }
  | { status: 'failed'; charge: AdBudgetChargeRow; code: string; message: string };

/**
 * A charge's business key: `adbudget:<campaign>:<period start>:activation:<n>` (activation n buys the
 * period holding it), `…:renewal` (the period's renewal), `…:raise:<daily cents>`. One charge per key,
 * however often and however concurrently asked.
 */
export function budgetChargeKey(
  campaignId: number,
  periodStart: string,
  reason: AdBudgetChargeRow['reason'],
  detail: { activation?: number; dailyBudgetCents?: number } = {},
): string {
  const base = `adbudget:${campaignId}:${periodStart}`;
  if (reason === 'raise') return `${base}:raise:${detail.dailyBudgetCents ?? 0}`;
  if (reason === 'activation') return `${base}:activation:${detail.activation ?? 1}`;
  return `${base}:renewal`;
}

/**
 * Budget charges (decision 0110): each is claimed as a row unique per campaign × period × reason
 * (× a raise's daily budget) before anything is charged, then charged through the campaign's payers
 * under that row's business key — the client's card by a direct charge on the agency's connected
 * account whose application fee is the platform's part, or under manual bill the agency's card for
 * the platform's part — with no transaction open. So a renewal run twice, concurrently, or beside a
 * raise charges each period once, and a crash after the charge is finished by the payments janitor
 * through the follow-up.
 */
export function createBudgetCharges(deps: {
  db: Database;
  repo: AdCampaignRepository;
  book: BudgetBook;
  payers: Pick<CampaignPayers, 'charge'>;
  /** Completes an activation the charge paid for (the campaigns module's, decision 0072). */
  completeActivation: (done: Record<string, unknown>, tx: Executor) => Promise<unknown>;
}) {
  const { repo, book } = deps;

  /** The follow-up: the row paid and the budget credited, once (the janitor may run it again). */
  async function recordPaid(paid: BudgetPaid, tx: Executor): Promise<AdBudgetChargeRow | null> {
    const row = await repo.charge(paid.chargeId, tx);
    if (!row) throw new Error(`budget charge ${paid.chargeId} is gone`);
    if (!(await repo.markPaid(row.id, tx))) return null;
    const budget = await repo.budget(row.campaignId, tx);
    if (!budget) throw new Error(`campaign ${row.campaignId} has no budget`);
    await book.bought(
      { systemId: budget.systemId, clientId: budget.clientId, campaignId: row.campaignId },
      row.amountCents,
      `${row.businessKey}:budget`,
      `Ad budget ${row.reason} from ${row.periodStart}: $${centsToDollars(row.amountCents)}`,
      tx,
    );
    if (row.reason === 'raise')
      await repo.updateBudget(row.campaignId, { dailyBudgetCents: row.dailyBudgetCents }, tx);
    return row;
  }

  /** The follow-up's whole work: the budget in, then the activation it paid for completed. */
  async function finish(paid: BudgetPaid, tx: Executor): Promise<void> {
    await recordPaid(paid, tx);
    if (paid.activation) await deps.completeActivation(paid.activation, tx);
  }

  async function charge(request: BudgetChargeRequest): Promise<BudgetChargeOutcome> {
    const { campaign } = request;
    const split = adBudgetSplit(request.amount, request.markup);
    const row = await repo.claimCharge({
      campaignId: campaign.id,
      periodStart: request.periodStart,
      reason: request.reason,
      dailyBudgetCents: request.dailyBudgetCents ?? (0 as Cents),
      businessKey: budgetChargeKey(campaign.id, request.periodStart, request.reason, {
        activation: request.activationNumber,
        dailyBudgetCents: request.dailyBudgetCents,
      }),
      amountCents: request.amount,
      platformCents: split.platformCents,
    });
    if (row.status === 'paid') return { status: 'paid', charge: row, already: true };
    const followUp: PaymentFollowUp = {
      kind: AD_BUDGET_FOLLOW_UP,
      chargeId: row.id,
      ...(request.activation ? { activation: request.activation } : {}),
    };
    // The claimed row's own amounts, not the request's: a second caller with other figures (a budget
    // changed meanwhile) pays what the first claimed, and the gateway key stays one operation.
    const rowSplit = { platformCents: row.platformCents, amount: row.amountCents };
    const outcome: PayerChargeOutcome = await deps.payers.charge(
      campaign.id,
      {
        what: `ad budget (${row.reason}, period from ${row.periodStart})`,
        obligationKey: row.businessKey,
        payer: request.manualBill ? 'agency' : 'client',
        payerAmount: request.manualBill ? rowSplit.platformCents : rowSplit.amount,
        applicationFee: rowSplit.platformCents,
        agencyCharge: 0 as Cents,
      },
      followUp,
    );
    if (outcome.status === 'paid') {
      // Nothing to charge on a card (the Data Wallet paid, or no part was due): no record ran the
      // follow-up, so it runs here.
      const recorded = await repo.charge(row.id);
      if (recorded?.status !== 'paid')
        await deps.db.transaction((tx) => finish(followUp as unknown as BudgetPaid, tx));
      const after = (await repo.charge(row.id)) ?? row;
      return { status: 'paid', charge: after, already: false };
    }
    if (outcome.status === 'pending') return { status: 'pending', charge: row };
    await repo.markFailed(row.id, outcome.message);
    return { status: 'failed', charge: row, code: outcome.code, message: outcome.message };
  }

  return { charge, finish };
}

export type BudgetCharges = ReturnType<typeof createBudgetCharges>;
