/** Spec 1 §5, spec 2 §9: autocomplete searches start at 3 typed characters, after a 300 ms wait. */
export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_DELAY_MS = 300;

export interface DebouncedSearchOptions<T> {
  /** Runs the search; the signal aborts when newer input makes the answer useless. */
  search: (text: string, signal: AbortSignal) => Promise<T>;
  /** The answer for `text`, or null when the input is too short (suggestions are cleared). */
  onResult: (result: T | null, text: string) => void;
  /** True while a search is waiting or running. */
  onPending?: (pending: boolean) => void;
  minChars?: number;
  delayMs?: number;
}

export interface DebouncedSearch {
  /** The field's current text. */
  input(text: string): void;
  /** Stops the pending search and ignores any answer still on its way (unmount). */
  cancel(): void;
}

/**
 * The timing core of the autocomplete hook, free of React so it can be tested with fake timers: each
 * input restarts the wait; only the last input's answer is delivered; failures are ignored silently
 * (spec 1 §8 "most other failures").
 */
export function createDebouncedSearch<T>(options: DebouncedSearchOptions<T>): DebouncedSearch {
  const minChars = options.minChars ?? AUTOCOMPLETE_MIN_CHARS;
  const delayMs = options.delayMs ?? AUTOCOMPLETE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  }

  return {
    input(raw) {
      stop();
      const text = raw.trim();
      if (text.length < minChars) {
        options.onPending?.(false);
        options.onResult(null, text);
        return;
      }
      options.onPending?.(true);
      timer = setTimeout(() => {
        timer = null;
        const current = new AbortController();
        controller = current;
        options
          .search(text, current.signal)
          .then((result) => {
            if (!current.signal.aborted) options.onResult(result, text);
          })
          .catch(() => undefined)
          .finally(() => {
            if (controller === current) {
              controller = null;
              options.onPending?.(false);
            }
          });
      }, delayMs);
    },
    cancel: stop,
  };
}
