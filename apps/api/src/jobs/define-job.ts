import type { z } from 'zod';

/**
 * What a job is: a name, a Zod payload and its retry policy. Importable anywhere, so code that
 * only enqueues does not depend on what the handler needs.
 */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A recurring job: pg-boss's cron (minute resolution) queues it, and at most one run is queued and
   * one active at a time (the queue's `stately` policy), however many workers or schedules there are.
   */
  recurring?: { cron: string };
  /**
   * How long a run may stay active before the queue takes it for dead (its worker killed) and fails
   * it, so another run may start: a stately queue starts no run while one is active. pg-boss's
   * default, 15 minutes, when absent. A run still working at this age is failed as well (its work
   * goes on; a second run may start beside it), so it must exceed the longest live run.
   */
  expireInSeconds?: number;
}

export interface JobContext {
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when a failure now will not be retried. */
  isLastAttempt: boolean;
}

/** How the worker runs a job. Handlers are idempotent: a job may run more than once. */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  spec: JobSpec<S>;
  handle(payload: z.infer<S>, context: JobContext): Promise<void>;
}

export const defineJob = <S extends z.ZodType>(spec: JobSpec<S>): JobSpec<S> => spec;
