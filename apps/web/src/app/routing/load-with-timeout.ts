/** Spec 1 §9: a lazily loaded page that has not arrived after 120 seconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Page code did not load within ${ms / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * Races a dynamic import against the time-out. A rejected (or timed-out) load throws inside the router's
 * `lazy`, so the route's errorElement (the generic error page with Retry) takes over.
 */
export function loadWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
