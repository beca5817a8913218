import type { AdPlatform } from '../ad-platform.js';
import { simplifiAds } from './simplifi-ads.js';
import { simplifiAudiences } from './simplifi-audiences.js';
import { simplifiCampaigns } from './simplifi-campaigns.js';
import { simplifiGeography } from './simplifi-geography.js';
import { createSimplifiHttp, type SimplifiConfig } from './simplifi-http.js';
import { simplifiOrganizations } from './simplifi-organizations.js';
import { simplifiStats } from './simplifi-stats.js';

export interface SimplifiAdPlatformOptions extends SimplifiConfig {
  /** Our platform account's organisation at Simpli.fi: agencies are made under it (null: the user's default). */
  rootOrganizationId?: string | null;
  now?: () => Date;
}

/**
 * The real ad platform (decision 0112): Simpli.fi's REST API behind the same port as the sandbox,
 * with the same input rules (`requests*.ts`) checked before any call, Simpli.fi's refusals (404,
 * 422) as `AdPlatformError`s, and its outages (no answer, 429, 5xx) thrown for the caller to retry.
 * Each group of calls lives in its own file; this composes them.
 */
export function createSimplifiAdPlatform(options: SimplifiAdPlatformOptions): AdPlatform {
  const http = createSimplifiHttp(options);
  const root = { rootOrganizationId: options.rootOrganizationId ?? null };
  return {
    name: 'simplifi',
    ...simplifiOrganizations(http, root),
    ...simplifiCampaigns(http, simplifiGeography(http)),
    ...simplifiAudiences(http),
    ...simplifiAds(http),
    ...simplifiStats(http, options.now ?? (() => new Date())),
  };
}
