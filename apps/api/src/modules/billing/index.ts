import { asMicros } from '@app/contracts';
import type { Database } from '@app/db';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import type { TenantResource } from '../../plugins/access.js';
import type { GatewayDirectory } from '../../providers/payments/index.js';
import { type BetaFeatureService, DATA_WALLET, type MinimumSpendAgreements } from '../agreements/index.js';
import type { AuditLog } from '../audit/index.js';
import type { CampaignPayers, PayerCampaigns, PrepaidCampaigns } from '../campaigns/index.js';
import type { OnboardingCharge } from '../cards/index.js';
import type { BilledLeads, FirstDelivery, MoveBySystem, RootFeeCounts } from '../leads/index.js';
import type { Ledger } from '../ledger/index.js';
import type { MailService } from '../mail/index.js';
import type {
  ChargeOnce,
  CollectedCharges,
  FollowUps,
  OperationsOfCharges,
  PaidWithoutCharge,
  PaymentFailureRepository,
  PaymentOperationRow,
} from '../payments/index.js';
import type { SalesLinksOf, SalesPeopleOf } from '../sales/index.js';
import { createCompanyReads, type Principal } from '../tenancy/index.js';
import { mainPersonOf, type PersonNamesOf } from '../users/index.js';
import { commissionPayoutsHandler, commissionsHandler } from './commissions/commission-jobs.js';
import { createCommissionRate } from './commissions/commission-rate.js';
import { createCommissionReads } from './commissions/commission-reads.js';
import { createCommissionRepository } from './commissions/commission-repository.js';
import { commissionRoutes } from './commissions/commission-routes.js';
import { createCommissionEarning } from './commissions/earn-commissions.js';
import { createCommissionPayouts } from './commissions/pay-commissions.js';
import { createCommissionReversal } from './commissions/reverse-commissions.js';
import { createBillingRepository } from './history/billing-repository.js';
import { billingRoutes } from './history/billing-routes.js';
import { createBillingService } from './history/billing-service.js';
import { type CardChargesOf, cardPaymentRoutes, createCardPayments } from './history/card-payments.js';
import { invoicePeriodsHandler, invoicePeriodsJob } from './invoices/invoice-job.js';
import { createInvoiceMail } from './invoices/invoice-mail.js';
import { createPeriodInvoicing, INVOICE_PAID, invoicePaidSchema } from './invoices/invoice-periods.js';
import { createInvoiceRepository } from './invoices/invoice-repository.js';
import { invoiceRoutes } from './invoices/invoice-routes.js';
import { createInvoiceService } from './invoices/invoice-service.js';
import { createLotRepository } from './lots/lot-repository.js';
import { createPrepaidBlocksView } from './lots/prepaid-blocks-view.js';
import { createPrepaidLots } from './lots/prepaid-lots.js';
import { createPrepaidLowNotices, prepaidLowNoticesHandler } from './lots/prepaid-low-notice.js';
import { createPrepaidRefundRepository } from './lots/prepaid-refund-repository.js';
import { createPrepaidRefunds } from './lots/prepaid-refunds.js';
import { prepaidRoutes } from './lots/prepaid-routes.js';
import {
  createPrepaidTopUps,
  PREPAID_BLOCK,
  prepaidBlockSchema,
  prepaidTopUpsHandler,
} from './lots/prepaid-topups.js';
import { createWalletLots } from './lots/wallet-lots.js';
import { createMinimumSpendChargeRepository } from './minimum-spend/minimum-spend-charge-repository.js';
import { createMinimumSpendCharges, MINIMUM_SPEND_PAID } from './minimum-spend/minimum-spend-charges.js';
import { minimumSpendHandler, minimumSpendJob } from './minimum-spend/minimum-spend-job.js';
import { createMinimumSpendNotices } from './minimum-spend/minimum-spend-notice.js';
import { createMinimumSpendRepository } from './minimum-spend/minimum-spend-repository.js';
import { minimumSpendRoutes } from './minimum-spend/minimum-spend-routes.js';
import { createMinimumSpendService } from './minimum-spend/minimum-spend-service.js';
import { settlePendingHandler, settlePendingJob } from './payments-janitor.js';
import { createReconciliation, type OperationReads } from './reconciliation/reconcile.js';
import { reconcileHandler, reconcileJob } from './reconciliation/reconcile-job.js';
import { createReconciliationRepository } from './reconciliation/reconciliation-repository.js';
import { reconciliationRoutes } from './reconciliation/reconciliation-routes.js';
import { createRootFeeStatements } from './root-fees/make-statements.js';
import { createRootFeePayments, type ReceivingAccountOf } from './root-fees/pay-statements.js';
import { createRootFeeReads } from './root-fees/read-statements.js';
import { createRootFeeCharges } from './root-fees/root-fee-charges.js';
import { createRootFeeRun, rootFeesHandler, rootFeesJob } from './root-fees/root-fee-job.js';
import { createRootFeeRepository } from './root-fees/root-fee-repository.js';
import { rootFeeRoutes } from './root-fees/root-fee-routes.js';
import { createBillingSchedules } from './schedules/billing-schedules.js';
import { createPaymentRecovery } from './settlement/index.js';
import { walletTopUpsHandler, walletTopUpsJob } from './wallet/auto-topup-job.js';
import { dataWalletRoutes } from './wallet/data-wallet-routes.js';
import { createManualTopUp } from './wallet/manual-topup.js';
import { createTopUpCharge, type PlatformCustomerOf, WALLET_TOPUP_FOLLOW_UP } from './wallet/topup-charge.js';
import { createWalletAgencies } from './wallet/wallet-agency.js';
import { walletExpiryHandler } from './wallet/wallet-expiry-job.js';
import { type AgencyWallet, createWalletPayment, walletPaidFor } from './wallet/wallet-payment.js';
import { createWalletSettings } from './wallet/wallet-settings.js';
import { createWalletSettingsRepository } from './wallet/wallet-settings-repository.js';
import { createWalletSpending } from './wallet/wallet-spend.js';
import { createWalletView } from './wallet/wallet-view.js';

