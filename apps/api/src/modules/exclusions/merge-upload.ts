import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import { type ExclusionRepository, STAGED_ROWS_LOST, StagedRowsLostError } from './exclusion-repository.js';

/*
 * The exclusion job (spec 2 §3 "Exclusion (suppression) job", decision 0092): moves an upload's
 * staged keys into its list in ranges of `MERGE_RANGE`, two at a time, each range one transaction
 * that also records the progress (current row = keys merged so far) and which range it was. Any
 * worker may run it: the rows are in the database. A worker that dies mid-way leaves a lease that
 * runs out; the job's retry (or the next upload's kick) takes the upload over, skipping the ranges
 * already committed. Suppression applies from each range's commit; the upload is `done` when its
 * last range is in.
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
/**
 * Ranges merged at once, each on its own connection: a million keys took 10.5 s one range after
 * the other and 6.4 s two at a time on 2 cores (the inserts into the list's two indexes are the work).
 */
export const MERGE_PARALLEL = 2;

export class UploadBusyError extends Error {}

export interface MergeOptions {
  /** Keys per transaction (tests pass a small one to see the steps). */
  range?: number;
  /** Ranges at once (tests that act between ranges pass 1). */
  parallel?: number;
  /** Called with the keys merged so far after each committed range, no transaction open. */
  afterRange?: (merged: number) => Promise<void>;
}

export function createMergeRunner(deps: {
  repo: ExclusionRepository;
  log: (message: string, detail?: unknown) => void;
  range?: number;
}) {
  return async function mergeUpload(uploadId: number, options: MergeOptions = {}): Promise<void> {
    const range = options.range ?? deps.range ?? MERGE_RANGE;
    const upload = await deps.repo.claim(uploadId);
    if (!upload) {
      // Another worker holds it (a live lease): the job is tried again later; done, failed or
      // purged: nothing is left to do.
      if ((await deps.repo.status(uploadId)) === 'processing')
        throw new UploadBusyError(`upload ${uploadId} is being merged`);
      return;
    }
    // The ranges not yet in (a resumed merge skips those a dead worker committed).
    const merged = new Set(upload.merged_ranges);
    const todo: number[] = [];
    for (let from = 0; from < upload.accepted_rows; from += range) if (!merged.has(from)) todo.push(from);
    let mergedRows = upload.merged_rows;
    let purged = false;
    let stopped = false;
    const lane = async () => {
      try {
        for (let from = todo.shift(); from !== undefined && !stopped; from = todo.shift()) {
          const to = Math.min(from + range, upload.accepted_rows);
          if (!(await deps.repo.mergeRange(upload, from, to))) {
            purged = stopped = true;
            return;
          }
          mergedRows += to - from;
          await options.afterRange?.(mergedRows);
        }
      } catch (err) {
        // The other lane stops after its range in flight.
        stopped = true;
        throw err;
      }
    };
    try {
      const lanes = Math.max(1, Math.min(options.parallel ?? MERGE_PARALLEL, todo.length));
      // Every lane runs to its end before a failure is reported: no range is left mid-way.
      const outcomes = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
      if (!purged) await deps.repo.finish(uploadId, { status: 'done' });
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
