import type { JobHandler } from '../../jobs/define-job.js';
import {
  createStagedMergeRunner,
  defineStagedMergeJob,
  stagedMergeHandler,
} from '../../lib/key-uploads/index.js';
import { type AudienceRepository, STAGED_KEYS_LOST } from './audience-repository.js';

/*
 * Stores an uploaded audience's keys (decision 0114): the staged keys move into `ad_audience_keys`
 * in ranges with the shared runner (`lib/key-uploads`, the exclusion lists' too), each range one
 * transaction that records the progress the audience list shows. The audience is `ready` when its
 * last range is in; a failure keeps none of its keys.
 */

export const mergeAudienceJob = defineStagedMergeJob('ad-audiences.store-keys');

/** Keys per transaction: a million-row audience reports its progress in ten steps. */
export const AUDIENCE_MERGE_RANGE = 100_000;

export function createMergeAudience(deps: {
  repo: AudienceRepository;
  log: (message: string, detail?: unknown) => void;
  range?: number;
}) {
  return createStagedMergeRunner({
    store: deps.repo,
    label: 'audience',
    log: deps.log,
    range: deps.range ?? AUDIENCE_MERGE_RANGE,
    parallel: 2,
    lostText: STAGED_KEYS_LOST,
  });
}

export function mergeAudienceHandler(
  mergeAudience: (audienceId: number) => Promise<void>,
  repo: Pick<AudienceRepository, 'finish'>,
): JobHandler<typeof mergeAudienceJob.payload> {
  return stagedMergeHandler(
    mergeAudienceJob,
    mergeAudience,
    (id, outcome) => repo.finish(id, outcome),
    "The audience's keys could not be stored.",
  );
}
