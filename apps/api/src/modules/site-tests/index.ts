import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SiteChecker } from '../embed/index.js';
import type { TestLeads } from '../leads/index.js';
import { createEmbedRecheck, embedCheckHandler } from './embed-check-job.js';
import { createSiteTestRepository } from './site-test-repository.js';
import { siteTestRoutes } from './site-test-routes.js';
import { createSiteTestService } from './site-test-service.js';

export { EMBED_CHECK_EVERY_SECONDS, embedCheckJob } from './embed-check-job.js';
export {
  NO_TEST_LEADS,
  NOT_LOCAL_CAMPAIGN,
  TEST_LEAD_MESSAGES,
  TOO_MANY_SITE_CHECKS,
} from './site-test-service.js';

/**
 * A campaign's site tests (spec 2 §7, issue 11, decision 0050): the embed-code check now and its
 * last result, the scheduled re-check of running local campaigns, and the test lead. Built after
 * the embed module (its guarded `checkSite`) and the leads module (the test lead's intake).
 */
export function createSiteTestsModule(deps: {
  db: Database;
  checkSite: SiteChecker;
  testLeads: Pick<TestLeads, 'submit' | 'waitForOutcome'>;
  queue: Pick<JobQueue, 'trigger'>;
  /** The shared limiter: site checks per campaign per minute. */
  limiter: Pick<RateLimiter, 'hit'>;
  log: (message: string, detail?: unknown) => void;
  /** Tests shorten the check's deadline (the 504) and the test lead's wait. */
  timings?: { checkDeadlineMs?: number; testLeadWaitMs?: number };
}) {
  const repo = createSiteTestRepository(deps.db);
  const service = createSiteTestService({
    repo,
    checkSite: deps.checkSite,
    testLeads: deps.testLeads,
    limiter: deps.limiter,
    ...deps.timings,
  });
  const recheckDue = createEmbedRecheck({ repo, service, log: deps.log });
  const handlers: JobHandler[] = [embedCheckHandler({ recheckDue, queue: deps.queue })];
  return {
    routes: [siteTestRoutes({ service })],
    handlers,
    /** The scheduled check's work, for tests: checks up to `limit` due campaigns. */
    siteTests: { recheckDue },
  };
}
