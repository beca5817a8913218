import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import { type ExclusionRepository, STAGED_ROWS_LOST, StagedRowsLostError } from './exclusion-repository.js';

/*
 * The exclusion job (spec 2 §3 "Exclusion (suppression) job", decision 0092): moves an upload's
 * staged keys into its list in ranges of `MERGE_RANGE`, each range one transaction that also
 * records the progress (current row = keys merged so far). Any worker may run it: the rows are in
 * the database. A worker that dies mid-way leaves a lease that runs out; the job's retry (or the
 * next upload's kick) takes the upload over from the last committed range. Suppression applies from
 * each range's commit; the upload is `done` when its last range is in.
 */

export const mergeExclusionUploadJob = defineJob({
  name: 'exclusions.merge-upload',
  payload: z.object({ uploadId: z.number().int() }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
});

/** Keys per merge transaction: 10,000 rows are one step; a million, ten progress steps. */
export const MERGE_RANGE = 100_000;

export class UploadBusyError extends Error {}

export function createMergeRunner(deps: {
  repo: ExclusionRepository;
  log: (message: string, detail?: unknown) => void;
  range?: number;
}) {
  /**
   * `range`: keys per transaction (tests pass a small one to see the steps); `afterRange`: called
   * with the keys merged so far after each committed range, no transaction open (tests act there).
   */
  return async function mergeUpload(
    uploadId: number,
    range = deps.range ?? MERGE_RANGE,
    afterRange?: (merged: number) => Promise<void>,
  ): Promise<void> {
    const upload = await deps.repo.claim(uploadId);
    if (!upload) {
      // Another worker holds it (a live lease): the job is tried again later; done, failed or
      // purged: nothing is left to do.
      if ((await deps.repo.status(uploadId)) === 'processing')
        throw new UploadBusyError(`upload ${uploadId} is being merged`);
      return;
    }
    try {
      for (let from = upload.merged_rows; from < upload.accepted_rows; from += range) {
        const to = Math.min(from + range, upload.accepted_rows);
        if (!(await deps.repo.mergeRange(upload, from, to))) return; // purged meanwhile
        await afterRange?.(to);
      }
      await deps.repo.finish(uploadId, { status: 'done' });
    } catch (err) {
      deps.log('exclusion upload merge failed', { uploadId, error: String(err) });
      if (err instanceof StagedRowsLostError) {
        await deps.repo.finish(uploadId, { status: 'failed', error: STAGED_ROWS_LOST });
        return;
      }
      throw err;
    }
  };
}

export function mergeUploadHandler(
  mergeUpload: (uploadId: number) => Promise<void>,
  repo: Pick<ExclusionRepository, 'finish'>,
): JobHandler<typeof mergeExclusionUploadJob.payload> {
  return {
    spec: mergeExclusionUploadJob,
    async handle({ uploadId }, context) {
      try {
        await mergeUpload(uploadId);
      } catch (err) {
        // Out of retries: the upload is failed (its staged rows go) rather than left spinning.
        if (context.isLastAttempt && !(err instanceof UploadBusyError))
          await repo.finish(uploadId, { status: 'failed', error: 'The list could not be updated.' });
        throw err;
      }
    },
  };
}