export { commissionPayoutsJob, commissionsJob } from './commissions/commission-jobs.js';
export type { BillingService, PartyRef } from './history/billing-service.js';
export { invoicePeriodsJob } from './invoices/invoice-job.js';
export type { PeriodInvoicing } from './invoices/invoice-periods.js';
export { createPrepaidLots, type PrepaidLots, type PrepaidUse } from './lots/prepaid-lots.js';
export { type PrepaidLowNotices, prepaidLowNoticesJob } from './lots/prepaid-low-notice.js';
export { type PrepaidTopUps, prepaidTopUpsJob } from './lots/prepaid-topups.js';
export type { WalletSpendInput, WalletSpendOutcome } from './lots/wallet-lots.js';
export { minimumSpendJob } from './minimum-spend/minimum-spend-job.js';
export { settlePendingHandler, settlePendingJob } from './payments-janitor.js';
export { reconcileJob } from './reconciliation/reconcile-job.js';
export type { RootFeeChargeKeeper } from './root-fees/root-fee-charges.js';
export { rootFeesJob } from './root-fees/root-fee-job.js';
export type { BillingSchedules } from './schedules/billing-schedules.js';
export { invoiceRetriesJob, type PaymentRecovery, paymentRemindersJob } from './settlement/index.js';
export { walletTopUpsJob } from './wallet/auto-topup-job.js';
export { walletExpiryJob } from './wallet/wallet-expiry-job.js';
export type { AgencyWallet, WalletPaymentInput } from './wallet/wallet-payment.js';
export type { WalletSpending } from './wallet/wallet-spend.js';

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
  /** When each agency first accepted the Minimum Spend Addendum (the agreements module's record). */
  minimumSpendStarts: MinimumSpendAgreements['startsOf'];
  /** The job queue: a spend that makes a wallet's top-up due wakes its job. */
  queue: Pick<JobQueue, 'trigger'>;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  /** How many subjects a billing job works on at once (the database's spare connections). */
  concurrency: number;
  /** Where the module's jobs report what they did (inside a job, its lines carry the job's id). */
  log: {
    info(message: string, detail?: unknown): void;
    warn(message: string, detail?: unknown): void;
  };
  /** Told the differences each reconciliation run found over every system (the metrics' gauge). */
  onReconciled?: (differences: number) => void;
}) {
  const { db, ledger, clock } = deps;
  const historyRepo = createBillingRepository(db);
  const history = createBillingService({
    repo: historyRepo,
    ledger,
    inScope: deps.inScope,
  });
  const reads = createCompanyReads(db);
  const minimumSpend = createMinimumSpendService({
    repo: createMinimumSpendRepository(db),
    company: reads.company,
    audit: deps.audit,
  });
  const prepaid = createPrepaidLots({ db, ledger, clock });
  // The Data Wallet (decision 0073): its lots and settings, and the spending API other billing code
  // calls now; its routes and jobs, which charge the card, join with the payments (`withPayments`).
  const walletLots = createWalletLots({ db, ledger, clock });
  const walletSettings = createWalletSettingsRepository(db);
  const walletAgency = createWalletAgencies({ beta: deps.beta, lots: walletLots });
  const agencyName = async (agencyId: number) =>
    (await reads.company(agencyId))?.name ?? `agency ${agencyId}`;
  const wallet = createWalletSpending({
    lots: walletLots,
    settings: walletSettings,
    clock,
    wake: () =>
      void deps.queue
        .trigger(walletTopUpsJob, {})
        .catch((error: unknown) => deps.log.warn('wallet top-up job not woken:', (error as Error).message)),
  });
  return {
    history,
    prepaid,
    schedules: createBillingSchedules({ db, clock }),
    /** The root fee of an activation's fees, kept where it completes (decision 0088). */
    rootFeeCharges: createRootFeeCharges({ clock }),
    /** `wallet.spend(input, tx)`: spending from an agency's Data Wallet (never below zero). */
    wallet,
    /**
     * The Data Wallet paying an agency's campaign charges before its card (decision 0085), once the
     * payments module can finish an obligation paid without a charge.
     */
    walletPayment: (paidWithoutCharge: PaidWithoutCharge) =>
      createWalletPayment({ db, wallet, lots: walletLots, paidWithoutCharge }),
    routes: [billingRoutes(history), minimumSpendRoutes(minimumSpend)],

    /**
     * What charges, once the modules it charges through exist: the janitor (what a crash interrupted
     * is finished), Weekly / Monthly invoicing with its routes (decision 0074), continual prepaid
     * top-ups (decision 0076), and the Data Wallet's routes, top-up follow-up, continual top-up and
     * expiry (decision 0073).
     */
    withPayments(payments: {
      chargeOnce: ChargeOnce;
      followUps: Pick<FollowUps, 'register'>;
      onboarding: Pick<OnboardingCharge, 'sweep'>;
      /** The agency's customer at the gateway (its card on the platform), as the card service made it. */
      customerOf: PlatformCustomerOf;
      /** How long an operation stays pending before the janitor asks the gateway (Stripe's search lags). */
      settleGraceSeconds: number;
      /** The campaigns' payers and subject lines, and the leads each delivered in a window. */
      payers: CampaignPayers;
      billedLeads: BilledLeads;
      /** What each system's campaigns delivered in a month, per root fee (decision 0081). */
      rootFeeCounts: RootFeeCounts;
      /** When each system's campaigns delivered their first lead: its root-fee months start there (0088). */
      firstDeliveredAt: FirstDelivery;
      /** The campaigns module's system move: a balance pause ends once a block is bought. */
      moveBySystem: MoveBySystem;
      /** Each system's gateways (commission payouts are transfers, decision 0080; reconciliation, 0079). */
      gateways: Pick<GatewayDirectory, 'of' | 'forSystem'>;
      /** What sales commissions are earned on, and who earns them (decision 0080). */
      collectedCharges: CollectedCharges;
      /** A refund's charges → the operations commissions were earned on (decision 0084). */
      operationsOfCharges: OperationsOfCharges;
      salesLinks: SalesLinksOf;
      /** The system's sales people, whose commissions its owners read (decision 0089). */
      salesPeople: SalesPeopleOf;
      /** Who changed the commission rate, by name (the users module's read). */
      personNames: PersonNamesOf;
      /** Reconciliation's side of the payment operations (decision 0079). */
      operations: OperationReads;
      /** Notices (minimum spend's monthly shortfall) go through the mail outbox. */
      mail: Pick<MailService, 'queueEmail'>;
      /** Refunds of prepaid blocks (decision 0078): the charges that paid them, the campaigns. */
      paidFor: (obligationKey: string) => Promise<PaymentOperationRow | null>;
      prepaidCampaigns: PrepaidCampaigns;
      /** Declined charges still owed, and the campaigns they pause (decision 0075). */
      failures: PaymentFailureRepository;
      payerCampaigns: PayerCampaigns;
      /** The agency's Data Wallet paying a minimum-spend shortfall before the card (decision 0085). */
      agencyWallet: Pick<AgencyWallet, 'pay'>;
      /** The charges made to a company's card, whole (its Billing History, decision 0091). */
      cardChargesOf: CardChargesOf;
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
      // "Two days left" before a block runs out (decision 0084), daily.
      const prepaidLow = createPrepaidLowNotices({
        lots: prepaid,
        repo: createLotRepository(db),
        payers: payments.payers,
        pricedCounts: payments.billedLeads.pricedCounts,
        mainPerson: mainPersonOf(db),
        mail: payments.mail,
        clock,
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
        billedLeads: payments.billedLeads,
        concurrency: deps.concurrency,
        failures: payments.failures,
      });
      const recovery = createPaymentRecovery({
        db,
        clock,
        audit: deps.audit,
        mail: payments.mail,
        failures: payments.failures,
        payerCampaigns: payments.payerCampaigns,
        moveBySystem: payments.moveBySystem,
        invoices,
        invoicing,
        log: deps.log.info,
      });
      const invoiceService = createInvoiceService({
        repo: invoices,
        companies: historyRepo,
        labels: payments.payers,
      });
      const invoiceMail = createInvoiceMail({
        repo: invoices,
        invoices: invoiceService,
        mainPerson: mainPersonOf(db),
        mail: payments.mail,
        clock,
      });
      const topUp = createTopUpCharge({
        lots: walletLots,
        chargeOnce: payments.chargeOnce,
        customerOf: payments.customerOf,
        audit: deps.audit,
      });
      // Registered before the worker starts: a charge recorded by the janitor finds its handler.
      payments.followUps.register(WALLET_TOPUP_FOLLOW_UP, topUp.followUp);
      // Minimum spend's monthly shortfall (decision 0077): its follow-up marks the month paid.
      const minimumSpendRepo = createMinimumSpendChargeRepository(db);
      const minimumSpendCharges = createMinimumSpendCharges({
        repo: minimumSpendRepo,
        ledger,
        clock,
        startsOf: deps.minimumSpendStarts,
        chargeOnce: payments.chargeOnce,
        customerOf: payments.customerOf,
        wallet: payments.agencyWallet,
      });
      payments.followUps.register(MINIMUM_SPEND_PAID, minimumSpendCharges.followUp);
      const minimumSpendNotices = createMinimumSpendNotices({
        repo: minimumSpendRepo,
        mainPerson: mainPersonOf(db),
        mail: payments.mail,
        clock,
      });
      const refundRepo = createPrepaidRefundRepository(db);
      const prepaidRefunds = createPrepaidRefunds({
        db,
        ledger,
        clock,
        lots: prepaid,
        repo: refundRepo,
        paidFor: payments.paidFor,
        gateways: payments.gateways,
        labels: (ids) => payments.payers.labels(ids),
        stopContinualTopUp: (campaignId) => payments.prepaidCampaigns.stopContinualTopUp(campaignId),
        walletPaidFor: walletPaidFor({ ledger, lots: walletLots }),
        wallet: walletLots,
      });
      const log = deps.log.info;
      const commissions = createCommissionRepository(db);
      const earnCommissions = createCommissionEarning({
        db,
        repo: commissions,
        ledger,
        collectedCharges: payments.collectedCharges,
        salesLinks: payments.salesLinks,
        clock,
      });
      const payCommissions = createCommissionPayouts({
        db,
        repo: commissions,
        ledger,
        gateways: payments.gateways,
        personalAccount: reads.personalAccount,
        clock,
      });
      const reverseCommissions = createCommissionReversal({
        db,
        repo: commissions,
        refunds: refundRepo,
        operationsOfCharges: payments.operationsOfCharges,
        ledger,
        clock,
      });
      const reconciliationRepo = createReconciliationRepository(db);
      const reconciliation = createReconciliation({
        clock,
        ledger,
        gateways: payments.gateways,
        operations: payments.operations,
        repo: reconciliationRepo,
        log: deps.log.warn,
      });
      const walletTopUp = createManualTopUp({
        walletAgency,
        topUp,
        settings: walletSettings,
        agencyName,
        audit: deps.audit,
        clock,
      });
      // Root fees between systems (decision 0081): the master's receiving account on a paying system's
      // gateway is that system's root company's live connected account.
      const rootFeeRepo = createRootFeeRepository(db);
      const receivingAccount: ReceivingAccountOf = async (systemId) => {
        const system = (await rootFeeRepo.systems()).find((s) => s.id === systemId);
        const row = system?.rootCompanyId ? await reads.connectedAccount(system.rootCompanyId) : null;
        return row
          ? {
              gateway: row.gateway,
              accountId: row.accountId,
              status: row.status,
              payoutsEnabled: row.payoutsEnabled,
            }
          : null;
      };
      const rootFeeSteps = {
        makeStatements: createRootFeeStatements({
          db,
          repo: rootFeeRepo,
          ledger,
          clock,
          rootFeeCounts: payments.rootFeeCounts,
          firstDeliveredAt: payments.firstDeliveredAt,
        }),
        payStatements: createRootFeePayments({
          db,
          repo: rootFeeRepo,
          ledger,
          gateways: payments.gateways,
          receivingAccount,
          clock,
        }),
      };
      /** The job's steps, and one run of it (`run`: stated, then paid). */
      const rootFees = { ...rootFeeSteps, run: createRootFeeRun(rootFeeSteps) };
      return {
        invoicing,
        invoiceMail,
        rootFees,
        topUps,
        prepaidLow,
        /** A top-up as the modal asks for it (the demo's first start tops up Northwind's wallet). */
        walletTopUp,
        recovery,
        commissions: { earn: earnCommissions, reverse: reverseCommissions, payOut: payCommissions },
        reconciliation,
        minimumSpend: { charges: minimumSpendCharges, notices: minimumSpendNotices },
        prepaidRefunds,
        /**
         * Run once at start, then on their schedules: what a crash left pending is settled, the
         * invoices and minimum-spend months owed since the last start are charged now rather than at
         * the next tick, the reconciliation screen has a run, and the months of root fees not stated are.
         */
        atStart: [settlePendingJob, invoicePeriodsJob, reconcileJob, minimumSpendJob, rootFeesJob],
        handlers: [
          ...recovery.handlers,
          commissionsHandler({ earn: earnCommissions, reverse: reverseCommissions, log }),
          commissionPayoutsHandler({ payOut: payCommissions, log }),
          prepaidTopUpsHandler({ topUps, log }),
          prepaidLowNoticesHandler({ notices: prepaidLow, log }),
          settlePendingHandler({
            chargeOnce: payments.chargeOnce,
            onboarding: payments.onboarding,
            graceSeconds: payments.settleGraceSeconds,
            prepaidRefunds,
            clock,
            log,
          }),
          walletTopUpsHandler({
            settings: walletSettings,
            lots: walletLots,
            topUp,
            agencyName,
            walletOpen: async (agencyId) => (await deps.beta.gateOf(agencyId, DATA_WALLET)).gate === 'open',
            audit: deps.audit,
            clock,
            log,
          }),
          walletExpiryHandler({ lots: walletLots, log }),
          invoicePeriodsHandler({ invoicing, mail: invoiceMail, log }),
          reconcileHandler({ reconciliation, log, onReconciled: deps.onReconciled }),
          rootFeesHandler({ run: rootFees.run, log }),
          minimumSpendHandler({ charges: minimumSpendCharges, notices: minimumSpendNotices, log }),
        ],
        routes: [
          dataWalletRoutes({
            walletAgency,
            view: createWalletView({
              db,
              ledger,
              lots: walletLots,
              settings: walletSettings,
              hasCard: async (agencyId) => (await reads.paymentCard({ companyId: agencyId })) !== null,
              clock,
            }),
            settings: createWalletSettings({ walletAgency, repo: walletSettings, audit: deps.audit, clock }),
            chargeTopUp: walletTopUp,
          }),
          invoiceRoutes(invoiceService),
          cardPaymentRoutes(
            createCardPayments({
              companies: historyRepo,
              chargesOf: payments.cardChargesOf,
              refunds: refundRepo,
            }),
          ),
          reconciliationRoutes({ repo: reconciliationRepo, reconciliation }),
          rootFeeRoutes(createRootFeeReads({ repo: rootFeeRepo, ledger, receivingAccount })),
          commissionRoutes({
            rate: createCommissionRate({
              db,
              repo: commissions,
              audit: deps.audit,
              clock,
              personNames: payments.personNames,
            }),
            reads: createCommissionReads({
              repo: commissions,
              ledger,
              salesPeople: payments.salesPeople,
              personalAccount: reads.personalAccount,
            }),
          }),
          prepaidRoutes({
            campaigns: payments.prepaidCampaigns,
            refunds: prepaidRefunds,
            view: createPrepaidBlocksView({ lots: prepaid, repo: refundRepo }),
          }),
          ...recovery.routes,
        ],
      };
    },
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
