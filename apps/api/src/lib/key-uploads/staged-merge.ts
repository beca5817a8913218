import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';

/*
 * Moves an upload's staged keys (COPYed in by the request, numbered 1, 2, … as `seq`) into their
 * destination in ranges, two at a time, each range one transaction that also records the progress
 * (keys moved so far) and which range it was. Shared by the exclusion lists (decision 0092) and the
 * ad platform's audiences (decision 0114); each owner supplies the statements over its own tables
 * (`StagedMergeStore`). Any worker may run it: the rows are in the database. A worker that dies
 * mid-way leaves a lease that runs out; the job's retry (or the next kick) takes the upload over,
 * skipping the ranges already committed.
 */

/** The staging table is unlogged: a database crash empties it, and a range then comes back short. */
export class StagedRowsLostError extends Error {
  constructor(readonly uploadId: number) {
    super(`upload ${uploadId}: staged rows are missing`);
  }
}

/** Another worker holds the upload (a live lease): the job is tried again later. */
export class UploadBusyError extends Error {}

/** What the runner reads of an upload it claimed. */
export interface StagedUpload {
  id: number;
  accepted_rows: number;
  merged_rows: number;
  merged_ranges: number[];
}

export type MergeOutcome = { status: 'done' } | { status: 'failed'; error: string };

/** The owner's statements over its own tables. */
export interface StagedMergeStore<U extends StagedUpload> {
  /** Takes the upload to merge (waiting, or processing with its lease out); null otherwise. */
  claim(id: number): Promise<U | null>;
  /** Whether another worker is merging it now. */
  busy(id: number): Promise<boolean>;
  /** Moves staged keys `seq` in (from, to] in one transaction; false when the upload went meanwhile. */
  mergeRange(upload: U, from: number, to: number): Promise<boolean>;
  finish(id: number, outcome: MergeOutcome): Promise<void>;
}

export interface MergeOptions {
  /** Keys per transaction (tests pass a small one to see the steps). */
  range?: number;
  /** Ranges at once (tests that act between ranges pass 1). */
  parallel?: number;
  /** Called with the keys merged so far after each committed range, no transaction open. */
  afterRange?: (merged: number) => Promise<void>;
}

export function createStagedMergeRunner<U extends StagedUpload>(deps: {
  store: StagedMergeStore<U>;
  /** What the log calls these uploads, e.g. 'exclusion upload'. */
  label: string;
  log: (message: string, detail?: unknown) => void;
  range: number;
  parallel: number;
  /** The error a failed upload keeps when its staged rows were lost. */
  lostText: string;
}) {
  const { store } = deps;
  return async function mergeUpload(uploadId: number, options: MergeOptions = {}): Promise<void> {
    const range = options.range ?? deps.range;
    const upload = await store.claim(uploadId);
    if (!upload) {
      // Another worker holds it (a live lease): the job is tried again later; finished or gone:
      // nothing is left to do.
      if (await store.busy(uploadId)) throw new UploadBusyError(`${deps.label} ${uploadId} is being merged`);
      return;
    }
    // The ranges not yet in (a resumed merge skips those a dead worker committed).
    const merged = new Set(upload.merged_ranges);
    const todo: number[] = [];
    for (let from = 0; from < upload.accepted_rows; from += range) if (!merged.has(from)) todo.push(from);
    let mergedRows = upload.merged_rows;
    let gone = false;
    let stopped = false;
    const lane = async () => {
      try {
        for (let from = todo.shift(); from !== undefined && !stopped; from = todo.shift()) {
          const to = Math.min(from + range, upload.accepted_rows);
          if (!(await store.mergeRange(upload, from, to))) {
            gone = stopped = true;
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
      const lanes = Math.max(1, Math.min(options.parallel ?? deps.parallel, todo.length));
      // Every lane runs to its end before a failure is reported: no range is left mid-way.
      const outcomes = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
      if (!gone) await store.finish(uploadId, { status: 'done' });
    } catch (err) {
      deps.log(`${deps.label} merge failed`, { uploadId, error: String(err) });
      if (err instanceof StagedRowsLostError) {
        await store.finish(uploadId, { status: 'failed', error: deps.lostText });
        return;
      }
      throw err;
    }
  };
}

/** A merge job's payload: the upload's id. */
const stagedMergePayload = z.object({ uploadId: z.number().int() });
export type StagedMergeJob = ReturnType<typeof defineStagedMergeJob>;
export const defineStagedMergeJob = (name: string) =>
  defineJob({
    name,
    payload: stagedMergePayload,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 15 * 60,
  });

/** The job runs the merge; out of retries the upload is failed (its staged rows go) rather than left spinning. */
export function stagedMergeHandler(
  spec: StagedMergeJob,
  mergeUpload: (uploadId: number) => Promise<void>,
  finish: (id: number, outcome: MergeOutcome) => Promise<void>,
  failedText: string,
): JobHandler<typeof stagedMergePayload> {
  return {
    spec,
    async handle({ uploadId }, context) {
      try {
        await mergeUpload(uploadId);
      } catch (err) {
        if (context.isLastAttempt && !(err instanceof UploadBusyError))
          await finish(uploadId, { status: 'failed', error: failedText });
        throw err;
      }
    },
  };
}
