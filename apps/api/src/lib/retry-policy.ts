import { ExponentialBackoff, halfJitterGenerator, type IBackoff } from 'cockatiel';

/**
 * The product's one retry schedule for work that is retried later rather than in a loop (a lead's
 * deliveries): exponential back-off with jitter from cockatiel, so that many failures at one moment
 * (an endpoint that went down) are not all retried at the same moment again. Half jitter keeps each
 * delay between half and all of its exponential step: never much sooner than planned.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included; after the last failed one the work is given up. */
  maxAttempts: number;
  /** How long to wait after attempt `attempt` (1-based) failed. */
  delayMs(attempt: number): number;
}

export function retryPolicy(options: {
  initialDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}): RetryPolicy {
  const factory = new ExponentialBackoff({
    generator: halfJitterGenerator,
    initialDelay: options.initialDelayMs,
    maxDelay: options.maxDelayMs,
  });
  return {
    maxAttempts: options.maxAttempts,
    delayMs(attempt) {
      // cockatiel's back-offs are chains (each step from the one before): walk to this attempt's.
      let step: IBackoff<unknown> = factory.next();
      for (let i = 1; i < attempt; i++) step = step.next(undefined);
      return Math.round(step.duration);
    },
  };
}

/**
 * Lead deliveries, to e-mail and to integrations: 30 s, then about 1, 2, 4 … minutes up to 2 hours
 * between attempts, ten attempts in all (about four hours) before a delivery is given up.
 */
export const DELIVERY_RETRY = retryPolicy({
  initialDelayMs: 30_000,
  maxDelayMs: 2 * 60 * 60_000,
  maxAttempts: 10,
});
