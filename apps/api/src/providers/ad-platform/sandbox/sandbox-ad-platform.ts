import type { Database } from '@app/db';
import type { AdPlatform } from '../ad-platform.js';
import { sandboxAds } from './sandbox-ads.js';
import { sandboxAudiences } from './sandbox-audiences.js';
import { sandboxCampaigns } from './sandbox-campaigns.js';
import type { SandboxContext } from './sandbox-context.js';
import { sandboxDeliveryReads } from './sandbox-delivery-reads.js';
import { sandboxOrganizations } from './sandbox-organizations.js';

export interface SandboxAdPlatformOptions {
  db: Database;
  /** What synthetic delivery is derived from (default `leadorbit-ads`). */
  seed?: string;
  /** The platform's clock: status changes are stamped with it and delivery runs up to it. */
  now?: () => Date;
}

export const SANDBOX_AD_SEED = 'leadorbit-ads';

/**
 * The default ad platform (decisions 0044, 0112): Simpli.fi's organisations, campaigns, audiences and
 * ads played on our own database (the sandbox_ad_* tables). It validates what the real platform
 * validates, refuses the moves it refuses (an ended campaign never runs again), stamps every status
 * change with the time, and derives impressions, clicks, spend and visitors from that history,
 * deterministically per day. Each group of calls lives in its own file; this composes them.
 */
export function createSandboxAdPlatform(options: SandboxAdPlatformOptions): AdPlatform {
  const context: SandboxContext = {
    db: options.db,
    seed: options.seed ?? SANDBOX_AD_SEED,
    now: options.now ?? (() => new Date()),
  };
  return {
    name: 'sandbox',
    ...sandboxOrganizations(context),
    ...sandboxCampaigns(context),
    ...sandboxAudiences(context),
    ...sandboxAds(context),
    ...sandboxDeliveryReads(context),
  };
}
