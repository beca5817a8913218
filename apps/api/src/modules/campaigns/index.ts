import type { Database, Executor } from '@app/db';
import type { AdPlatform } from '../../providers/ad-platform/index.js';
import type { AuditLog } from '../audit/index.js';
import type { AgencyWallet, BillingSchedules, PrepaidLots, RootFeeChargeKeeper } from '../billing/index.js';
import type { ChargeOnce, FollowUps, PaymentFailureRepository } from '../payments/index.js';
import type { ModuleAccess } from '../tenancy/index.js';
import { ACTIVATION_FOLLOW_UP, activationDoneOf, createActivationCharge } from './activation-charge.js';
import { createActivationCompletion } from './activation-completion.js';
import { createCampaignCounts } from './campaign-counts.js';
import { createCampaignKinds } from './campaign-kinds.js';
import { mirrorOf } from './campaign-mirror.js';
import { createCampaignPayers } from './campaign-payers.js';
import { createCampaignRepository } from './campaign-repository.js';
import { campaignRoutes, type EmbedCode } from './campaign-routes.js';
import { createCampaignService } from './campaign-service.js';
import { createCampaignSetup } from './campaign-setup.js';
import { createCampaignSetupRepository } from './campaign-setup-repository.js';
import { createLocatorMirror, locatorMirrorHandler, locatorMirrorJob } from './locator-mirror.js';
import { createLocatorMirrorRepository } from './locator-mirror-repository.js';
import { createPayerCampaigns } from './payer-campaigns.js';
import { createPrepaidCampaigns } from './prepaid-campaigns.js';

/**
 * Campaigns (issue 11, decision 0045): create, edit, list and read the four lead modules' campaigns,
 * the client's prices (cost module, floors by `@app/pricing`), and every state move through
 * `@app/lead-engine`'s machine, the activation charged once through `chargeOnce`; locator campaigns
 * mirrored to the ad platform (decision 0051).
 */
export {
  ACTIVATION_FOLLOW_UP,
  type ActivationDone,
  type ActivationRootFee,
  type PrepaidBlock,
} from './activation-charge.js';
export type { CampaignCount, CampaignCounts, CampaignOption, CampaignScope } from './campaign-counts.js';
export {
  type ActivationCharged,
  type CampaignActivation,
  type CampaignKinds,
  type CampaignMoveListener,
  NOT_ACTIVATABLE,
} from './campaign-kinds.js';
export { type CampaignFacts, type CampaignLookup, createCampaignLookup } from './campaign-lookup.js';
export type { CampaignPayers, InvoiceSubject, PayerChargeOutcome, TopUpDue } from './campaign-payers.js';
export type { CampaignRecord, ClientContext } from './campaign-repository.js';
export type { AdPlatformMirror, CampaignService } from './campaign-service.js';
export type { CampaignSetupApplier, CampaignSetupPlan } from './campaign-setup.js';
export { campaignInGroupOfSql, mirroredModulesSql, runningCampaignOfSql } from './campaign-sql.js';
export type { NewCampaignRow } from './create-campaign.js';
export type { LocatorMirror } from './locator-mirror.js';
export type { PayerCampaign, PayerCampaigns } from './payer-campaigns.js';
export type { PrepaidCampaign, PrepaidCampaigns } from './prepaid-campaigns.js';
export { locatorMirrorJob };

