import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, loadWithTimeout } from './load-with-timeout';

afterEach(() => vi.useRealTimers());

describe('loadWithTimeout', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(loadWithTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('passes a failed load through', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new Error('chunk 404')))).rejects.toThrow('chunk 404');
  });

  it('fails after 120 seconds', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
