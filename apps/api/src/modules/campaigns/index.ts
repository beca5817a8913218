import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import type { ChargeOnce } from '../payments/index.js';
import { createCampaignRepository } from './campaign-repository.js';
import { campaignRoutes, type EmbedCode } from './campaign-routes.js';
import { type AdPlatformMirror, createCampaignService } from './campaign-service.js';

export type { AdPlatformMirror, CampaignService } from './campaign-service.js';

/**
 * Campaigns (issue 11, decision 0045): create, edit, list and read the four lead modules' campaigns,
 * the client's prices (cost module, floors by `@app/pricing`), and every state move through
 * `@app/lead-engine`'s machine, the activation charged once through `chargeOnce`.
 */
export function createCampaignsModule(deps: {
  db: Database;
  chargeOnce: ChargeOnce;
  audit: AuditLog;
  /** The embed module's snippet renderer (the snippet `/px.js` reads). */
  embedCode: EmbedCode;
  /** The ad-platform provider's seam; null until it is wired (locator mirrors stay null). */
  adPlatform: AdPlatformMirror | null;
}) {
  const repo = createCampaignRepository(deps.db);
  const service = createCampaignService({
    repo,
    chargeOnce: deps.chargeOnce,
    audit: deps.audit,
    adPlatform: deps.adPlatform,
  });
  return {
    service,
    /** For the lead engine: pause on run (limit, prepaid balance) through the one move path. */
    moveBySystem: service.moveBySystem,
    routes: [campaignRoutes({ service, repo, embedCode: deps.embedCode })],
  };
}
