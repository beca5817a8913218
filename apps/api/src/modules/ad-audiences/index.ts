import { AUDIENCE_MAX_FILE_BYTES, AUDIENCE_MAX_ROWS } from '@app/contracts';
import type { CopyIn, Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CompanyReads, ModuleAccess, ScopeService } from '../tenancy/index.js';
import { personContactOf, personNamesOf } from '../users/index.js';
import { createAudienceAccess } from './audience-access.js';
import { createAudienceRepository } from './audience-repository.js';
import { audienceRoutes } from './audience-routes.js';
import { createAudienceService } from './audience-service.js';
import { createCampaignAudiences } from './campaign-audiences.js';
import { createDeleteAudience } from './delete-audience.js';
import { type CampaignLabels, createDescribeAudiences } from './describe-audiences.js';
import { createListAudiences } from './list-audiences.js';
import { createMergeAudience, mergeAudienceHandler, mergeAudienceJob } from './merge-audience.js';
import { createReceiveAudience } from './receive-audience.js';

export type { AudienceCampaign, AudienceSummary, CampaignAudiences } from './campaign-audiences.js';
export { KEYS_BATCH } from './campaign-audiences.js';
export { AUDIENCE_MERGE_RANGE, mergeAudienceJob } from './merge-audience.js';

/**
 * The ad platform's audiences (issue 24, decision 0114): customer lists uploaded as CSV (e-mail
 * addresses, hashed as they are read, or MD5s), stored as MD5 keys by a queued job whose progress
 * the list answers, and which Simplifi campaigns use which. The ad-campaigns module pushes them to
 * the ad platform through `campaignAudiences`; this module never calls the platform.
 */
export function createAdAudiencesModule(deps: {
  db: Database;
  copyIn: CopyIn;
  queue: Pick<JobQueue, 'enqueue'>;
  inScope: ScopeService['inScope'];
  companies: Pick<CompanyReads, 'company' | 'liveNames'>;
  moduleAccess: Pick<ModuleAccess, 'facts'>;
  /** Campaigns' public ids and names (the campaigns module's `labels`). */
  campaignLabels: CampaignLabels;
  /** This process runs jobs: it starts storing an upload's keys at once instead of waiting for a poll. */
  mergeHere: boolean;
  log: (message: string, detail?: unknown) => void;
  /** Tests: smaller limits and ranges. */
  limits?: { maxRows?: number; maxFileBytes?: number; mergeRange?: number };
}) {
  const repo = createAudienceRepository(deps.db);
  const access = createAudienceAccess({
    inScope: deps.inScope,
    companies: deps.companies,
    moduleFacts: (companyId) => deps.moduleAccess.facts(companyId),
  });
  const mergeAudience = createMergeAudience({ repo, log: deps.log, range: deps.limits?.mergeRange });
  const queueMerge = async (audienceId: number) => {
    await deps.queue.enqueue(mergeAudienceJob, { uploadId: audienceId });
    // The queued job is the durable path; here the storing starts now (the job then finds it done,
    // or takes it over if this process dies mid-way).
    if (deps.mergeHere)
      void mergeAudience(audienceId).catch((err) =>
        deps.log('audience keys will be stored by a retry', String(err)),
      );
  };
  const describe = createDescribeAudiences({
    repo,
    companyNames: (ids) => deps.companies.liveNames(ids),
    personNames: personNamesOf(deps.db),
    campaignLabels: deps.campaignLabels,
  });
  const personContact = personContactOf(deps.db);
  const service = createAudienceService({
    repo,
    describe,
    receive: createReceiveAudience({
      repo,
      access,
      copyIn: deps.copyIn,
      maxRows: deps.limits?.maxRows ?? AUDIENCE_MAX_ROWS,
      queueMerge,
    }),
    list: createListAudiences({
      repo,
      access,
      companyOfUser: async (userId) => (await personContact(userId))?.companyId ?? null,
      describe,
    }),
    remove: createDeleteAudience({ repo, access, campaignLabels: deps.campaignLabels }),
  });
  const handlers: JobHandler[] = [mergeAudienceHandler(mergeAudience, repo)];
  return {
    routes: [audienceRoutes({ service, maxFileBytes: deps.limits?.maxFileBytes ?? AUDIENCE_MAX_FILE_BYTES })],
    handlers,
    /** For the ad-campaigns module: audiences of a company or campaign, their keys, attach / detach. */
    campaignAudiences: createCampaignAudiences({ repo }),
    /** Tests and the job: stores an uploaded audience's keys now. */
    mergeAudience,
  };
}

export type AdAudiencesModule = ReturnType<typeof createAdAudiencesModule>;
