import { asCents, localDate } from '@app/contracts';
import type { Executor, PaymentFollowUp } from '@app/db';
import {
  MINIMUM_SPEND_TIME_ZONE,
  type MinimumSpendSchedule,
  minimumSpendMonthsEnded,
  minimumSpendShortfall,
  monthlyMinimum,
} from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { Ledger, LedgerCauseKind } from '../../ledger/index.js';
import type { ChargeOnce, FollowUpHandler } from '../../payments/index.js';
import type { PlatformCustomerOf } from '../wallet/topup-charge.js';
import type { AgencyWallet } from '../wallet/wallet-payment.js';
import type {
  MinimumSpendAgency,
  MinimumSpendChargeRepository,
  MinimumSpendChargeRow,
} from './minimum-spend-charge-repository.js';

/** The follow-up a shortfall's charge carries: the month is marked paid where the charge is recorded. */
export const MINIMUM_SPEND_PAID = 'minimum_spend.paid';

/**
 * What counts as the agency's wholesale spend (decision 0077): what the system earned from the agency
 * and its clients by charges (activations, invoices, top-ups: the platform's part, application fees
 * included) and by Data Wallet spending, less refunds. Not the onboarding fee, wallet top-ups (money
 * held, not spent), expiries or minimum-spend charges themselves.
 */
export const SPEND_CAUSES: readonly LedgerCauseKind[] = [
  'charge',
  'wallet_spend',
  'refund',
  'prepaid_refund',
];

/** Months written per agency per run: a long outage is caught up over a few runs. */
const MONTHS_PER_RUN = 24;
const CHARGES_PER_RUN = 200;

export const minimumSpendKey = (agencyId: number, startDate: string) => `minspend:${agencyId}:${startDate}`;

function scheduleOf(
  agency: MinimumSpendAgency,
): { schedule: MinimumSpendSchedule; planId: number | null } | null {
  if (agency.plan)
    return {
      schedule: { kind: 'plan', months: agency.plan.months, flatMonth: agency.plan.flatMonthCents },
      planId: agency.plan.id,
    };
  if (agency.setting)
    return {
      schedule: {
        kind: 'setting',
        firstMonth: agency.setting.firstMonthCents,
        secondMonth: agency.setting.secondMonthCents,
        monthly: agency.setting.monthlyCents,
      },
      planId: null,
    };
  return null;
}