export function createCampaignsModule(deps: {
  db: Database;
  chargeOnce: ChargeOnce;
  /** Declined charges still owed: a removed campaign's are dropped (decision 0065). */
  failures: Pick<PaymentFailureRepository, 'settleRemovedCampaign'>;
  audit: AuditLog;
  /** The embed module's snippet renderer (the snippet `/px.js` reads). */
  embedCode: EmbedCode;
  /** The ad platform locator campaigns are mirrored to (decision 0051). */
  adPlatform: AdPlatform;
  /** Which modules a company's people may open (decision 0063). */
  moduleAccess: ModuleAccess;
  /**
   * What an activation buys and a stop ends (decision 0072): prepaid lots, billing schedules; and the
   * agency's Data Wallet, which pays its invoices and blocks before its card (decision 0085).
   */
  billing: {
    prepaid: Pick<PrepaidLots, 'open' | 'left'>;
    schedules: Pick<BillingSchedules, 'open' | 'end'>;
    wallet: AgencyWallet;
    /** The root fee an activation owes the master system, kept where it completes (decision 0088). */
    rootFees: Pick<RootFeeChargeKeeper, 'keepActivation'>;
  };
  /** The payments module's follow-up registry: an activation completes in its last charge's record. */
  followUps: Pick<FollowUps, 'register'>;
  log: (message: string, detail?: unknown) => void;
}) {
  const repo = createCampaignRepository(deps.db);
  const activation = createActivationCharge({
    repo,
    chargeOnce: deps.chargeOnce,
    wallet: deps.billing.wallet,
  });
  const pricing = { priced: activation.priced, pricedTopUp: activation.pricedTopUp };
  // The lead modules' activation is this module's; other kinds register theirs (decision 0111).
  const kinds = createCampaignKinds({ leadspeek: activation, log: deps.log });
  const completeActivation = createActivationCompletion({
    repo,
    prepaid: deps.billing.prepaid,
    schedules: deps.billing.schedules,
    rootFees: deps.billing.rootFees,
  });
  deps.followUps.register(ACTIVATION_FOLLOW_UP, (followUp, _operation, tx) =>
    completeActivation(activationDoneOf(followUp), tx).then(() => undefined),
  );
  const locatorMirror = createLocatorMirror({
    repo: createLocatorMirrorRepository(deps.db),
    platform: deps.adPlatform,
    log: deps.log,
  });
  const service = createCampaignService({
    repo,
    activation,
    kinds,
    failures: deps.failures,
    audit: deps.audit,
    adPlatform: locatorMirror,
    moduleAccess: deps.moduleAccess,
    completeActivation,
    billing: deps.billing,
  });
  return {
    /**
     * Reads, create (`createRow` for another module's kind of campaign), edits, prices and every
     * state move (decision 0111).
     */
    service,
    /**
     * The seams for a module that runs campaigns of its own kind (decision 0111): `useActivation`
     * registers what activating its campaigns charges (without one, their activation is a 409), and
     * `onMoved` a listener told of every committed move of any campaign.
     */
    kinds: { useActivation: kinds.useActivation, onMoved: kinds.onMoved },
    /**
     * Completes an activation another kind's charge paid for, in that charge's record transaction
     * (the Simplifi budget's follow-up carries the `ActivationDone` this module reads back).
     */
    completeActivation: (done: Record<string, unknown>, tx: Executor) =>
      completeActivation(activationDoneOf({ kind: ACTIVATION_FOLLOW_UP, ...done }), tx),
    /** What the billing module invoices and tops up a campaign with, and its payers' charges. */
    payers: createCampaignPayers({
      repo,
      chargeOnce: deps.chargeOnce,
      wallet: deps.billing.wallet,
      ...pricing,
    }),
    /** Prepaid campaigns by public id, and their continual top-up switch (decision 0078). */
    prepaidCampaigns: createPrepaidCampaigns({ repo }),
    /** Campaign counts and names for reports (decision 0083). */
    counts: createCampaignCounts(deps.db),
    /** The campaigns a payer's failed payments pause and manual bill's switch stops (decision 0075). */
    payerCampaigns: createPayerCampaigns(deps.db),
    locatorMirror,
    handlers: [locatorMirrorHandler(locatorMirror)],
    /** A client's campaign setup (setupcomplete, decision 0094), applied to its campaigns awaiting it. */
    campaignSetup: createCampaignSetup({
      repo,
      setupRepo: createCampaignSetupRepository(deps.db),
      audit: deps.audit,
      mirror: mirrorOf(locatorMirror),
    }),
    /** For the lead engine: pause on run (limit, prepaid balance) through the one move path. */
    moveBySystem: service.moveBySystem,
    /** Campaigns' public ids and names, for lists that show them (the delivery console). */
    labels: (ids: readonly number[]) => repo.labels(ids),
    /** A campaign's row id from its public id (a filter typed by a person), or null. */
    idOfPublicId: (publicId: string) => repo.idOfPublicId(publicId),
    /** Whose a campaign is (its client and agency), for modules that keep settings per campaign. */
    async owners(campaignId: number): Promise<{ clientId: number; agencyId: number; name: string } | null> {
      const record = await repo.record(campaignId);
      return record ? { clientId: record.clientId, agencyId: record.agencyId, name: record.name } : null;
    },
    routes: [campaignRoutes({ service, embedCode: deps.embedCode })],
  };
}
