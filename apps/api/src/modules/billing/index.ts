import { asMicros } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock.js';
import type { TenantResource } from '../../plugins/access.js';
import type { BetaFeatureService } from '../agreements/index.js';
import type { AuditLog } from '../audit/index.js';
import type { CampaignPayers } from '../campaigns/index.js';
import type { OnboardingCharge } from '../cards/index.js';
import type { MoveBySystem, PricedCounts } from '../leads/index.js';
import type { Ledger } from '../ledger/index.js';
import type { ChargeOnce, FollowUps } from '../payments/index.js';
import { createCompanyReads, type Principal } from '../tenancy/index.js';
import { createBillingRepository } from './history/billing-repository.js';
import { billingRoutes } from './history/billing-routes.js';
import { createBillingService } from './history/billing-service.js';
import { invoicePeriodsHandler } from './invoices/invoice-job.js';
import { createPeriodInvoicing, INVOICE_PAID, invoicePaidSchema } from './invoices/invoice-periods.js';
import { createInvoiceRepository } from './invoices/invoice-repository.js';
import { invoiceRoutes } from './invoices/invoice-routes.js';
import { createInvoiceService } from './invoices/invoice-service.js';
import { createLotRepository } from './lots/lot-repository.js';
import { createPrepaidLots } from './lots/prepaid-lots.js';
import {
  createPrepaidTopUps,
  PREPAID_BLOCK,
  prepaidBlockSchema,
  prepaidTopUpsHandler,
} from './lots/prepaid-topups.js';
import { createMinimumSpendRepository } from './minimum-spend/minimum-spend-repository.js';
import { minimumSpendRoutes } from './minimum-spend/minimum-spend-routes.js';
import { createMinimumSpendService } from './minimum-spend/minimum-spend-service.js';
import { settlePendingHandler } from './payments-janitor.js';
import { createBillingSchedules } from './schedules/billing-schedules.js';
import { dataWalletRoutes } from './wallet/data-wallet-routes.js';
import { createDataWalletService } from './wallet/data-wallet-service.js';

export type { BillingService, PartyRef } from './history/billing-service.js';
export { invoicePeriodsJob } from './invoices/invoice-job.js';
export type { PeriodInvoicing } from './invoices/invoice-periods.js';
export { createPrepaidLots, type PrepaidLots, type PrepaidUse } from './lots/prepaid-lots.js';
export { type PrepaidTopUps, prepaidTopUpsJob } from './lots/prepaid-topups.js';
export { settlePendingHandler, settlePendingJob } from './payments-janitor.js';
export type { BillingSchedules } from './schedules/billing-schedules.js';

/**
 * Money over time (decision 0072): the one module that owns invoices, the Data Wallet, prepaid lots,
 * minimum spend, billing schedules, the payments janitor and the history reads (decision 0035). Its
 * balances are ledger sums; every rule and job reads the time from the runtime's `clock`.
 *
 * Built in two steps, because the lead engine and campaigns need its lots and schedules before the
 * modules that charge exist: `createBillingModule` now, `withPayments` once `chargeOnce` does.
 */
export function createBillingModule(deps: {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  audit: AuditLog;
  beta: BetaFeatureService;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  const { db, ledger, clock } = deps;
  const historyRepo = createBillingRepository(db);
  const history = createBillingService({
    repo: historyRepo,
    ledger,
    inScope: deps.inScope,
  });
  const minimumSpend = createMinimumSpendService({
    repo: createMinimumSpendRepository(db),
    company: createCompanyReads(db).company,
    audit: deps.audit,
  });
  const wallet = createDataWalletService({ ledger, beta: deps.beta, clock });
  const prepaid = createPrepaidLots({ db, ledger, clock });
  return {
    history,
    prepaid,
    schedules: createBillingSchedules({ db, clock }),
    routes: [billingRoutes(history), minimumSpendRoutes(minimumSpend), dataWalletRoutes(wallet)],

    /**
     * What charges, once the modules it charges through exist: the janitor (what a crash interrupted
     * is finished) and Weekly / Monthly invoicing with its routes (decision 0074).
     */
    withPayments(payments: {
      chargeOnce: ChargeOnce;
      followUps: Pick<FollowUps, 'register'>;
      onboarding: Pick<OnboardingCharge, 'sweep'>;
      /** How long an operation stays pending before the janitor asks the gateway (Stripe's search lags). */
      settleGraceSeconds: number;
      /** The campaigns' payers and subject lines, and the leads each delivered in a window. */
      payers: CampaignPayers;
      pricedCounts: PricedCounts;
      /** The campaigns module's system move: a balance pause ends once a block is bought. */
      moveBySystem: MoveBySystem;
    }) {
      const invoices = createInvoiceRepository(db);
      payments.followUps.register(PREPAID_BLOCK, async (followUp, _operation, tx) => {
        const block = prepaidBlockSchema.parse(followUp);
        await prepaid.open(
          {
            ...block,
            clientPriceMicros: asMicros(block.clientPriceMicros),
            wholesaleMicros: asMicros(block.wholesaleMicros),
          },
          tx,
        );
      });
      const topUps = createPrepaidTopUps({
        lots: prepaid,
        repo: createLotRepository(db),
        payers: payments.payers,
        resumeBalance: (campaignId) =>
          payments.moveBySystem(campaignId, { type: 'resume_on_run', reason: 'balance' }),
      });
      payments.followUps.register(INVOICE_PAID, async (followUp, operation, tx) => {
        const { invoiceId } = invoicePaidSchema.parse(followUp);
        await invoices.markPaid(invoiceId, operation.chargeId, clock.now(), tx);
      });
      const invoicing = createPeriodInvoicing({
        db,
        repo: invoices,
        clock,
        charges: payments.payers,
        pricedCounts: payments.pricedCounts,
      });
      const invoiceService = createInvoiceService({
        repo: invoices,
        companies: historyRepo,
        labels: payments.payers,
      });
      const log = (message: string) => console.info(message);
      return {
        invoicing,
        topUps,
        handlers: [
          prepaidTopUpsHandler({ topUps, log }),
          settlePendingHandler({
            chargeOnce: payments.chargeOnce,
            onboarding: payments.onboarding,
            graceSeconds: payments.settleGraceSeconds,
            clock,
            log,
          }),
          invoicePeriodsHandler({ invoicing, log }),
        ],
        routes: [invoiceRoutes(invoiceService)],
      };
    },
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
