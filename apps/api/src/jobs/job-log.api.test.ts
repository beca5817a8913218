import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cloneTestDatabase } from '../../test/test-database.js';
import { createProcessLog } from '../lib/process-log.js';
import { defineJob } from './define-job.js';
import { createDrainLoop } from './drain-loop.js';
import { type JobQueue, startJobQueue } from './job-queue.js';

const failingJob = defineJob({
  name: 'test.fails-once',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  retryDelaySeconds: 1,
});

const lines: Record<string, unknown>[] = [];
const failed: string[] = [];
const log = createProcessLog();
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let queue: JobQueue;
let logger: ReturnType<typeof Fastify>;

beforeAll(async () => {
  database = await cloneTestDatabase();
  // A pino logger like the app's, writing its lines here.
  logger = Fastify({
    logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
  });
  log.useRoot(logger.log);
  queue = await startJobQueue(database, [failingJob], {
    pollingIntervalSeconds: 0.5,
    log,
    onJobFailed: (job) => failed.push(job),
  });
  await queue.work([
    {
      spec: failingJob,
      async handle({ n }) {
        // As a module logs: through the process log, knowing nothing of the job.
        await Promise.resolve();
        log.warn('working on it', { n });
        throw new Error(`failure ${n}`);
      },
    },
  ]);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await logger?.close();
  await database?.dispose();
});

describe("a job's log lines", () => {
  it("carry the job's id and name, and its failure is logged and counted", async () => {
    const id = await queue.enqueue(failingJob, { n: 7 });
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'job failed')).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    expect(lines.find((l) => l.msg === 'working on it')).toMatchObject({
      level: 40,
      jobId: id,
      job: 'test.fails-once',
      detail: { n: 7 },
    });
    expect(lines.find((l) => l.msg === 'job failed')).toMatchObject({
      level: 50,
      jobId: id,
      job: 'test.fails-once',
      err: { message: 'failure 7' },
    });
    expect(failed).toEqual(['test.fails-once']);
    // Outside a job the same log writes the process's own lines, with no job id.
    log.warn('between jobs');
    expect(lines.find((l) => l.msg === 'between jobs')).not.toHaveProperty('jobId');
  });
});

describe("a drain loop's batches (decision 0122)", () => {
  it("carry the loop's name and an id per batch, on the lines of the batch's code and of its failure", async () => {
    let batches = 0;
    const loop = createDrainLoop({
      settings: { lanes: 1, batchSize: 10, gatherMs: 1, idlePollMs: 60_000 },
      async step() {
        batches += 1;
        if (batches > 2) return 0;
        await Promise.resolve();
        log.warn('batch work', { batch: batches });
        if (batches === 2) throw new Error('the second batch fails');
        return 3;
      },
      onError: (err) => log.warn('batch failed', String(err)),
      around: (batch) => log.inBatch('test.loop', batch),
    });
    loop.start();
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'batch failed')).toBe(true), {
      timeout: 30_000,
      interval: 20,
    });
    await loop.stop();
    const work = lines.filter((l) => l.msg === 'batch work');
    const failure = lines.find((l) => l.msg === 'batch failed');
    expect(work).toHaveLength(2);
    for (const line of [...work, failure]) expect(line).toMatchObject({ loop: 'test.loop' });
    expect(work[0]?.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(work[1]?.batchId).not.toBe(work[0]?.batchId);
    // The failure is told inside its batch: the same id as the failed batch's own lines.
    expect(failure?.batchId).toBe(work[1]?.batchId);
  });
});
