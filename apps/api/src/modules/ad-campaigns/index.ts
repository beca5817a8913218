import type { Database } from '@app/db';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { Clock } from '../../lib/clock.js';
import type { AdPlatform } from '../../providers/ad-platform/index.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import type { CampaignPayers, CampaignService } from '../campaigns/index.js';
import type { Ledger } from '../ledger/index.js';
import type { FollowUps, PaymentOperationRow } from '../payments/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { createAdCampaignRepository } from './ad-campaign-repository.js';
import { adCampaignRoutes } from './ad-campaign-routes.js';
import type { CampaignAudienceLinks } from './ad-campaign-service.js';
import { createAdCampaignService, type SimplifiMinimums } from './ad-campaign-service.js';
import { createBudgetBook } from './budget-book.js';
import { AD_BUDGET_FOLLOW_UP, type BudgetPaid, createBudgetCharges } from './budget-charges.js';
import { createBudgetPeriods } from './budget-periods.js';
import { createBudgetRefundRepository } from './budget-refund-repository.js';
import { createBudgetRefunds } from './budget-refunds.js';
import { createCampaignLifecycle } from './campaign-lifecycle.js';
import { organizationRoutes } from './organization-routes.js';
import { createOrganizations, type OrganizationCompany, type OrganizationRecords } from './organizations.js';
import { createPlatformSync, type SyncAudiences, type SyncMedia } from './platform-sync.js';
import { createStatsPull } from './stats-pull.js';

export const adBudgetRenewalJob = defineJob({
  name: 'ad-campaigns.budget-renewal',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '7 * * * *' },
});
export const adPlatformSyncJob = defineJob({
  name: 'ad-campaigns.platform-sync',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 30,
  recurring: { cron: '* * * * *' },
});
export const adStatsPullJob = defineJob({
  name: 'ad-campaigns.stats-pull',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 60,
  recurring: { cron: '*/15 * * * *' },
});

/**
 * The Simplifi module (issue 24, decision 0110): display campaigns on the ad platform, with budgets
 * prepaid per period. Its campaigns are the campaigns module's rows (one state machine, one list,
 * one move path); it registers their activation charge and a move listener there, and owns the
 * budgets, the budget charges and the pulled figures.
 */
