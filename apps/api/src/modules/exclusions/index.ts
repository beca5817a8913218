import type { CopyIn, Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CampaignCounts } from '../campaigns/index.js';
import type { CompanyReads, ScopeService } from '../tenancy/index.js';
import { personNamesOf } from '../users/index.js';
import { createExclusionRepository } from './exclusion-repository.js';
import { exclusionRoutes } from './exclusion-routes.js';
import { createExclusionService } from './exclusion-service.js';
import { createListTargets } from './list-target.js';
import { createMergeRunner, mergeExclusionUploadJob, mergeUploadHandler } from './merge-upload.js';
import { createUploadReceiver } from './receive-upload.js';

export { listedKeys } from './exclusion-repository.js';
export type { ExclusionService } from './exclusion-service.js';
export { MERGE_RANGE, mergeExclusionUploadJob } from './merge-upload.js';
export { NOTHING_USABLE, PURGED_WHILE_UPLOADING } from './receive-upload.js';

/**
 * Exclusion (suppression) lists (issue 22, decision 0092): the owner of `suppression_entries` and
 * of the uploads that fill it. An upload is streamed into the database with COPY and merged by a
 * queued job; the lead pipeline reads the entries through `listedKeys`.
 */
export function createExclusionsModule(deps: {
  db: Database;
  copyIn: CopyIn;
  queue: Pick<JobQueue, 'enqueue'>;
  companies: Pick<CompanyReads, 'company'>;
  campaigns: Pick<CampaignCounts, 'byIds'>;
  inScope: ScopeService['inScope'];
  /** This process runs jobs: it starts an upload's merge at once instead of waiting for a poll. */
  mergeHere: boolean;
  log: (message: string, detail?: unknown) => void;
  /** Tests: keys per merge transaction. */
  mergeRange?: number;
}) {
  const repo = createExclusionRepository(deps.db);
  const targets = createListTargets(deps);
  const mergeUpload = createMergeRunner({ repo, log: deps.log, range: deps.mergeRange });
  const queueMerge = async (uploadId: number) => {
    await deps.queue.enqueue(mergeExclusionUploadJob, { uploadId });
    // The queued job is the durable path; here the merge starts now (the job then finds it done,
    // or takes it over if this process dies mid-way).
    if (deps.mergeHere)
      void mergeUpload(uploadId).catch((err) =>
        deps.log('exclusion upload merge will be retried', String(err)),
      );
  };
  const service = createExclusionService({ repo, targets, personNames: personNamesOf(deps.db) });
  const receive = createUploadReceiver({ repo, targets, copyIn: deps.copyIn, queueMerge });
  const handlers: JobHandler[] = [mergeUploadHandler(mergeUpload, repo)];
  return {
    routes: [exclusionRoutes({ service, receive })],
    handlers,
    exclusions: { service, mergeUpload },
  };
}
