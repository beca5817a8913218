import type { JobHandler } from '../../jobs/define-job.js';
import {
  createStagedMergeRunner,
  defineStagedMergeJob,
  stagedMergeHandler,
} from '../../lib/key-uploads/index.js';
import { type ExclusionRepository, STAGED_ROWS_LOST } from './exclusion-repository.js';

/*
 * The exclusion job (spec 2 §3 "Exclusion (suppression) job", decision 0092): moves an upload's
 * staged keys into its list in ranges of `MERGE_RANGE`, two at a time, with the shared runner
 * (`lib/key-uploads`, which the ad platform's audiences use too). Suppression applies from each
 * range's commit; the upload is `done` when its last range is in.
 */

export const mergeExclusionUploadJob = defineStagedMergeJob('exclusions.merge-upload');

/** Keys per merge transaction: 10,000 rows are one step; a million, ten progress steps. */
export const MERGE_RANGE = 100_000;
/**
 * Ranges merged at once, each on its own connection: a million keys took 10.5 s one range after
 * the other and 6.4 s two at a time on 2 cores (the inserts into the list's two indexes are the work).
 */
export const MERGE_PARALLEL = 2;

export function createMergeRunner(deps: {
  repo: ExclusionRepository;
  log: (message: string, detail?: unknown) => void;
  range?: number;
}) {
  const { repo } = deps;
  return createStagedMergeRunner({
    store: {
      claim: (id) => repo.claim(id),
      // Done, failed or purged: nothing is left to do; processing with a live lease: busy.
      busy: async (id) => (await repo.status(id)) === 'processing',
      mergeRange: (upload, from, to) => repo.mergeRange(upload, from, to),
      finish: (id, outcome) => repo.finish(id, outcome),
    },
    label: 'exclusion upload',
    log: deps.log,
    range: deps.range ?? MERGE_RANGE,
    parallel: MERGE_PARALLEL,
    lostText: STAGED_ROWS_LOST,
  });
}

export function mergeUploadHandler(
  mergeUpload: (uploadId: number) => Promise<void>,
  repo: Pick<ExclusionRepository, 'finish'>,
): JobHandler<typeof mergeExclusionUploadJob.payload> {
  return stagedMergeHandler(
    mergeExclusionUploadJob,
    mergeUpload,
    (id, outcome) => repo.finish(id, outcome),
    'The list could not be updated.',
  );
}
