import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_DELAY_MS, createDebouncedSearch } from './debounced-search';

function harness() {
  const searches: string[] = [];
  const results: Array<[string[] | null, string]> = [];
  const pending: boolean[] = [];
  const core = createDebouncedSearch<string[]>({
    search: async (text) => {
      searches.push(text);
      return [`${text}-1`];
    },
    onResult: (result, text) => results.push([result, text]),
    onPending: (value) => pending.push(value),
  });
  return { core, searches, results, pending };
}

describe('createDebouncedSearch (autocomplete: 3 characters, 300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not search below 3 characters, and clears the suggestions', async () => {
    const h = harness();
    h.core.input('ab');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.searches).toEqual([]);
    expect(h.results).toEqual([[null, 'ab']]);
  });

  it('searches 300 ms after the last keystroke, not before', async () => {
    const h = harness();
    h.core.input('aus');
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS - 1);
    expect(h.searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.searches).toEqual(['aus']);
    expect(h.results).toEqual([[['aus-1'], 'aus']]);
    expect(h.pending).toEqual([true, false]);
  });

  it('restarts the wait on every keystroke and searches once for the last text', async () => {
    const h = harness();
    h.core.input('aus');
    await vi.advanceTimersByTimeAsync(200);
    h.core.input('aust');
    await vi.advanceTimersByTimeAsync(200);
    h.core.input('austi');
    await vi.advanceTimersByTimeAsync(299);
    expect(h.searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.searches).toEqual(['austi']);
  });

  it('trims the text, and dropping below 3 characters cancels a pending search', async () => {
    const h = harness();
    h.core.input('  aus  ');
    h.core.input('au');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.searches).toEqual([]);
    h.core.input(' aus ');
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS);
    expect(h.searches).toEqual(['aus']);
  });

  it('drops the answer of a search overtaken by newer input, and ignores failures', async () => {
    let resolveFirst: (value: string[]) => void = () => {};
    const results: string[] = [];
    const core = createDebouncedSearch<string[]>({
      search: (text) =>
        text === 'slow'
          ? new Promise((resolve) => {
              resolveFirst = resolve;
            })
          : Promise.reject(new Error('down')),
      onResult: (result, text) => results.push(`${text}:${result?.join(',') ?? 'none'}`),
    });
    core.input('slow');
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS);
    core.input('fails');
    resolveFirst(['late']);
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS);
    expect(results).toEqual([]);
  });

  it('cancel stops a waiting search', async () => {
    const h = harness();
    h.core.input('aus');
    h.core.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.searches).toEqual([]);
  });
});