function chargeRowIdOf(followUp: PaymentFollowUp): number {
  const id = followUp.chargeRowId;
  if (followUp.kind !== MINIMUM_SPEND_PAID || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new Error(`not a minimum-spend follow-up: ${JSON.stringify(followUp)}`);
  return id;
}

/**
 * Minimum spend's monthly shortfall (decision 0077). A run writes every month that has ended for each
 * agency on minimum spend (once: the unique agency × month key), with its minimum, the wholesale spent
 * (a ledger sum) and the shortfall; then charges each open shortfall to the agency's card through
 * `chargeOnce` under `minspend:<agency>:<month start>`, so any number of runs make one charge.
 */
export function createMinimumSpendCharges(deps: {
  repo: MinimumSpendChargeRepository;
  ledger: Pick<Ledger, 'earnedFrom'>;
  clock: Clock;
  /** When each agency first accepted the Minimum Spend Addendum: its months count from there. */
  startsOf: (agencyIds: readonly number[]) => Promise<Map<number, Date>>;
  chargeOnce: Pick<ChargeOnce, 'charge'>;
  customerOf: PlatformCustomerOf;
  /** The agency's Data Wallet: it pays a shortfall it covers before the card (decision 0085). */
  wallet: Pick<AgencyWallet, 'pay'>;
}) {
  const { repo, clock } = deps;

  async function writeMonths(): Promise<number> {
    const agencies = await repo.agencies();
    const starts = await deps.startsOf(agencies.map((a) => a.agencyId));
    const next = await repo.nextMonths(agencies.map((a) => a.agencyId));
    const now = clock.now();
    let written = 0;
    for (const agency of agencies) {
      const start = starts.get(agency.agencyId);
      const source = scheduleOf(agency);
      if (!start || !source) continue;
      const startDate = localDate(start, MINIMUM_SPEND_TIME_ZONE);
      const months = minimumSpendMonthsEnded(startDate, now, next.get(agency.agencyId) ?? 0, MONTHS_PER_RUN);
      if (months.length === 0) continue;
      const payers = await repo.payersOf(agency.agencyId);
      for (const month of months) {
        const minimum = monthlyMinimum(source.schedule, month.index);
        const spent =
          minimum === 0
            ? asCents(0)
            : await deps.ledger.earnedFrom({
                systemId: agency.systemId,
                companyIds: payers,
                causes: SPEND_CAUSES,
                from: month.start,
                to: month.end,
              });
        const shortfall = minimumSpendShortfall(minimum, spent);
        await repo.insert({
          systemId: agency.systemId,
          agencyId: agency.agencyId,
          monthIndex: month.index,
          startDate: month.startDate,
          endDate: month.endDate,
          periodStart: month.start,
          periodEnd: month.end,
          planId: source.planId,
          minimum,
          spent,
          shortfall,
          status: shortfall > 0 ? 'open' : 'none',
          businessKey: minimumSpendKey(agency.agencyId, month.startDate),
        });
        written += 1;
      }
    }
    return written;
  }

  /**
   * Charges one open month: from the agency's Data Wallet when it covers the whole shortfall, else
   * its card. The follow-up marks it paid (in the wallet's or the charge's transaction), a refusal
   * marks it failed.
   */
  async function charge(row: MinimumSpendChargeRow, names: Map<number, string>) {
    const description = `Minimum spend shortfall ${row.startDate} to ${row.endDate} of ${names.get(row.agencyId) ?? `agency ${row.agencyId}`}`;
    const followUp = { kind: MINIMUM_SPEND_PAID, chargeRowId: row.id };
    const fromWallet = await deps.wallet.pay({
      systemId: row.systemId,
      agencyId: row.agencyId,
      amount: row.shortfall,
      obligationKey: row.businessKey,
      description,
      followUp,
      causeKind: 'minimum_spend',
    });
    if (fromWallet === 'paid') return 'succeeded' as const;
    const customer = await deps.customerOf(row.agencyId);
    // The agency's own card on the platform; a customer on a connected account is not the agency's card.
    if (!customer || customer.connectedAccountId !== null) {
      await repo.markFailed(row.id, {
        code: 'card_missing',
        message: 'The agency has no card on file.',
        operationId: null,
      });
      return 'failed' as const;
    }
    const outcome = await deps.chargeOnce.charge({
      systemId: row.systemId,
      businessKey: row.businessKey,
      // A declined shortfall stays owed by the agency (a payment failure, decision 0065).
      obligation: { key: row.businessKey, campaignId: null },
      cause: { kind: 'minimum_spend', description, companyId: row.agencyId },
      gateway: customer.gateway,
      customerId: customer.customerId,
      amount: row.shortfall,
      followUp,
    });
    if (outcome.status === 'failed')
      await repo.markFailed(row.id, {
        code: outcome.code,
        message: outcome.message,
        operationId: outcome.operationId,
      });
    return outcome.status;
  }

  return {
    /** Marks the month paid in the transaction that records its charge (request or janitor). */
    followUp: (async (followUp, operation, tx: Executor) => {
      await repo.markPaid(
        chargeRowIdOf(followUp),
        { chargeId: operation.chargeId, operationId: operation.id },
        clock.now(),
        tx,
      );
    }) satisfies FollowUpHandler,

    async run() {
      const months = await writeMonths();
      const open = await repo.open(CHARGES_PER_RUN);
      const names = new Map((await repo.agencies()).map((a) => [a.agencyId, a.name]));
      let charged = 0;
      let failed = 0;
      for (const row of open) {
        const status = await charge(row, names);
        if (status === 'succeeded') charged += 1;
        else if (status === 'failed') failed += 1;
      }
      return { months, charged, failed };
    },
  };
}

export type MinimumSpendCharges = ReturnType<typeof createMinimumSpendCharges>;
