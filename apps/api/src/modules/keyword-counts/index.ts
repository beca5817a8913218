import type { CampaignModule, ModuleType } from '@app/contracts';
import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { DataVendor } from '../../providers/identities/index.js';
import type { CampaignService } from '../campaigns/index.js';
import type { MailService } from '../mail/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { PersonContactOf } from '../users/index.js';
import { createApplyKeywords } from './apply-keywords.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { createCountHistory } from './count-history.js';
import { enhancementCountJob, keywordCountJob } from './count-jobs.js';
import { dataVendorRoutes } from './data-vendor-routes.js';
import { createEnhanceLocation } from './enhance-location.js';
import { createEnhancementCountRepository } from './enhancement-count-repository.js';
import { createKeywordCountRepository } from './keyword-count-repository.js';
import { createKeywordCountService } from './keyword-count-service.js';
import { createListKeywordCounts } from './list-keyword-counts.js';
import { createNotifyCounted } from './notify-counted.js';
import { createQueueEnhancementCount } from './queue-enhancement-count.js';
import { createQueueKeywordCounts } from './queue-keyword-counts.js';
import { createRetryKeywordCount } from './retry-keyword-count.js';
import { createRunEnhancementCount } from './run-enhancement-count.js';
import { createRunKeywordCount } from './run-keyword-count.js';

export { KEYWORDS_APPLIED } from './apply-keywords.js';
export { enhancementCountJob, keywordCountJob } from './count-jobs.js';
export { CHOOSE_STATE_FIRST } from './enhance-location.js';
export { COUNT_FROM_HISTORY, COUNT_QUEUED, ENHANCEMENT_QUEUED } from './keyword-count-service.js';
export { NOT_AN_AGENCY_OR_CLIENT } from './queue-keyword-counts.js';

/**
 * Keyword counts and data enhancement (issue 22, decision 0093): counts asked of the data vendor in
 * jobs (`keyword_counts`, `enhancement_counts`), the 7-day history, retries, the e-mail when a slow
 * count is done, counted keywords applied to a campaign through the campaigns module, and the
 * advanced information catalogue and place look-ups the forms read.
 */
export function createKeywordCountsModule(deps: {
  db: Database;
  vendor: DataVendor;
  queue: Pick<JobQueue, 'enqueue' | 'enqueueMany'>;
  mail: Pick<MailService, 'queueEmail'>;
  campaigns: Pick<CampaignService, 'get' | 'update'>;
  moduleAccess: Pick<ModuleAccess, 'facts' | 'requireReadable'>;
  personContact: PersonContactOf;
}) {
  const repo = createKeywordCountRepository(deps.db);
  const enhancementRepo = createEnhancementCountRepository(deps.db);
  const requireReadable = (p: Principal, module: CampaignModule | ModuleType) =>
    deps.moduleAccess.requireReadable(p, module);
  const finished = createNotifyCounted({ repo, mail: deps.mail, personContact: deps.personContact });
  const runKeywordCount = createRunKeywordCount({ repo, vendor: deps.vendor, queue: deps.queue, finished });
  const runEnhancementCount = createRunEnhancementCount({
    repo: enhancementRepo,
    vendor: deps.vendor,
    queue: deps.queue,
    campaigns: deps.campaigns,
  });
  const service = createKeywordCountService({
    vendor: deps.vendor,
    queueKeywordCounts: createQueueKeywordCounts({
      repo,
      queue: deps.queue,
      isAgencyOrClient: async (companyId) => (await deps.moduleAccess.facts(companyId)) !== null,
      requireReadable,
    }),
    queueEnhancementCount: createQueueEnhancementCount({
      repo: enhancementRepo,
      queue: deps.queue,
      campaigns: deps.campaigns,
      requireReadable,
    }),
    listKeywordCounts: createListKeywordCounts({ repo, requireReadable }),
    retryKeywordCount: createRetryKeywordCount({
      repo,
      queue: deps.queue,
      requireReadable,
    }),
    applyKeywords: createApplyKeywords({ repo, campaigns: deps.campaigns, requireReadable }),
    countHistory: createCountHistory({ repo: enhancementRepo, campaigns: deps.campaigns, requireReadable }),
    enhanceLocation: createEnhanceLocation({ vendor: deps.vendor }),
  });
  const keywordHandler: JobHandler<typeof keywordCountJob.payload> = {
    spec: keywordCountJob,
    handle: (payload, context) => runKeywordCount(payload.countId, context),
  };
  const enhancementHandler: JobHandler<typeof enhancementCountJob.payload> = {
    spec: enhancementCountJob,
    handle: (payload, context) => runEnhancementCount(payload.countId, context),
  };
  const handlers = [keywordHandler, enhancementHandler] as JobHandler[];
  return {
    routes: [dataVendorRoutes({ service }), catalogueRoutes({ service })],
    handlers,
  };
}
