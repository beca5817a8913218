import type { AuditLog } from '../audit/index.js';
import type { BillingSchedules, PrepaidLots } from '../billing/index.js';
import type { PaymentFailureRepository } from '../payments/index.js';
import type { ModuleAccess } from '../tenancy/index.js';
import type { ActivationChargeService } from './activation-charge.js';
import type { CompleteActivation } from './activation-completion.js';
import { createCampaignBasics } from './campaign-basics.js';
import type { CampaignKinds } from './campaign-kinds.js';
import { type AdPlatformMirror, mirrorOf } from './campaign-mirror.js';
import type { CampaignRepository } from './campaign-repository.js';
import { createCostModule } from './cost-module.js';
import { createCampaignCreation } from './create-campaign.js';
import { createCampaignMoves } from './move-campaign.js';
import { createCampaignReads } from './read-campaigns.js';
import { createCampaignUpdate } from './update-campaign.js';

export type { AdPlatformMirror } from './campaign-mirror.js';

export interface CampaignServiceDeps {
  repo: CampaignRepository;
  /** The lead modules' activation charge: its prices for the client cost module's checks. */
  activation: Pick<ActivationChargeService, 'priced' | 'unchargeable'>;
  /** Each kind's activation and the move listeners (decision 0111). */
  kinds: Pick<CampaignKinds, 'activationOf' | 'moved'>;
  /** A removed campaign's declined activations are owed no more (decision 0065). */
  failures: Pick<PaymentFailureRepository, 'settleRemovedCampaign'>;
  audit: AuditLog;
  adPlatform: AdPlatformMirror | null;
  /** The module rule (decision 0063): who may open a module, and whether its campaigns may start. */
  moduleAccess: Pick<ModuleAccess, 'requireCampaignsMayStart' | 'requireReadable'>;
  /** Finishes an activation whose charges are paid (decision 0072): the move and what it bought. */
  completeActivation: CompleteActivation;
  /** The billing module's reads and ends: prepaid leads left, a stopped campaign's schedule. */
  billing: {
    prepaid: Pick<PrepaidLots, 'left'>;
    schedules: Pick<BillingSchedules, 'end'>;
  };
}

/**
 * The campaigns' use cases (decision 0111), one file each, composed over the same repository,
 * basics (a campaign found, a client's context, the user log) and the ad platform's mirror.
 */
export function createCampaignService(deps: CampaignServiceDeps) {
  const { repo, moduleAccess } = deps;
  const basics = createCampaignBasics({ repo, prepaid: deps.billing.prepaid, audit: deps.audit });
  const mirror = mirrorOf(deps.adPlatform);
  const creation = createCampaignCreation({ repo, basics, moduleAccess, mirror });
  const moves = createCampaignMoves({
    repo,
    basics,
    kinds: deps.kinds,
    moduleAccess,
    completeActivation: deps.completeActivation,
    failures: deps.failures,
    schedules: deps.billing.schedules,
    mirror,
  });
  return {
    ...createCampaignReads({ repo, basics, moduleAccess }),
    create: creation.create,
    /** An ad-platform campaign's row, after the same checks as `create` (decision 0111). */
    createRow: creation.createRow,
    update: createCampaignUpdate({ repo, basics, mirror }),
    ...moves,
    costModule: createCostModule({ repo, basics, activation: deps.activation }),
    found: basics.found,
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