export function createAdCampaignsModule(deps: {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  platform: AdPlatform;
  platformName: string;
  campaigns: {
    service: Pick<CampaignService, 'createRow' | 'found' | 'update'>;
    payers: Pick<CampaignPayers, 'charge' | 'payerOf'>;
    idOfPublicId: (publicId: string) => Promise<number | null>;
    /** A move the system makes (a declined renewal pauses the campaign on run). */
    moveBySystem: (
      campaignId: number,
      event: { type: 'pause_on_run'; reason: 'payment_failed' },
    ) => Promise<boolean>;
    clientOrganization: (owners: { agencyId: number; clientId: number }) => Promise<string>;
    organizations: OrganizationRecords;
  };
  /** A company's place in the tree (tenancy's company reads). */
  company: (id: number) => Promise<OrganizationCompany | null>;
  completeActivation: (
    done: Record<string, unknown>,
    tx: Parameters<FollowUps['run']>[2],
  ) => Promise<unknown>;
  followUps: Pick<FollowUps, 'register'>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  inScope: (p: Principal, campaignId: number) => Promise<boolean>;
  minimums: (systemId: number) => Promise<SimplifiMinimums>;
  /** The ad-media module's face: a campaign's media become its ads at the platform. */
  media: SyncMedia | null;
  /** The ad-audiences module's face: the audiences a campaign targets (attach, keys, platform ids). */
  audiences: (SyncAudiences & CampaignAudienceLinks) | null;
  /** The gateways a refund is made on, and the charge that paid a budget (the payments module's). */
  gateways: Pick<GatewayDirectory, 'of'>;
  paidFor: (obligationKey: string) => Promise<PaymentOperationRow | null>;
  log: (message: string, detail?: unknown) => void;
}) {
  const repo = createAdCampaignRepository(deps.db);
  const refundRows = createBudgetRefundRepository(deps.db);
  const book = createBudgetBook(deps.ledger);
  const charges = createBudgetCharges({
    db: deps.db,
    repo,
    book,
    payers: deps.campaigns.payers,
    completeActivation: deps.completeActivation,
  });
  deps.followUps.register(AD_BUDGET_FOLLOW_UP, (followUp, _operation, tx) =>
    charges.finish(followUp as unknown as BudgetPaid, tx),
  );
  const periods = createBudgetPeriods({ repo, book, charges, clock: deps.clock, paidFor: deps.paidFor });
  const refunds = createBudgetRefunds({
    db: deps.db,
    repo,
    refundRows,
    book,
    ledger: deps.ledger,
    gateways: deps.gateways,
    paidFor: deps.paidFor,
    clock: deps.clock,
  });
  const syncOn = (clock: Clock, platform: AdPlatform) =>
    createPlatformSync({
      repo,
      platform,
      clock,
      campaign: async (id) => deps.campaigns.service.found(id).catch(() => null),
      organization: deps.campaigns.clientOrganization,
      media: deps.media,
      audiences: deps.audiences,
      organizationOf: deps.campaigns.organizations.of,
      log: deps.log,
    });
  const sync = syncOn(deps.clock, deps.platform);
  const stats = createStatsPull({
    db: deps.db,
    repo,
    book,
    platform: deps.platform,
    clock: deps.clock,
    timeZoneOf: async (ids) => {
      const zones = new Map<number, string>();
      for (const id of ids) zones.set(id, (await deps.campaigns.service.found(id)).timeZone);
      return zones;
    },
  });
  const service = createAdCampaignService({
    repo,
    refundRows,
    audiences: deps.audiences,
    campaigns: deps.campaigns.service,
    idOfPublicId: deps.campaigns.idOfPublicId,
    inScope: deps.inScope,
    moduleAccess: deps.moduleAccess,
    periods,
    sync,
    minimums: deps.minimums,
    platformName: deps.platformName,
    clock: deps.clock,
  });
  const manualBill = async (campaignId: number) =>
    (await deps.campaigns.payers.payerOf(campaignId)) === 'agency';

  const lifecycle = createCampaignLifecycle({
    repo,
    periods,
    refunds,
    stats,
    sync,
    campaigns: { found: (id) => deps.campaigns.service.found(id), moveBySystem: deps.campaigns.moveBySystem },
    manualBill,
    detachAudiences: deps.audiences ? (id) => deps.audiences?.detach(id) ?? Promise.resolve(0) : null,
  });

  return {
    service,
    periods,
    sync,
    stats,
    /**
     * The budget periods and the platform sync on another clock and platform, over the same tables
     * and charges: the demo's campaign, activated weeks before the first start (sandbox only).
     */
    onClock: (clock: Clock, platform: AdPlatform) => {
      const past = createBudgetPeriods({ repo, book, charges, clock, paidFor: deps.paidFor });
      return {
        periods: past,
        sync: syncOn(clock, platform),
        /**
         * A new campaign's first activation on that clock: its period charged, and the charge's
         * follow-up completing the activation (the campaigns module's move) as at any activation.
         */
        async activateFirst(campaignId: number, userId: number) {
          const { c } = await service.found(null, campaignId);
          const done = { campaignId, activation: 1, userId, prepaid: null, rootFee: null };
          return past.activate(c, await manualBill(campaignId), { kind: 'campaign.activate', ...done });
        },
      };
    },
    /** The campaigns module's seams for `simplifi` campaigns: the activation charge, the move listener. */
    activation: lifecycle.activation,
    moved: lifecycle.moved,
    renewDue: lifecycle.renewDue,
    handlers(): JobHandler[] {
      return [
        { spec: adBudgetRenewalJob, handle: async () => void (await lifecycle.renewDue()) },
        { spec: adPlatformSyncJob, handle: async () => void (await sync.syncDue()) },
        {
          spec: adStatsPullJob,
          async handle() {
            await stats.pullDue();
            // Refunds a crash or an outage left pending are finished here too.
            await refunds.finishPending((id) => deps.campaigns.service.found(id).catch(() => null));
          },
        },
      ];
    },
    routes: [
      adCampaignRoutes({ service, periods, repo, manualBill }),
      organizationRoutes({
        organizations: createOrganizations({
          platform: deps.platform,
          records: deps.campaigns.organizations,
          company: deps.company,
        }),
        moduleAccess: deps.moduleAccess,
      }),
    ],
  };
}

export type AdCampaignsModule = ReturnType<typeof createAdCampaignsModule>;
